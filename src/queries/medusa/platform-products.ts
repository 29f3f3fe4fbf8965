import type { Filter, SortKey } from "../../lib/v1-query"
import { defaultVariantJoins } from "./products"

/**
 * SQL over Medusa's product tables for the platform API's products (`GET /v1/products`): an organization's
 * products (its artist_product rows, linked 1:1 to Medusa products in its sales channel) as the platform product
 * of spec part 2: id, title, product_type, base_price (the default variant's plain USD price, as everywhere in
 * Atelier), status, created_at. Status in the dashboard's vocabulary (docs/products.md): archived when the artist
 * archived it, active when Medusa has it published, draft otherwise. Every table and column read here is in
 * MEDUSA_TABLES (tables.ts).
 */

export type PlatformProductRow = {
  id: string
  title: string
  product_type: string
  base_price: string | number | null
  status: string
  created_at: Date
  total_count: string | number
}

/** The columns a filter or sort may name, and the SQL type of its bindings. */
const COLUMNS: Record<string, { sql: string; type: string }> = {
  status: { sql: "f.status", type: "text" },
  product_type: { sql: "f.product_type", type: "text" },
  base_price: { sql: "f.base_price", type: "numeric" },
  created_at: { sql: "f.created_at", type: "timestamptz" },
  title: { sql: "f.title", type: "text" },
}

const OPERATOR_SQL = { eq: "=", ne: "IS DISTINCT FROM", gte: ">=", lte: "<=" } as const

/** `filters` as SQL conditions over `f`, appending their bindings. */
export function filterConditions(
  filters: Filter[],
  columns: Record<string, { sql: string; type: string }>,
  bindings: unknown[]
): string[] {
  return filters.map((filter) => {
    const column = columns[filter.field]
    if (!column) throw new Error(`no column for filter ${filter.field}`)
    bindings.push(filter.value)
    if (filter.op === "in") return `${column.sql} = ANY(?::${column.type}[])`
    return `${column.sql} ${OPERATOR_SQL[filter.op]} ?::${column.type}`
  })
}

function orderBy(sort: SortKey[]): string {
  const keys = sort.map(({ field, descending }) => {
    const column = COLUMNS[field].sql
    // Products without a price sort after every priced one, whichever the direction.
    return `${column} ${descending ? "DESC" : "ASC"}${field === "base_price" ? " NULLS LAST" : ""}`
  })
  const idDescending = sort[sort.length - 1]?.descending ?? true
  return [...keys, `f.id ${idDescending ? "DESC" : "ASC"}`].join(", ")
}

/**
 * One statement: the organization's products with their derived columns (`org_products`), filtered, counted and
 * sliced; the total is LEFT JOINed so that a page past the end still carries it. Uses the artist_product
 * organization index, the link table's artist_product_id index and the product and variant indexes.
 */
export function platformProductsQuery(input: {
  organizationId: string
  filters: Filter[]
  sort: SortKey[]
  limit: number
  offset: number
}): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [input.organizationId]
  const where = filterConditions(input.filters, COLUMNS, bindings)
  const order = orderBy(input.sort)
  bindings.push(input.limit, input.offset)
  const sql = `
WITH org_products AS (
  SELECT p.id, p.title, ap.product_type, pr.amount AS base_price, p.created_at,
         CASE WHEN ap.archived_at IS NOT NULL THEN 'archived' WHEN p.status = 'published' THEN 'active' ELSE 'draft' END AS status
  FROM artist_product ap
  JOIN organization_artist_product_product_product apl ON apl.artist_product_id = ap.id AND apl.deleted_at IS NULL
  JOIN product p ON p.id = apl.product_id AND p.deleted_at IS NULL${defaultVariantJoins("p.id")}
  WHERE ap.organization_id = ? AND ap.deleted_at IS NULL
),
filtered AS (
  SELECT * FROM org_products f${where.length ? `\n  WHERE ${where.join(" AND ")}` : ""}
),
page AS (
  SELECT * FROM filtered f ORDER BY ${order} LIMIT ? OFFSET ?
),
total AS (
  SELECT count(*) AS total_count FROM filtered
)
SELECT total.total_count, f.id, f.title, f.product_type, f.base_price, f.status, f.created_at
FROM total LEFT JOIN page f ON true
ORDER BY ${order}`
  return { sql, bindings }
}

/** One product of an organization by id (the answer of POST /v1/products); bindings: product id, organization id. */
export const PLATFORM_PRODUCT_BY_ID_SQL = `
SELECT p.id, p.title, ap.product_type, pr.amount AS base_price, p.created_at,
       CASE WHEN ap.archived_at IS NOT NULL THEN 'archived' WHEN p.status = 'published' THEN 'active' ELSE 'draft' END AS status
FROM product p
JOIN organization_artist_product_product_product apl ON apl.product_id = p.id AND apl.deleted_at IS NULL
JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL${defaultVariantJoins("p.id")}
WHERE p.id = ? AND ap.organization_id = ? AND p.deleted_at IS NULL`
