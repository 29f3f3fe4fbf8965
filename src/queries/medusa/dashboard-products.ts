import type { DashboardProductStatus } from "../../lib/dashboard-products"

/**
 * SQL over Medusa's product, variant, price, image and inventory tables for the creator dashboard's products
 * (/api/products): an organization's products with every variant, in ONE statement. Every table and column read
 * here is listed in MEDUSA_TABLES (tables.ts), which the Medusa schema suite checks.
 *
 * Variant order = variant_rank, then oldest, then smallest id; the first is the default (as in products.ts).
 * A variant's price = its plain USD price (no rules, no price list). Its inventory_quantity = the stocked quantity
 * of its inventory items' levels at the organization's stock location (its own, else one linked to its sales
 * channel, else the store's default location), as the dashboard writes it.
 */

/** What the statements return per product (plus `total_count` for a list). */
export type DashboardProductRow = {
  id: string
  title: string
  handle: string
  description: string | null
  status: string
  type_id: string | null
  created_at: Date
  updated_at: Date
  artist_product_id: string
  organization_id: string
  product_type: string
  featured: boolean
  gallery_eligible: boolean
  archived_at: Date | null
  images: string[] | null
  variants: DashboardVariantRow[] | null
  total_count?: string | number
}

/** One variant as the statements return it (JSON: timestamps as text, numerics as numbers). */
export type DashboardVariantRow = {
  id: string
  title: string
  sku: string | null
  metadata: Record<string, unknown> | null
  created_at: string
  price: number | null
  inventory_item_ids: string[] | null
  inventory_quantity: number | null
}

/**
 * The organization's stock location (`loc.id`, null when there is none): its own (where it ships from,
 * src/links/organization-stock-location.ts), else one linked to its sales channel, else the store's default, as
 * the product workflows choose it. `organizationId` is SQL that gives the organization's id (its bindings are the
 * CTE's).
 */
const locationCte = (organizationId: string) => `loc AS (
  SELECT coalesce(
    (SELECT osl.stock_location_id
       FROM organization_organization_stock_location_stock_location osl
      WHERE osl.organization_id = o.id AND osl.deleted_at IS NULL
      ORDER BY osl.created_at
      LIMIT 1),
    (SELECT scl.stock_location_id
       FROM organization_organization_sales_channel_sales_channel osc
       JOIN sales_channel_stock_location scl ON scl.sales_channel_id = osc.sales_channel_id AND scl.deleted_at IS NULL
      WHERE osc.organization_id = o.id AND osc.deleted_at IS NULL
      ORDER BY scl.stock_location_id
      LIMIT 1),
    (SELECT s.default_location_id FROM store s WHERE s.deleted_at IS NULL ORDER BY s.created_at LIMIT 1)
  ) AS id
  FROM (SELECT (${organizationId})::text AS id) o
)`

/** Every column of the view for the product `p` / artist row `ap` (with `loc` in scope). */
const PRODUCT_COLUMNS = `p.id, p.title, p.handle, p.description, p.status, p.type_id, p.created_at,
       greatest(p.updated_at, ap.updated_at) AS updated_at,
       ap.id AS artist_product_id, ap.organization_id, ap.product_type, ap.featured, ap.gallery_eligible, ap.archived_at,
       (SELECT coalesce(array_agg(i.url ORDER BY i.rank ASC, i.created_at ASC, i.id ASC), '{}')
          FROM image i WHERE i.product_id = p.id AND i.deleted_at IS NULL) AS images,
       (SELECT coalesce(json_agg(json_build_object(
                 'id', v.id, 'title', v.title, 'sku', v.sku, 'metadata', v.metadata, 'created_at', v.created_at,
                 'price', (
                   SELECT pri.amount
                   FROM product_variant_price_set pvps
                   JOIN price pri ON pri.price_set_id = pvps.price_set_id AND pri.deleted_at IS NULL
                   WHERE pvps.variant_id = v.id AND pvps.deleted_at IS NULL
                     AND pri.currency_code = 'usd' AND pri.price_list_id IS NULL AND coalesce(pri.rules_count, 0) = 0
                     AND (pri.min_quantity IS NULL OR pri.min_quantity <= 1)
                   ORDER BY pri.min_quantity ASC NULLS FIRST, pri.created_at ASC, pri.id ASC
                   LIMIT 1),
                 'inventory_item_ids', (
                   SELECT json_agg(pvii.inventory_item_id ORDER BY pvii.inventory_item_id)
                   FROM product_variant_inventory_item pvii
                   WHERE pvii.variant_id = v.id AND pvii.deleted_at IS NULL),
                 'inventory_quantity', (
                   SELECT sum(il.stocked_quantity)
                   FROM product_variant_inventory_item pvii
                   JOIN inventory_level il ON il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL
                    AND il.location_id = loc.id
                   WHERE pvii.variant_id = v.id AND pvii.deleted_at IS NULL))
               ORDER BY v.variant_rank ASC NULLS LAST, v.created_at ASC, v.id ASC), '[]'::json)
          FROM product_variant v WHERE v.product_id = p.id AND v.deleted_at IS NULL) AS variants`

const PRODUCT_JOINS = `JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
  JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL`

/** The WHERE condition of a dashboard status over `p` and `ap` (toMedusaStatus / fromMedusaStatus). */
const STATUS_CONDITIONS: Record<DashboardProductStatus, string> = {
  active: "ap.archived_at IS NULL AND p.status = 'published'",
  draft: "ap.archived_at IS NULL AND p.status <> 'published'",
  archived: "ap.archived_at IS NOT NULL",
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export type DashboardProductFilters = {
  organization_id: string
  status?: DashboardProductStatus | null
  /** Case-insensitive substring of the title. */
  search?: string | null
  limit: number
  offset: number
}

/**
 * An organization's products, newest first: one page and the total count, in one statement. `filtered` uses the
 * artist_product organization index and the link table's artist_product_id index; the variants, prices, images
 * and stock are looked up for the page's rows only. The total is LEFT JOINed so that a page past the end still
 * carries the count. The text depends only on which filters are present (values are bindings).
 */
export function dashboardProductsQuery(filters: DashboardProductFilters): { sql: string; bindings: unknown[] } {
  const where = ["ap.organization_id = ?", "ap.deleted_at IS NULL"]
  const bindings: unknown[] = [filters.organization_id, filters.organization_id]
  if (filters.status) where.push(STATUS_CONDITIONS[filters.status])
  if (filters.search?.trim()) {
    where.push("p.title ILIKE ? ESCAPE '\\'")
    bindings.push(`%${escapeLike(filters.search.trim())}%`)
  }
  bindings.push(filters.limit, filters.offset)
  const sql = `
WITH ${locationCte("?")},
filtered AS (
  SELECT p.id, p.created_at
  FROM artist_product ap
  JOIN organization_artist_product_product_product apl ON apl.artist_product_id = ap.id AND apl.deleted_at IS NULL
  JOIN product p ON p.id = apl.product_id AND p.deleted_at IS NULL
  WHERE ${where.join(" AND ")}
),
page AS (
  SELECT f.id, f.created_at FROM filtered f ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?
),
total AS (
  SELECT count(*) AS total_count FROM filtered
)
SELECT total.total_count, page_product.*
FROM total
LEFT JOIN LATERAL (
  SELECT ${PRODUCT_COLUMNS}
  FROM page
  JOIN product p ON p.id = page.id
  ${PRODUCT_JOINS}
  CROSS JOIN loc
) page_product ON true
ORDER BY page_product.created_at DESC, page_product.id DESC`
  return { sql, bindings }
}

/**
 * One product (not deleted) with its organization's view, whatever its organization. Bindings: the product id
 * (twice: once for its organization's stock location).
 */
export const DASHBOARD_PRODUCT_BY_ID_SQL = `
WITH ${locationCte(`SELECT ap.organization_id FROM organization_artist_product_product_product apl
        JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
        WHERE apl.product_id = ? AND apl.deleted_at IS NULL LIMIT 1`)}
SELECT ${PRODUCT_COLUMNS}
FROM product p
${PRODUCT_JOINS}
CROSS JOIN loc
WHERE p.id = ? AND p.deleted_at IS NULL
LIMIT 1`

/** The organization of a product that is not deleted (binding: its id); no row for an unknown product. */
export const PRODUCT_ORGANIZATION_SQL = `SELECT ap.organization_id
  FROM product p
  JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
  JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
  WHERE p.id = ? AND p.deleted_at IS NULL
  LIMIT 1`
