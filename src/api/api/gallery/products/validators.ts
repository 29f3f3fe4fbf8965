import { z } from "@medusajs/framework/zod"
import { ARTWORK_TYPES } from "../../../../modules/organization/models/artist-product"
import { optionalText } from "../../../utils/validation"

export const GALLERY_PRODUCTS_DEFAULT_LIMIT = 20
export const GALLERY_PRODUCTS_MAX_PAGE = 100

export const GALLERY_PRODUCTS_MESSAGES = {
  priceInvalid: (field: string) => `${field} must be a price in US dollars of 0 or more (e.g. 25 or 49.99)`,
} as const

const price = (field: string) => {
  const message = GALLERY_PRODUCTS_MESSAGES.priceInvalid(field)
  return z.coerce.number({ error: message }).refine((value) => Number.isFinite(value) && value >= 0, { message })
}

/** GET /api/gallery/products query. Unknown parameters are refused (a typo would otherwise silently not filter). */
export const GalleryProductsQuery = z
  .object({
    org_id: optionalText(100, "org_id must be a string of at most 100 characters"),
    product_type: z.enum(ARTWORK_TYPES).optional(),
    price_min: price("price_min").optional(),
    price_max: price("price_max").optional(),
    q: optionalText(200, "q must be a string of at most 200 characters"),
    sort: z.enum(["newest", "oldest", "price_asc", "price_desc", "name"]).default("newest"),
    limit: z.coerce.number().int().min(1).max(GALLERY_PRODUCTS_MAX_PAGE).default(GALLERY_PRODUCTS_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict()
  .refine((query) => query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max, {
    message: "price_min must not be greater than price_max",
    path: ["price_min"],
  })
export type GalleryProductsQuery = z.infer<typeof GalleryProductsQuery>
