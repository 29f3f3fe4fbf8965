import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { paginationOf, type ArtistListStatus, ARTIST_LIST_STATUSES } from "../lib/gallery-fulfilment"
import type { ArtistOrderStatus, GalleryOrderStatus } from "../lib/gallery-order-status"
import { getGalleryProductsByIds } from "./gallery-products"
import { artistOrderFields, iso, LATEST_RETURN_STATUS_SQL, orderItemFields } from "./order-views"
import { toKnex, type PgSource } from "./pg"

/**
 * Reads for artist fulfilment (spec 4.8) and gallery order cancellation: raw SQL on the container's pg connection,
 * a fixed number of round trips per request (never one per order or item).
 */

// ------------------------------------------------------------------------------------------------------------
// GET /api/gallery/artist/orders

type ArtistOrderRow = {
  id: string
  organization_id: string
  artist_name: string
  status: ArtistOrderStatus
  subtotal_cents: number
  shipping_cents: number
  shipping_option_name: string | null
  payout_cents: number
  carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
  shipped_at: Date | null
  delivered_at: Date | null
  shipping_address: Record<string, unknown> | null
  order_id: string
  public_id: string
  order_created_at: Date
  order_paid_at: Date | null
  total: string | number
}

type ArtistOrderItemRow = {
  id: string
  artist_order_id: string
  product_id: string
  product_name: string
  quantity: number
  price_cents: number
  image: string | null
}

export type ArtistOrdersPageInput = {
  organizationId: string
  status: ArtistListStatus | null
  limit: number
  offset: number
}

/**
 * One page of an organization's artist orders that have been paid (paid, processing, shipped, delivered), newest
 * first, with the total count — ONE statement. Artist orders of cancelled gallery orders are left out: the list is
 * the artist's fulfilment queue and a cancelled order must not be shipped. Served by the
 * (organization_id, status, created_at) index.
 */
async function listArtistOrderRows(
  knex: Knex,
  input: ArtistOrdersPageInput
): Promise<{ rows: ArtistOrderRow[]; total: number }> {
  const statuses: string[] = input.status ? [input.status] : [...ARTIST_LIST_STATUSES]
  const where = `FROM gallery_artist_order ao
       JOIN gallery_order o ON o.id = ao.gallery_order_id AND o.deleted_at IS NULL AND o.status <> 'cancelled'
       WHERE ao.organization_id = ? AND ao.status = ANY(?::text[]) AND ao.deleted_at IS NULL`
  const { rows } = await knex.raw(
    `WITH page AS (
       SELECT ao.id ${where}
       ORDER BY ao.created_at DESC, ao.id DESC
       LIMIT ? OFFSET ?
     )
     SELECT (SELECT count(*) ${where}) AS total,
            ao.id, ao.organization_id, ao.artist_name, ao.status, ao.subtotal_cents, ao.shipping_cents,
            ao.shipping_option_name, ao.payout_cents, ao.carrier,
            ao.tracking_number, ao.tracking_url, ao.shipped_at, ao.delivered_at, ao.shipping_address,
            ao.refunded_cents, ${LATEST_RETURN_STATUS_SQL} AS return_status,
            o.id AS order_id, o.public_id, o.created_at AS order_created_at, o.paid_at AS order_paid_at
     FROM (SELECT 1) one
     LEFT JOIN page ON true
     LEFT JOIN gallery_artist_order ao ON ao.id = page.id
     LEFT JOIN gallery_order o ON o.id = ao.gallery_order_id
     ORDER BY ao.created_at DESC, ao.id DESC`,
    [input.organizationId, statuses, input.limit, input.offset, input.organizationId, statuses] as Knex.RawBinding[]
  )
  const all = rows as ArtistOrderRow[]
  const total = all.length ? Number(all[0].total) : 0
  return { rows: all.filter((row) => row.id !== null), total }
}

async function listItemsOfArtistOrders(knex: Knex, artistOrderIds: string[]): Promise<ArtistOrderItemRow[]> {
  if (!artistOrderIds.length) return []
  const { rows } = await knex.raw(
    `SELECT id, artist_order_id, product_id, product_name, quantity, price_cents, image
     FROM gallery_artist_order_item
     WHERE artist_order_id = ANY(?::text[]) AND deleted_at IS NULL
     ORDER BY created_at, id`,
    [artistOrderIds]
  )
  return rows as ArtistOrderItemRow[]
}

export type ArtistOrderView = ReturnType<typeof toArtistOrderView>

function toArtistOrderView(
  row: ArtistOrderRow,
  items: ArtistOrderItemRow[],
  products: Map<string, { sku: string | null; inventory: number | null }>
) {
  return {
    id: row.id,
    orgId: row.organization_id,
    ...artistOrderFields(row, row.shipping_option_name !== null),
    carrier: row.carrier ?? null,
    deliveredAt: iso(row.delivered_at),
    items: items.map((item) => {
      const product = products.get(item.product_id)
      return {
        id: item.id,
        ...orderItemFields(item),
        // The product as it is now (default variant's SKU, sellable stock); null when the product is gone.
        product: { sku: product?.sku ?? null, inventory: product?.inventory ?? null },
      }
    }),
    parentOrder: {
      id: row.order_id,
      publicId: row.public_id,
      createdAt: iso(row.order_created_at),
      paidAt: iso(row.order_paid_at),
    },
  }
}

/**
 * The artist order list body (spec 4.8): `{orders, pagination}`. Three queries whatever the page size: the page
 * with its count, the page's items, the items' products (SKU and inventory, via the gallery product view).
 */
export async function listArtistOrdersForOrganization(source: PgSource, input: ArtistOrdersPageInput) {
  const knex = toKnex(source)
  const { rows, total } = await listArtistOrderRows(knex, input)
  const items = await listItemsOfArtistOrders(
    knex,
    rows.map((row) => row.id)
  )
  const products = items.length
    ? await getGalleryProductsByIds(
        knex,
        items.map((item) => item.product_id)
      )
    : new Map()
  const itemsByOrder = new Map<string, ArtistOrderItemRow[]>()
  for (const item of items) {
    const list = itemsByOrder.get(item.artist_order_id) ?? []
    list.push(item)
    itemsByOrder.set(item.artist_order_id, list)
  }
  return {
    orders: rows.map((row) => toArtistOrderView(row, itemsByOrder.get(row.id) ?? [], products)),
    pagination: paginationOf(total, input.limit, input.offset, rows.length),
  }
}

// ------------------------------------------------------------------------------------------------------------
// Shipping email

export type ArtistOrderForShippingEmail = {
  id: string
  artist_name: string
  carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
  shipped_at: Date | null
  shipping_address: Record<string, unknown> | null
  gallery_order_id: string
  public_id: string
  email: string
  items: { product_id: string; product_name: string; quantity: number; price_cents: number; image: string | null }[]
}

/** What the shipping notification shows: the artist order, its parent's customer and public id, its items. */
export async function getArtistOrderForShippingEmail(
  source: PgSource,
  artistOrderId: string
): Promise<ArtistOrderForShippingEmail | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ao.id, ao.artist_name, ao.carrier, ao.tracking_number, ao.tracking_url, ao.shipped_at, ao.shipping_address,
            o.id AS gallery_order_id, o.public_id, o.email,
            coalesce((
              SELECT json_agg(json_build_object(
                       'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
                       'price_cents', i.price_cents, 'image', i.image) ORDER BY i.created_at, i.id)
              FROM gallery_artist_order_item i
              WHERE i.artist_order_id = ao.id AND i.deleted_at IS NULL
            ), '[]'::json) AS items
     FROM gallery_artist_order ao
     JOIN gallery_order o ON o.id = ao.gallery_order_id AND o.deleted_at IS NULL
     WHERE ao.id = ? AND ao.deleted_at IS NULL`,
    [artistOrderId]
  )
  return (rows[0] as ArtistOrderForShippingEmail | undefined) ?? null
}

// ------------------------------------------------------------------------------------------------------------
// Cancellation

export type GalleryOrderForCancel = {
  id: string
  public_id: string
  status: GalleryOrderStatus
  payment_intent_id: string | null
  paid_at: Date | null
  cancelled_at: Date | null
  refund_id: string | null
}

const CANCEL_COLUMNS = `id, public_id, status, payment_intent_id, paid_at, cancelled_at, refund_id`

/** The order named by its internal id (gord_...) or its public id (GAL-YYYY-XXXXXX), or null. */
export async function findGalleryOrderForCancel(
  source: PgSource,
  idOrPublicId: string
): Promise<GalleryOrderForCancel | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${CANCEL_COLUMNS} FROM gallery_order
     WHERE (id = ? OR public_id = ?) AND deleted_at IS NULL
     LIMIT 1`,
    [idOrPublicId, idOrPublicId.toUpperCase()]
  )
  return (rows[0] as GalleryOrderForCancel | undefined) ?? null
}

export type TransferredPayout = { id: string; artist_order_id: string; transfer_id: string }

/** Payouts of the order whose transfer was made and not yet reversed. */
export async function listTransferredPayouts(source: PgSource, orderId: string): Promise<TransferredPayout[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT id, artist_order_id, transfer_id FROM gallery_payout
     WHERE gallery_order_id = ? AND status = 'transferred' AND transfer_id IS NOT NULL AND deleted_at IS NULL
     ORDER BY created_at, id`,
    [orderId]
  )
  return rows as TransferredPayout[]
}

/** Ids of every item of the order (the line_item_id of its stock reservations). */
export async function listGalleryOrderItemIds(source: PgSource, orderId: string): Promise<string[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT i.id FROM gallery_artist_order_item i
     JOIN gallery_artist_order ao ON ao.id = i.artist_order_id AND ao.deleted_at IS NULL
     WHERE ao.gallery_order_id = ? AND i.deleted_at IS NULL`,
    [orderId]
  )
  return (rows as { id: string }[]).map((row) => row.id)
}
