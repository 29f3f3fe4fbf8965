// Pure rules of the creator-dashboard product routes (/api/products): status vocabulary, slugs, limits, messages.
// See docs/products.md.

import { slugify } from "./slug"

/** The dashboard's product statuses (spec part 2, Product (creator routes)). */
export const DASHBOARD_PRODUCT_STATUSES = ["draft", "active", "archived"] as const
export type DashboardProductStatus = (typeof DASHBOARD_PRODUCT_STATUSES)[number]

/** Medusa's product statuses that Atelier writes. */
export type MedusaProductStatus = "draft" | "published"

export const PRODUCT_TITLE_MAX = 200
export const PRODUCT_DESCRIPTION_MAX = 10_000
export const PRODUCT_SLUG_MAX = 200
export const VARIANT_TITLE_MAX = 200
export const SKU_MAX = 100
export const IMAGE_URL_MAX = 2_000
export const IMAGES_MAX = 20
/** USD, major unit: 99,999,999.99 at most (prices are also limited to two decimals). */
export const PRICE_MAX = 99_999_999.99
export const QUANTITY_MAX = 1_000_000_000
export const PRODUCTS_DEFAULT_LIMIT = 20
export const PRODUCTS_MAX_LIMIT = 100

export const PRODUCT_MESSAGES = {
  notFound: "Product not found",
  forbidden: "You do not have access to this product",
  variantNotFound: "Variant not found",
  descriptionInvalid: `Description must be a string of at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  slugInvalid: `Slug must be lowercase letters and digits separated by hyphens (at most ${PRODUCT_SLUG_MAX} characters)`,
  statusInvalid: "Status must be one of draft, active, archived",
  productTypeInvalid: "product_type must be original or print",
  productTypeIdInvalid: "product_type_id must be a string of at most 100 characters",
  productTypeIdUnknown: "product_type_id does not name a product type",
  booleanInvalid: (field: string) => `${field} must be true or false`,
  priceInvalid: (field: string) =>
    `${field} must be a number from 0 to ${PRICE_MAX} with at most two decimals (USD, e.g. 34.99)`,
  skuInvalid: `SKU must be a string of at most ${SKU_MAX} characters`,
  variantTitleInvalid: `Variant title is required (a string of at most ${VARIANT_TITLE_MAX} characters)`,
  organizationIdInvalid: "org_id must be a string of at most 100 characters",
  limitInvalid: `limit must be a whole number from 1 to ${PRODUCTS_MAX_LIMIT}`,
  offsetInvalid: "offset must be a whole number of at least 0",
  searchInvalid: "search must be a string of at most 200 characters",
  publishWithoutPrice: "A product needs a price (base_price) before it can be published (status active)",
  slugTaken: (slug: string) => `Slug "${slug}" is already taken by another product`,
  skuTaken: (sku: string) => `SKU "${sku}" is already taken by another variant`,
  variantTitleTaken: (title: string) => `This product already has a variant titled "${title}"`,
  lastVariant: "A product needs at least one variant: its last variant cannot be deleted",
  unsetDefault: "A product has exactly one default variant: make another variant the default instead",
  noInventory: "This variant does not track inventory",
  noStockLocation: "No stock location is available for this organization's inventory",
  emptyUpdate: "Nothing to update: give at least one field",
} as const

/**
 * The dashboard status to Medusa's: `active` is Medusa `published`; `draft` and `archived` are Medusa `draft`
 * (so neither Medusa's store API nor the gallery lists them), `archived` also sets artist_product.archived_at.
 */
export function toMedusaStatus(status: DashboardProductStatus): { status: MedusaProductStatus; archived: boolean } {
  if (status === "active") return { status: "published", archived: false }
  return { status: "draft", archived: status === "archived" }
}

/**
 * Medusa's status (and the artist's archive mark) to the dashboard's: archived whenever archived_at is set;
 * active when published; anything else (draft, proposed, rejected) is a draft.
 */
export function fromMedusaStatus(status: string, archivedAt: Date | string | null | undefined): DashboardProductStatus {
  if (archivedAt) return "archived"
  return status === "published" ? "active" : "draft"
}

/** The slug a title yields ("Fjord, First Light!" -> "fjord-first-light"); "product" when nothing usable is left. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title).slice(0, PRODUCT_SLUG_MAX - 4).replace(/-+$/, "")
  return slug || "product"
}

/** Candidate slugs for a generated one, in order of preference: base, base-2, ..., base-`count`. */
export function slugCandidates(base: string, count = 20): string[] {
  return [base, ...Array.from({ length: count - 1 }, (_, i) => `${base}-${i + 2}`)]
}

/** A price of at most two decimals (34.99 yes, 34.999 no), tolerant of binary floating point. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6
}

export function isValidPrice(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= PRICE_MAX && hasAtMostTwoDecimals(value)
}

export function isValidQuantity(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= QUANTITY_MAX
}

/**
 * Variant ids in rank order after making `defaultId` the default: it first, the others keeping their order.
 * Ranks are then their positions (0 = default).
 */
export function rankWithDefault(orderedIds: string[], defaultId: string): string[] {
  return [defaultId, ...orderedIds.filter((id) => id !== defaultId)]
}

/** Variant ids in rank order after removing one (the next becomes the default when the default goes). */
export function rankWithout(orderedIds: string[], removedId: string): string[] {
  return orderedIds.filter((id) => id !== removedId)
}
