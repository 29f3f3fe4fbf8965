import { DEFAULT_RETURN_WINDOW_DAYS, type ReturnStatus } from "../lib/returns"
import { toKnex, type PgSource } from "./pg"

/** Reads of gallery returns (docs/returns.md). */

export type ReturnRow = {
  id: string
  gallery_order_id: string
  artist_order_id: string
  organization_id: string
  status: ReturnStatus
  items: { artist_order_item_id: string; product_id: string; quantity: number }[]
  reason: string
  instructions: string | null
  refusal_reason: string | null
  requested_at: Date
  accepted_at: Date | null
  refused_at: Date | null
  received_at: Date | null
  refund_id: string | null
}

const RETURN_COLUMNS = `r.id, r.gallery_order_id, r.artist_order_id, r.organization_id, r.status, r.items, r.reason,
  r.instructions, r.refusal_reason, r.requested_at, r.accepted_at, r.refused_at, r.received_at, r.refund_id`

/**
 * The artist order a customer returns from: the gallery order named by its public id, the organization's artist order
 * in it, the order's email (the caller compares it with the one the customer gave: the proof of being the buyer, as for
 * per-artist addresses) and that organization's return window. Null when there is no such artist order.
 */
export async function findReturnableArtistOrder(
  source: PgSource,
  input: { publicId: string; organizationId: string }
): Promise<{ artistOrderId: string; email: string; windowDays: number } | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ao.id AS artist_order_id, o.email, coalesce(org.return_window_days, ?) AS window_days
     FROM gallery_order o
     JOIN gallery_artist_order ao ON ao.gallery_order_id = o.id AND ao.organization_id = ? AND ao.deleted_at IS NULL
     LEFT JOIN organization org ON org.id = ao.organization_id AND org.deleted_at IS NULL
     WHERE o.public_id = ? AND o.deleted_at IS NULL`,
    [DEFAULT_RETURN_WINDOW_DAYS, input.organizationId, input.publicId]
  )
  const row = rows[0] as { artist_order_id: string; email: string; window_days: number } | undefined
  return row ? { artistOrderId: row.artist_order_id, email: row.email, windowDays: Number(row.window_days) } : null
}

export async function getReturn(source: PgSource, returnId: string): Promise<ReturnRow | null> {
  const { rows } = await toKnex(source).raw(`SELECT ${RETURN_COLUMNS} FROM gallery_return r WHERE r.id = ? AND r.deleted_at IS NULL`, [
    returnId,
  ])
  return (rows[0] as ReturnRow | undefined) ?? null
}

/** The returns of artist orders, oldest first. */
export async function listReturnsOfArtistOrders(source: PgSource, artistOrderIds: readonly string[]): Promise<ReturnRow[]> {
  if (!artistOrderIds.length) return []
  const { rows } = await toKnex(source).raw(
    `SELECT ${RETURN_COLUMNS} FROM gallery_return r
     WHERE r.artist_order_id = ANY(?::text[]) AND r.deleted_at IS NULL ORDER BY r.requested_at, r.id`,
    [artistOrderIds as string[]]
  )
  return rows as ReturnRow[]
}

/** A return as its emails tell it: the order, the artist, the lines with their names. */
export type ReturnNotice = ReturnRow & {
  public_id: string
  email: string
  artist_name: string
  lines: { product_name: string; quantity: number; price_cents: number }[]
}

export async function getReturnNotice(source: PgSource, returnId: string): Promise<ReturnNotice | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${RETURN_COLUMNS}, o.public_id, o.email, ao.artist_name,
            coalesce((SELECT json_agg(json_build_object('product_name', i.product_name, 'quantity', (line->>'quantity')::int,
                       'price_cents', i.price_cents))
                      FROM jsonb_array_elements(r.items) line
                      JOIN gallery_artist_order_item i ON i.id = line->>'artist_order_item_id'), '[]'::json) AS lines
     FROM gallery_return r
     JOIN gallery_order o ON o.id = r.gallery_order_id
     JOIN gallery_artist_order ao ON ao.id = r.artist_order_id
     WHERE r.id = ? AND r.deleted_at IS NULL`,
    [returnId]
  )
  return (rows[0] as ReturnNotice | undefined) ?? null
}
