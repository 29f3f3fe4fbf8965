import type { ArtworkType } from "../lib/artwork-types"
import {
  GALLERY_PRODUCTS_BY_IDS_SQL,
  galleryProductsQuery,
  type GalleryProductFilters,
  type GalleryProductRow,
  type GalleryProductSort,
} from "./medusa/products"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

export type { GalleryProductFilters, GalleryProductSort }

/**
 * The gallery's view of a product (spec part 2, "Product as embedded in gallery responses"), read for
 * many products in ONE SQL round trip: Medusa product + default variant (price, SKU, stock) + images +
 * the artist_product row + its organization. Hot path (public product list, cart, checkout). Which variant,
 * price and stock count is said, with the SQL over Medusa's tables, in medusa/products.ts.
 */
export type GalleryProduct = {
  id: string
  name: string
  handle: string
  price: number | null
  images: string[]
  org_id: string
  organizations: { name: string; slug: string }
  sku: string | null
  inventory: number | null
  /** Medusa status `published`, not archived by the artist, not deleted. */
  is_active: boolean
  gallery_eligible: boolean
  product_type: ArtworkType
  featured: boolean
  /** Not part of the embedded view: the organization's gallery approval (eligibility rule 3). */
  org_gallery_approved: boolean
  /** Not part of the embedded view: the default variant (what a cart line sells). */
  variant_id: string | null
  created_at: Date
}

export type GalleryProductList = { products: GalleryProduct[]; count: number }

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === "number" ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

function toView(row: GalleryProductRow): GalleryProduct {
  const inventory = row.variant_id && row.manage_inventory === false ? null : (toNumber(row.inventory) ?? 0)
  return {
    id: row.id,
    name: row.title,
    handle: row.handle,
    price: toNumber(row.price),
    images: row.images ?? [],
    org_id: row.org_id,
    organizations: { name: row.org_name, slug: row.org_slug },
    sku: row.sku,
    inventory: row.variant_id ? inventory : 0,
    is_active: row.status === "published" && row.artist_archived_at === null,
    gallery_eligible: row.gallery_eligible,
    product_type: row.product_type,
    featured: row.featured,
    org_gallery_approved: row.org_gallery_approved,
    variant_id: row.variant_id,
    created_at: row.created_at,
  }
}

/** The gallery view of products matching `filters`, a page of them and the total count, in one query. */
export async function listGalleryProducts(
  source: PgSource,
  filters: GalleryProductFilters = {}
): Promise<GalleryProductList> {
  if (filters.ids && filters.ids.length === 0) return { products: [], count: 0 }
  const knex = toKnex(source)
  const { sql, bindings } = galleryProductsQuery(filters)
  // Named prepared statement (pg.ts): planning this query costs more than running it on a page of rows. The text
  // depends only on which filters are present (values are bindings), so the names stay few.
  const result = await runPrepared(knex, preparedStatement("products_list", sql), bindings)
  const rows = (result.rows ?? []) as GalleryProductRow[]
  // Always at least one row (the total), with null product columns when the page is empty.
  const count = rows.length ? Number(rows[0].total_count) : 0
  return { products: rows.filter((row) => row.id !== null).map(toView), count }
}

/**
 * listGalleryProducts({ids, limit: ids.length, sort: "oldest"}) as one lean named prepared statement (pg.ts):
 * planning was most of its cost (~1-9 ms against ~0.5 ms of execution).
 */
const BY_IDS = preparedStatement("products_by_ids", GALLERY_PRODUCTS_BY_IDS_SQL)

/** The gallery view of these products (any state; missing ids are absent), keyed by id. One query. */
export async function getGalleryProductsByIds(source: PgSource, ids: string[]): Promise<Map<string, GalleryProduct>> {
  const unique = [...new Set(ids.filter(Boolean))]
  const map = new Map<string, GalleryProduct>()
  if (!unique.length) return map
  const knex = toKnex(source)
  const result = await runPrepared(knex, BY_IDS, [unique, unique.length])
  for (const row of (result.rows ?? []) as GalleryProductRow[]) {
    const product = toView(row)
    map.set(product.id, product)
  }
  return map
}

/** Only the fields of the spec's embedded product (plus sku/inventory when asked), for responses. */
export function toEmbeddedGalleryProduct(product: GalleryProduct) {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    images: product.images,
    org_id: product.org_id,
    organizations: { name: product.organizations.name, slug: product.organizations.slug },
  }
}

export type GalleryEligibilityFailure = "not_gallery_eligible" | "organization_not_approved" | "not_active"

/** Which of the spec's eligibility rules a product breaks (empty = eligible). Pure. */
export function galleryEligibilityFailures(
  product: Pick<GalleryProduct, "is_active" | "gallery_eligible" | "org_gallery_approved">
): GalleryEligibilityFailure[] {
  const failures: GalleryEligibilityFailure[] = []
  if (!product.gallery_eligible) failures.push("not_gallery_eligible")
  if (!product.org_gallery_approved) failures.push("organization_not_approved")
  if (!product.is_active) failures.push("not_active")
  return failures
}

export function isGalleryEligible(
  product: Pick<GalleryProduct, "is_active" | "gallery_eligible" | "org_gallery_approved">
): boolean {
  return galleryEligibilityFailures(product).length === 0
}

/**
 * The spec's message for the first broken rule (cart add, collections): "Product not gallery eligible"
 * (flag off or organization not approved) before "Product not active"; null when eligible.
 */
export function galleryEligibilityError(
  product: Pick<GalleryProduct, "is_active" | "gallery_eligible" | "org_gallery_approved">
): string | null {
  const [first] = galleryEligibilityFailures(product)
  if (!first) return null
  return first === "not_active" ? "Product not active" : "Product not gallery eligible"
}
