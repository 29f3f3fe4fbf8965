import { z } from "@medusajs/framework/zod"
import { ARTWORK_TYPES } from "../../../lib/artwork-types"
import {
  DASHBOARD_PRODUCT_STATUSES,
  isValidPrice,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_MESSAGES,
  PRODUCT_SLUG_MAX,
  PRODUCTS_DEFAULT_LIMIT,
  PRODUCTS_MAX_LIMIT,
  SKU_MAX,
  VARIANT_TITLE_MAX,
} from "../../../lib/dashboard-products"
import { InventorySchema, ProductImagesSchema, ProductPriceSchema, ProductTitleSchema } from "../../../lib/form-schemas"
import { isValidSlug } from "../../../lib/slug"
import { firstQueryValue, optionalText, text } from "../../utils/validation"

// Bodies of /api/products* (docs/products.md): strict types (a price is a JSON number, never "34.99"), bounded
// strings, unknown fields ignored (a client may send back a product it read). Every message names its field.

const organizationId = optionalText(100, PRODUCT_MESSAGES.organizationIdInvalid)
// Title, base price, inventory and images: the rules the dashboard's product form checks too (src/lib/form-schemas.ts).
const title = ProductTitleSchema
const slug = text(PRODUCT_SLUG_MAX, PRODUCT_MESSAGES.slugInvalid).refine(isValidSlug, { message: PRODUCT_MESSAGES.slugInvalid })
const description = optionalText(PRODUCT_DESCRIPTION_MAX, PRODUCT_MESSAGES.descriptionInvalid)
const status = z.enum(DASHBOARD_PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.statusInvalid })
const productType = z.enum(ARTWORK_TYPES, { error: PRODUCT_MESSAGES.productTypeInvalid })
const productTypeId = optionalText(100, PRODUCT_MESSAGES.productTypeIdInvalid)
const flag = (field: string) => z.boolean({ error: PRODUCT_MESSAGES.booleanInvalid(field) })
const price = (field: string) => z.unknown().refine(isValidPrice, { message: PRODUCT_MESSAGES.priceInvalid(field) }) as z.ZodType<number>
const quantity = InventorySchema
const sku = optionalText(SKU_MAX, PRODUCT_MESSAGES.skuInvalid)
const images = ProductImagesSchema

/**
 * POST /api/products. Both create forms of spec 4.2: `product_type` (original|print) with an optional base_price,
 * or `base_price` + `product_type_id` (a Medusa product type). Status defaults to draft; sku and inventory_quantity
 * describe the default variant.
 */
export const CreateProductBody = z.object({
  org_id: organizationId,
  title,
  slug: slug.optional(),
  description,
  status: status.default("draft"),
  featured: flag("featured").optional(),
  gallery_eligible: flag("gallery_eligible").optional(),
  product_type: productType.optional(),
  product_type_id: productTypeId,
  base_price: ProductPriceSchema.nullish(),
  product_images: images.optional(),
  sku,
  inventory_quantity: quantity.optional(),
})
export type CreateProductBody = z.output<typeof CreateProductBody>

/**
 * A field of a partial update: absent stays absent (undefined, so it is not changed), anything given is parsed by
 * `schema` (whose own transforms would otherwise turn "absent" into null, i.e. "clear it").
 */
function changed<S extends z.ZodType>(schema: S) {
  return z.unknown().transform((value, ctx): z.output<S> | undefined => {
    if (value === undefined) return undefined
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    const [issue] = parsed.error.issues
    ctx.addIssue({ code: "custom", message: issue?.message ?? "Invalid value", path: issue?.path ?? [] })
    return z.NEVER
  })
}

const UPDATABLE_PRODUCT_FIELDS = [
  "title",
  "slug",
  "description",
  "status",
  "featured",
  "gallery_eligible",
  "product_type",
  "product_type_id",
  "base_price",
  "product_images",
] as const

/**
 * PUT and PATCH /api/products/{id}: the fields to change (both are partial updates; at least one field). A null
 * description or product_type_id clears it; base_price cannot be removed.
 */
export const UpdateProductBody = z
  .object({
    org_id: organizationId,
    title: changed(title),
    slug: changed(slug),
    description: changed(description),
    status: changed(status),
    featured: changed(flag("featured")),
    gallery_eligible: changed(flag("gallery_eligible")),
    product_type: changed(productType),
    product_type_id: changed(productTypeId),
    base_price: changed(ProductPriceSchema),
    product_images: changed(images),
  })
  .refine((body) => UPDATABLE_PRODUCT_FIELDS.some((key) => body[key] !== undefined), {
    message: PRODUCT_MESSAGES.emptyUpdate,
  })
export type UpdateProductBody = z.output<typeof UpdateProductBody>

/** A whole number from a query string value ("20") or a number; null otherwise ("2.5", "x", "1e2", ""). */
function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null
  if (typeof value !== "string" || !/^\s*[0-9]+\s*$/.test(value)) return null
  const n = Number(value.trim())
  return Number.isSafeInteger(n) ? n : null
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "")

/**
 * GET /api/products query: `status` draft|active|archived (blank: all); `search` a substring of the title; `limit`
 * default 20, at least 1, a larger value than 100 served as 100; `offset` default 0 (past the end: no products, the
 * count still given). A repeated parameter uses its first value.
 */
export const ListProductsQuery = z.object({
  org_id: organizationId,
  status: z.unknown().transform((raw, ctx) => {
    const value = firstQueryValue(raw)
    if (isBlank(value)) return null
    const parsed = status.safeParse(typeof value === "string" ? value.trim().toLowerCase() : value)
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.statusInvalid })
      return z.NEVER
    }
    return parsed.data
  }),
  search: z.preprocess(firstQueryValue, optionalText(200, PRODUCT_MESSAGES.searchInvalid)),
  limit: z.unknown().transform((raw, ctx) => {
    const value = firstQueryValue(raw)
    if (isBlank(value)) return PRODUCTS_DEFAULT_LIMIT
    const n = wholeNumber(value)
    if (n === null || n < 1) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.limitInvalid })
      return z.NEVER
    }
    return Math.min(n, PRODUCTS_MAX_LIMIT)
  }),
  offset: z.unknown().transform((raw, ctx) => {
    const value = firstQueryValue(raw)
    if (isBlank(value)) return 0
    const n = wholeNumber(value)
    if (n === null) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.offsetInvalid })
      return z.NEVER
    }
    return n
  }),
})
export type ListProductsQuery = z.output<typeof ListProductsQuery>

/** `?org_id=` of the routes on one product (the organization is the product's; one given must match). */
export const ProductObjectQuery = z.object({ org_id: organizationId })

const variantTitle = text(VARIANT_TITLE_MAX, PRODUCT_MESSAGES.variantTitleInvalid)

/** POST /api/products/{id}/variants. */
export const CreateVariantBody = z.object({
  org_id: organizationId,
  title: variantTitle,
  price: price("price"),
  compare_at_price: price("compare_at_price").nullish(),
  inventory_quantity: quantity.optional(),
  sku,
  is_default: flag("is_default").optional(),
})
export type CreateVariantBody = z.output<typeof CreateVariantBody>

/** PUT /api/products/{id}/variants/{variantId}: the fields to change (at least one). */
export const UpdateVariantBody = z
  .object({
    org_id: organizationId,
    title: changed(variantTitle),
    price: changed(price("price")),
    compare_at_price: changed(price("compare_at_price").nullable()),
    inventory_quantity: changed(quantity),
    sku: changed(sku),
    is_default: changed(flag("is_default")),
  })
  .refine(
    (body) =>
      (["title", "price", "compare_at_price", "inventory_quantity", "sku", "is_default"] as const).some(
        (key) => body[key] !== undefined
      ),
    { message: PRODUCT_MESSAGES.emptyUpdate }
  )
export type UpdateVariantBody = z.output<typeof UpdateVariantBody>
