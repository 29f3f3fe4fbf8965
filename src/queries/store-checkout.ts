import { toCents } from "../lib/money"
import { entityId } from "../lib/entity-id"
import type { RequestedLine, StoreVariantFacts } from "../lib/store-checkout"
import type { StorePaymentItem } from "../modules/gallery/models/store-payment"
import type { SaleLineStock } from "../lib/stock-reservations"
import {
  ORGANIZATION_SALES_CHANNEL_SQL,
  STORE_CHECKOUT_VARIANTS_SQL,
  CUSTOMER_OF_EMAIL_SQL,
  ORDER_BOOK_SETUP_SQL,
  ORDER_EXISTS_SQL,
  STORE_PAYMENT_LINES_STOCK_SQL,
  type StoreCheckoutVariantRow,
} from "./medusa/store-checkout"
import { type PgSource, preparedStatement, runPrepared, toKnex } from "./pg"

export type StoreCheckoutVariant = StoreVariantFacts & {
  product_title: string
  variant_title: string | null
  sku: string | null
  thumbnail: string | null
}

// The store checkout's reads are named prepared statements: planned once per pooled connection (docs/architecture.md).
const VARIANTS = preparedStatement("store_checkout_variants", STORE_CHECKOUT_VARIANTS_SQL)
const SALES_CHANNEL = preparedStatement("organization_sales_channel", ORGANIZATION_SALES_CHANNEL_SQL)
const LINES_STOCK = preparedStatement("store_payment_lines_stock", STORE_PAYMENT_LINES_STOCK_SQL)
const ORDER_EXISTS = preparedStatement("order_exists", ORDER_EXISTS_SQL)
const ORDER_BOOK_SETUP = preparedStatement("order_book_setup", ORDER_BOOK_SETUP_SQL)
const CUSTOMER_OF_EMAIL = preparedStatement("customer_of_email", CUSTOMER_OF_EMAIL_SQL)

/** The requested variants as the organization's store sells them now, by variant id (one statement). */
export async function getStoreCheckoutVariants(
  source: PgSource,
  organizationId: string,
  variantIds: string[]
): Promise<Map<string, StoreCheckoutVariant>> {
  const { rows } = await runPrepared(toKnex(source), VARIANTS, [organizationId, variantIds])
  return new Map(
    (rows as StoreCheckoutVariantRow[]).map((row) => [
      row.variant_id,
      {
        variant_id: row.variant_id,
        product_id: row.product_id,
        product_status: row.product_status,
        artist_archived: row.artist_archived_at !== null,
        in_store: row.in_store,
        price_cents: row.price === null ? null : toCents(Number(row.price)),
        available: row.available === null ? null : Number(row.available),
        product_title: row.product_title,
        variant_title: row.variant_title,
        sku: row.sku,
        thumbnail: row.thumbnail,
      },
    ])
  )
}

/**
 * The payment lines of these requested lines, priced from the variants read now; each gets the id of the Medusa order
 * line it will become (`ordli_...`, docs/store-checkout.md). Null when a line is not a priced variant of the store.
 */
export function pricedStoreLines(
  lines: readonly RequestedLine[],
  variants: ReadonlyMap<string, StoreCheckoutVariant>
): StorePaymentItem[] | null {
  const items: StorePaymentItem[] = []
  for (const line of lines) {
    const variant = variants.get(line.variant_id)
    if (!variant || variant.product_id !== line.product_id || !variant.in_store || variant.price_cents === null) return null
    items.push({
      id: entityId("ordli"),
      product_id: line.product_id,
      variant_id: line.variant_id,
      quantity: line.quantity,
      unit_price_cents: variant.price_cents,
      product_title: variant.product_title,
      variant_title: variant.variant_title,
      sku: variant.sku,
      thumbnail: variant.thumbnail,
    })
  }
  return items
}

export async function getOrganizationSalesChannel(source: PgSource, organizationId: string): Promise<string | null> {
  const { rows } = await runPrepared(toKnex(source), SALES_CHANNEL, [organizationId])
  return (rows as { sales_channel_id: string }[])[0]?.sales_channel_id ?? null
}


export async function getStorePaymentLinesStock(
  source: PgSource,
  lines: { id: string; variant_id: string; quantity: number }[]
): Promise<SaleLineStock[]> {
  const { rows } = await runPrepared(toKnex(source), LINES_STOCK, [
    JSON.stringify(lines.map((l) => ({ id: l.id, variant_id: l.variant_id, quantity: l.quantity }))),
  ])
  return (rows as SaleLineStock[]).map((row) => ({
    id: row.id,
    quantity: Number(row.quantity),
    inventory: (row.inventory ?? []).map((link) => ({
      inventory_item_id: link.inventory_item_id,
      required_quantity: Number(link.required_quantity),
      line_reserved: Number(link.line_reserved),
    })),
  }))
}

export async function orderExists(source: PgSource, orderId: string): Promise<boolean> {
  const { rows } = await runPrepared(toKnex(source), ORDER_EXISTS, [orderId])
  return rows.length > 0
}


/** What the order book set up in Medusa once (docs/order-book.md). */
export type OrderBookSetup = {
  /** Region of the mirrored orders: the store's default region (else any region). */
  regionId: string
  /** The shipping option of the mirrors' shipping method, whose fulfilment set sits at `locationId`. */
  shippingOptionId: string
  /** The store's default stock location (else any): where gallery fulfilments are made from. */
  locationId: string
}

/** The order book's region, location and shipping option as stored now; null when any is missing. */
export async function readOrderBookSetup(source: PgSource, shippingOptionName: string): Promise<OrderBookSetup | null> {
  const { rows } = await runPrepared(toKnex(source), ORDER_BOOK_SETUP, [shippingOptionName])
  const row = rows[0] as { default_region_id: string | null; default_location_id: string | null; shipping_option_id: string | null } | undefined
  if (!row?.default_region_id || !row.default_location_id || !row.shipping_option_id) return null
  return { regionId: row.default_region_id, locationId: row.default_location_id, shippingOptionId: row.shipping_option_id }
}

/** The id of the email's Medusa customer, or null (one indexed read). */
export async function findCustomerIdByEmail(source: PgSource, email: string): Promise<string | null> {
  const { rows } = await runPrepared(toKnex(source), CUSTOMER_OF_EMAIL, [email])
  return (rows as { id: string }[])[0]?.id ?? null
}

