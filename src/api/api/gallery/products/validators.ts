import { z } from "@medusajs/framework/zod"
import { ARTWORK_TYPES } from "../../../../modules/organization/models/artist-product"

export const GALLERY_PRODUCTS_DEFAULT_LIMIT = 20
export const GALLERY_PRODUCTS_MAX_PAGE = 100

const price = z.coerce.number().finite().min(0)

/** GET /api/gallery/products query. Unknown parameters are refused (Medusa's strict query validation). */
export const GalleryProductsQuery = z
  .object({
    org_id: z.string().trim().min(1).optional(),
    product_type: z.enum(ARTWORK_TYPES).optional(),
    price_min: price.optional(),
    price_max: price.optional(),
    q: z.string().trim().max(200).optional(),
    sort: z.enum(["newest", "oldest", "price_asc", "price_desc", "name"]).default("newest"),
    limit: z.coerce.number().int().min(1).max(GALLERY_PRODUCTS_MAX_PAGE).default(GALLERY_PRODUCTS_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((query) => query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max, {
    message: "price_min must not be greater than price_max",
    path: ["price_min"],
  })
export type GalleryProductsQuery = z.infer<typeof GalleryProductsQuery>
