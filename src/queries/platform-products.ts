import type { Filter, SortKey } from "../lib/v1-query"
import { PLATFORM_PRODUCT_BY_ID_SQL, platformProductsQuery, type PlatformProductRow } from "./medusa/platform-products"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/** The platform product (spec part 2, family a). */
export type PlatformProduct = {
  id: string
  title: string
  product_type: string
  base_price: number | null
  status: string
  created_at: string
}

function toProduct(row: Omit<PlatformProductRow, "total_count">): PlatformProduct {
  return {
    id: row.id,
    title: row.title,
    product_type: row.product_type,
    base_price: row.base_price === null ? null : Math.round(Number(row.base_price) * 100) / 100,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
  }
}

/** One page of an organization's products and the total matching the filters: one round trip. */
export async function listPlatformProducts(
  source: PgSource,
  input: { organizationId: string; filters: Filter[]; sort: SortKey[]; page: number; perPage: number }
): Promise<{ products: PlatformProduct[]; total: number }> {
  const { sql, bindings } = platformProductsQuery({
    organizationId: input.organizationId,
    filters: input.filters,
    sort: input.sort,
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
  })
  // Named by its text: each combination of filters and sort is planned once per connection.
  const result = await runPrepared(toKnex(source), preparedStatement("platform_products", sql), bindings)
  const rows = (result.rows ?? []) as PlatformProductRow[]
  const total = rows.length ? Number(rows[0].total_count) : 0
  return { products: rows.filter((row) => row.id !== null).map(toProduct), total }
}

const BY_ID = preparedStatement("platform_product_by_id", PLATFORM_PRODUCT_BY_ID_SQL)

export async function getPlatformProduct(source: PgSource, organizationId: string, id: string): Promise<PlatformProduct | null> {
  const result = await runPrepared(toKnex(source), BY_ID, [id, organizationId])
  const row = result.rows?.[0] as PlatformProductRow | undefined
  return row ? toProduct(row) : null
}
