import { z } from "@medusajs/framework/zod"
import { optionalText } from "../../../utils/validation"

/**
 * GET /api/gallery/collections query: `product_id` keeps the collections that show that product (a work's page
 * links them). Unknown parameters are refused (a typo would otherwise silently not filter).
 */
export const GalleryCollectionsQuery = z
  .object({
    product_id: optionalText(100, "product_id must be a string of at most 100 characters"),
  })
  .strict()
export type GalleryCollectionsQuery = z.infer<typeof GalleryCollectionsQuery>
