import type { ArtworkType } from "../../lib/artwork-types"

/**
 * SQL over Medusa's product tables (product, variants, prices, images, inventory, and the product <-> gallery
 * attributes link table): the gallery's view of a product (spec part 2, "Product as embedded in gallery
 * responses") and the product lookups of the cart, the collections and the artist analytics. Every table and
 * column read here is listed in MEDUSA_TABLES (tables.ts), which the Medusa schema suite checks.
 *
 * Default variant = lowest variant_rank, then oldest, then smallest id. Price = its USD price without rules or
 * price list (major unit, e.g. 34.99). Inventory = what can be sold now: for every inventory item of the variant,
 * sum over locations of stocked - reserved, divided by the required quantity; the smallest of those (0 when a
 * managed variant has no item, null when the variant does not manage stock).
 */

/** The gallery product list's sort orders. */
export type GalleryProductSort = "newest" | "oldest" | "price_asc" | "price_desc" | "name"

/** What the gallery product list filters on (routes validate and cap these first). */
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

/** At most this many products per list (or the number of `ids` asked for); routes apply their own lower caps. */
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

/** What the gallery product statements return per product (plus `total_count` for a list). */
export type GalleryProductRow = {
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

export const VARIANT_COLUMNS = "dv.id AS variant_id, dv.sku, dv.manage_inventory, pr.amount AS price"

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
export function galleryProductsQuery(filters: GalleryProductFilters): { sql: string; bindings: unknown[] } {
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

/**
 * listGalleryProducts({ids, limit: ids.length, sort: "oldest"}) without what a list of ids does not need (the
 * `filtered`/`page`/`total` CTEs and the count). Bindings: the ids (text[]), their number.
 */
export const GALLERY_PRODUCTS_BY_IDS_SQL = `
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

/**
 * The cart's view of one product (binding: its id): found or not, and the spec's three eligibility rules. A
 * product without gallery attributes (no artist_product link) exists but is not gallery eligible.
 */
export const CART_PRODUCT_STATE_SQL = `  SELECT p.id,
         (p.status = 'published' AND ap.id IS NOT NULL AND ap.archived_at IS NULL) AS is_active,
         coalesce(ap.gallery_eligible, false) AS gallery_eligible,
         coalesce(org.gallery_approved, false) AS org_gallery_approved
  FROM product p
  LEFT JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
  LEFT JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
  LEFT JOIN organization org ON org.id = ap.organization_id AND org.deleted_at IS NULL
  WHERE p.id = ? AND p.deleted_at IS NULL
  LIMIT 1`

/**
 * Joins the product `p` of a collection item `i` when it meets the spec's three eligibility rules (the predicate of
 * listGalleryProducts' eligibleOnly).
 */
export const ELIGIBLE_PRODUCT_JOINS = `
  JOIN product p ON p.id = i.product_id AND p.deleted_at IS NULL AND p.status = 'published'
  JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
  JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
   AND ap.archived_at IS NULL AND ap.gallery_eligible = true
  JOIN organization o ON o.id = ap.organization_id AND o.deleted_at IS NULL AND o.gallery_approved = true`

/** Gallery-eligible product ids of some organizations (binding: their ids, text[]), one row per organization. */
export const ELIGIBLE_PRODUCT_IDS_BY_ORGANIZATION_SQL = `SELECT ap.organization_id, array_agg(apl.product_id ORDER BY apl.product_id) AS product_ids
     FROM artist_product ap
     JOIN organization_artist_product_product_product apl ON apl.artist_product_id = ap.id AND apl.deleted_at IS NULL
     WHERE ap.organization_id = ANY(?::text[]) AND ap.deleted_at IS NULL
       AND ap.archived_at IS NULL AND ap.gallery_eligible = true
     GROUP BY ap.organization_id`

/** A product's current title (null once the product is deleted), for an expression naming its id. */
export function productTitle(productId: string): string {
  return `(SELECT p.title FROM product p WHERE p.id = ${productId} AND p.deleted_at IS NULL)`
}
