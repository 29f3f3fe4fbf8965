import type { ReturnRow } from "../../../queries/returns"

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** A return as the artist's order routes show it (docs/returns.md). */
export function returnView(row: ReturnRow) {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    instructions: row.instructions,
    refusal_reason: row.refusal_reason,
    items: row.items.map((line) => ({ id: line.artist_order_item_id, product_id: line.product_id, quantity: line.quantity })),
    refund_id: row.refund_id,
    requested_at: iso(row.requested_at),
    accepted_at: iso(row.accepted_at),
    refused_at: iso(row.refused_at),
    received_at: iso(row.received_at),
  }
}

/** A return as the public tracking view shows it: no reason text and no internal ids beyond the return's own. */
export function publicReturnView(row: ReturnRow) {
  return {
    id: row.id,
    status: row.status,
    instructions: row.instructions,
    refusalReason: row.refusal_reason,
    items: row.items.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    requestedAt: iso(row.requested_at),
  }
}
