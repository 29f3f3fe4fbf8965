import type { ArtworkType } from "../lib/artwork-types"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * The gallery's view of a product (spec part 2, "Product as embedded in gallery responses"), read for
 * many products in ONE SQL round trip: Medusa product + default variant (price, SKU, stock) + images +
 * the artist_product row + its organization. Hot path (public product list, cart, checkout).
 *
 * Default variant = lowest variant_rank, then oldest, then smallest id. Price = its USD price without
 * rules or price list (major unit, e.g. 34.99). Inventory = what can be sold now: for every inventory
 * item of the variant, sum over locations of stocked - reserved, divided by the required quantity; the
 * smallest of those (0 when a managed variant has no item, null when the variant does not manage stock).
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

export type GalleryProductSort = "newest" | "oldest" | "price_asc" | "price_desc" | "name"

export type GalleryProductFilters = {
  ids?: string[]
  /** The spec's three eligibility rules: is_active AND gallery_eligible AND organization approved. */
  eligibleOnly?: boolean
  org_id?: string
  product_type?: ArtworkType | string
  price_min?: number
  price_max?: number
  /** Case-insensitive substring of the title. */
  q?: string
  /** Default 20; at most 1000 here, or the number of `ids` (routes apply their own lower caps). */
  limit?: number
  offset?: number
  /** Default `newest`. */
  sort?: GalleryProductSort
}

export type GalleryProductList = { products: GalleryProduct[]; count: number }

export const GALLERY_PRODUCTS_MAX_LIMIT = 1000

const ORDER_BY: Record<GalleryProductSort, string> = {
  newest: "f.created_at DESC, f.id DESC",
  oldest: "f.created_at ASC, f.id ASC",
  price_asc: "f.price ASC NULLS LAST, f.id ASC",
  price_desc: "f.price DESC NULLS LAST, f.id ASC",
  name: "lower(f.title) ASC, f.id ASC",
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)
const toInt = (value: unknown, fallback: number) => (isNumber(value) ? Math.trunc(value) : fallback)

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === "number" ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

type Row = {
  id: string
  title: string
  handle: string
  status: string
  created_at: Date
  artist_archived_at: Date | null
  gallery_eligible: boolean
  product_type: ArtworkType
  featured: boolean
  org_id: string
  org_name: string
  org_slug: string
  org_gallery_approved: boolean
  variant_id: string | null
  sku: string | null
  manage_inventory: boolean | null
  price: string | number | null
  images: string[] | null
  inventory: string | number | null
  total_count: string | number
}

function toView(row: Row): GalleryProduct {
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

const VARIANT_COLUMNS = "dv.id AS variant_id, dv.sku, dv.manage_inventory, pr.amount AS price"

/** The product's default variant (`dv`) and that variant's plain USD price (`pr`). */
/** The default variant (lowest rank) of a product and its plain USD price: `dv` and `pr` (shared with analytics). */
export function defaultVariantJoins(productId: string): string {
  return `
  LEFT JOIN LATERAL (
    SELECT v.id, v.sku, v.manage_inventory
    FROM product_variant v
    WHERE v.product_id = ${productId} AND v.deleted_at IS NULL
    ORDER BY v.variant_rank ASC NULLS LAST, v.created_at ASC, v.id ASC
    LIMIT 1
  ) dv ON true
  LEFT JOIN LATERAL (
    SELECT pri.amount
    FROM product_variant_price_set pvps
    JOIN price pri ON pri.price_set_id = pvps.price_set_id AND pri.deleted_at IS NULL
    WHERE pvps.variant_id = dv.id AND pvps.deleted_at IS NULL
      AND pri.currency_code = 'usd' AND pri.price_list_id IS NULL AND coalesce(pri.rules_count, 0) = 0
      AND (pri.min_quantity IS NULL OR pri.min_quantity <= 1)
    ORDER BY pri.min_quantity ASC NULLS FIRST, pri.created_at ASC, pri.id ASC
    LIMIT 1
  ) pr ON true`
}

/** The product's image URLs in display order (never null). */
function imagesColumn(productId: string): string {
  return `(SELECT coalesce(array_agg(i.url ORDER BY i.rank ASC, i.created_at ASC, i.id ASC), '{}')
     FROM image i WHERE i.product_id = ${productId} AND i.deleted_at IS NULL) AS images`
}

/** What the variant can sell now (see GalleryProduct): null without inventory items. */
function inventoryColumn(variantId: string): string {
  return `(SELECT min(stock.available)
     FROM (
       SELECT floor(coalesce(sum(il.stocked_quantity - il.reserved_quantity), 0) / nullif(pvii.required_quantity, 0)) AS available
       FROM product_variant_inventory_item pvii
       JOIN inventory_item ii ON ii.id = pvii.inventory_item_id AND ii.deleted_at IS NULL
       LEFT JOIN inventory_level il ON il.inventory_item_id = ii.id AND il.deleted_at IS NULL
       WHERE pvii.variant_id = ${variantId} AND pvii.deleted_at IS NULL
       GROUP BY pvii.inventory_item_id, pvii.required_quantity
     ) stock) AS inventory`
}

/**
 * One statement. `filtered` (materialized once) applies the filters (joining the default variant's
 * price only when a price filter or price sort needs it); `total` counts it and `page` slices it;
 * default variant, price, images and stock are otherwise looked up for the rows of the page only. The
 * total is LEFT JOINed to the page so that a page past the end still carries the count (a
 * `count(*) over ()` would vanish with the rows). Uses the existing indexes: product_pkey (ids), the
 * link table's product_id index, artist_product_pkey, IDX_product_variant_product_id,
 * product_variant_price_set / product_variant_inventory_item variant_id indexes, IDX_price_price_set_id,
 * IDX_image_product_id, IDX_inventory_level_inventory_item_id.
 */
function buildQuery(filters: GalleryProductFilters): { sql: string; bindings: unknown[] } {
  const where: string[] = ["p.deleted_at IS NULL"]
  const bindings: unknown[] = []
  if (filters.ids) {
    where.push("p.id = ANY(?::text[])")
    bindings.push(filters.ids)
  }
  if (filters.eligibleOnly) {
    where.push("p.status = 'published'", "ap.archived_at IS NULL", "ap.gallery_eligible = true", "o.gallery_approved = true")
  }
  if (filters.org_id) {
    where.push("ap.organization_id = ?")
    bindings.push(filters.org_id)
  }
  if (filters.product_type) {
    where.push("ap.product_type = ?")
    bindings.push(filters.product_type)
  }
  if (filters.q && filters.q.trim()) {
    where.push("p.title ILIKE ? ESCAPE '\\'")
    bindings.push(`%${escapeLike(filters.q.trim())}%`)
  }
  const priceWhere: string[] = []
  if (isNumber(filters.price_min)) {
    priceWhere.push("pr.amount >= ?")
    bindings.push(filters.price_min)
  }
  if (isNumber(filters.price_max)) {
    priceWhere.push("pr.amount <= ?")
    bindings.push(filters.price_max)
  }
  // A list of ids bounds the result itself, so it may ask for more than the usual cap.
  const cap = filters.ids ? Math.max(GALLERY_PRODUCTS_MAX_LIMIT, filters.ids.length) : GALLERY_PRODUCTS_MAX_LIMIT
  const limit = Math.min(Math.max(toInt(filters.limit, 20), 0), cap)
  const offset = Math.max(toInt(filters.offset, 0), 0)
  const orderBy = ORDER_BY[filters.sort ?? "newest"] ?? ORDER_BY.newest
  bindings.push(limit, offset)

  // The default variant and its price are needed for every matching row only when the price filters or
  // sorting use them; otherwise they are looked up for the rows of the page alone.
  const priceFirst = priceWhere.length > 0 || orderBy.includes("f.price")
  const sql = `
WITH filtered AS (
  SELECT p.id, p.title, p.handle, p.status, p.created_at,
         ap.archived_at AS artist_archived_at, ap.gallery_eligible, ap.product_type, ap.featured,
         o.id AS org_id, o.name AS org_name, o.slug AS org_slug, o.gallery_approved AS org_gallery_approved${
           priceFirst ? `,\n         ${VARIANT_COLUMNS}` : ""
         }
  FROM product p
  JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
  JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
  JOIN organization o ON o.id = ap.organization_id AND o.deleted_at IS NULL${priceFirst ? defaultVariantJoins("p.id") : ""}
  WHERE ${where.join(" AND ")}${priceWhere.length ? ` AND ${priceWhere.join(" AND ")}` : ""}
),
page AS (
  SELECT * FROM filtered f ORDER BY ${orderBy} LIMIT ? OFFSET ?
),
total AS (
  SELECT count(*) AS total_count FROM filtered
)
SELECT total.total_count, f.*,${priceFirst ? "" : ` ${VARIANT_COLUMNS},`}
  ${imagesColumn("f.id")},
  ${inventoryColumn(priceFirst ? "f.variant_id" : "dv.id")}
FROM total LEFT JOIN page f ON true${priceFirst ? "" : defaultVariantJoins("f.id")}
ORDER BY ${orderBy}`
  return { sql, bindings }
}

/** The gallery view of products matching `filters`, a page of them and the total count, in one query. */
export async function listGalleryProducts(
  source: PgSource,
  filters: GalleryProductFilters = {}
): Promise<GalleryProductList> {
  if (filters.ids && filters.ids.length === 0) return { products: [], count: 0 }
  const knex = toKnex(source)
  const { sql, bindings } = buildQuery(filters)
  // Named prepared statement (pg.ts): planning this query costs more than running it on a page of rows. The text
  // depends only on which filters are present (values are bindings), so the names stay few.
  const result = await runPrepared(knex, preparedStatement("products_list", sql), bindings)
  const rows = (result.rows ?? []) as Row[]
  // Always at least one row (the total), with null product columns when the page is empty.
  const count = rows.length ? Number(rows[0].total_count) : 0
  return { products: rows.filter((row) => row.id !== null).map(toView), count }
}

/**
 * listGalleryProducts({ids, limit: ids.length, sort: "oldest"}) without what a list of ids does not need (the
 * `filtered`/`page`/`total` CTEs and the count), as a named prepared statement (pg.ts): planning was most of its
 * cost (~1-9 ms against ~0.5 ms of execution).
 */
const BY_IDS = preparedStatement(
  "products_by_ids",
  `
SELECT p.id, p.title, p.handle, p.status, p.created_at,
       ap.archived_at AS artist_archived_at, ap.gallery_eligible, ap.product_type, ap.featured,
       o.id AS org_id, o.name AS org_name, o.slug AS org_slug, o.gallery_approved AS org_gallery_approved,
       ${VARIANT_COLUMNS},
  ${imagesColumn("p.id")},
  ${inventoryColumn("dv.id")}
FROM product p
JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
JOIN organization o ON o.id = ap.organization_id AND o.deleted_at IS NULL${defaultVariantJoins("p.id")}
WHERE p.id = ANY(?::text[]) AND p.deleted_at IS NULL
ORDER BY p.created_at ASC, p.id ASC
LIMIT ?`
)

/** The gallery view of these products (any state; missing ids are absent), keyed by id. One query. */
export async function getGalleryProductsByIds(source: PgSource, ids: string[]): Promise<Map<string, GalleryProduct>> {
  const unique = [...new Set(ids.filter(Boolean))]
  const map = new Map<string, GalleryProduct>()
  if (!unique.length) return map
  const knex = toKnex(source)
  const result = await runPrepared(knex, BY_IDS, [unique, unique.length])
  for (const row of (result.rows ?? []) as Row[]) {
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
