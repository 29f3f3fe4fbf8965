import { toCents } from "../lib/money"
import {
  CARTS_PURCHASED_SINCE_CAPTURE_SQL,
  CURRENT_VARIANT_PRICES_SQL,
  type CurrentVariantPriceRow,
  VARIANTS_OF_ORGANIZATION_SQL,
} from "./medusa/store-carts"
import { type PgSource, toKnex } from "./pg"

/** Of these recoverable carts, the ids of those whose shopper has bought in that store since the capture. */
export async function cartsPurchasedSinceCapture(source: PgSource, cartIds: string[]): Promise<Set<string>> {
  if (!cartIds.length) return new Set()
  const { rows } = await toKnex(source).raw(CARTS_PURCHASED_SINCE_CAPTURE_SQL, [cartIds])
  return new Set((rows as { id: string }[]).map((row) => row.id))
}

export type CurrentVariantPrice = { productId: string; title: string; priceCents: number }

/** The current USD price and display title of each variant that still exists, by variant id. */
export async function currentVariantPrices(source: PgSource, variantIds: string[]): Promise<Map<string, CurrentVariantPrice>> {
  if (!variantIds.length) return new Map()
  const { rows } = await toKnex(source).raw(CURRENT_VARIANT_PRICES_SQL, [variantIds])
  return new Map(
    (rows as CurrentVariantPriceRow[]).map((row) => [
      row.variant_id,
      {
        productId: row.product_id,
        // A single-variant work is named by its title alone; an edition adds its variant's title.
        title: row.variant_title && row.variant_title !== "Standard" ? `${row.product_title} (${row.variant_title})` : row.product_title,
        priceCents: toCents(Number(row.price)),
      },
    ])
  )
}

/** Variant id -> product id, for the given variants that belong to the organization's store. */
export async function variantsOfOrganization(
  source: PgSource,
  organizationId: string,
  variantIds: string[]
): Promise<Map<string, string>> {
  if (!variantIds.length) return new Map()
  const { rows } = await toKnex(source).raw(VARIANTS_OF_ORGANIZATION_SQL, [variantIds, organizationId])
  return new Map((rows as { variant_id: string; product_id: string }[]).map((row) => [row.variant_id, row.product_id]))
}
