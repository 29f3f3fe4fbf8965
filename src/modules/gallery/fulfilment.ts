import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import {
  cancelDecision,
  cannotMoveMessage,
  FULFILMENT_MESSAGES,
  shipRefusal,
  statusChangeRefusal,
  type ArtistSettableStatus,
} from "../../lib/gallery-fulfilment"
import {
  derivedParentStatus,
  parentStatusOnShip,
  type ArtistOrderStatus,
  type GalleryOrderStatus,
} from "../../lib/gallery-order-status"
import { LEDGER_DESCRIPTIONS, ledgerEntryKey } from "../../lib/ledger"
import type { OutboxMessageInput } from "../../lib/outbox"
import { insertLedgerEntriesPerRow, sqlLiteral } from "./ledger"
import { insertOutboxMessages } from "./outbox"

/**
 * The gallery service's fulfilment writes (ship, status change, cancellation): their types, and the SQL they
 * share, run inside the service method's transaction.
 *
 * Concurrency rule: every write to a gallery order's artist orders or to its status first takes the PARENT row's
 * lock (`SELECT ... FOR UPDATE` on gallery_order), always parent first, then artist orders. So two ships of one
 * artist order, two artists shipping parts of one order, a status change and a cancellation of one order run one
 * after another, and each re-reads the artist orders after getting the lock (READ COMMITTED: every statement sees
 * what committed before it started). The payment path (markOrderPaid) also writes the parent before its artist
 * orders. Row locks work across processes, with or without Redis.
 */

export type ShipArtistOrderInput = {
  artistOrderId: string
  /** The organization the caller acts for: it must own the artist order (403 otherwise). */
  organizationId: string
  trackingNumber: string
  trackingUrl: string
  carrier: string | null
  /** The outbox messages the shipment causes (the customer's email), written in its transaction. */
  outbox: OutboxMessageInput[]
}

export type ShippedArtistOrderRecord = { galleryOrderId: string; parentOrderStatus: GalleryOrderStatus; shippedAt: Date }

export type ArtistOrderStatusChangeRecord = {
  galleryOrderId: string
  from: string
  status: ArtistSettableStatus
  parentOrderStatus: GalleryOrderStatus
}

/** A cancelled order's money facts, as stored after markOrderCancelled. */
export type CancelledOrderRow = {
  id: string
  public_id: string
  payment_intent_id: string | null
  paid_at: Date | null
  cancelled_at: Date | null
  refund_id: string | null
}

export type MarkOrderCancelledResult = {
  order: CancelledOrderRow
  /** False when the order was already cancelled. */
  cancelledNow: boolean
  previousStatus: GalleryOrderStatus
  /** The time taken under the lock (the order's cancelled_at when cancelledNow). */
  cancelledAt: Date
}

/** Why pending payouts of a cancelled order failed: they are never transferred (the payouts job skips them). */
export const PAYOUT_CANCELLED_REASON = "order_cancelled"

/**
 * The ledger entry of each pending payout a cancellation fails (`moved`): what the artist had earned and will not be
 * sent comes off their earnings (`transfer_reduced`, keyed by the payout), at the cancellation's time.
 */
const CANCELLED_PAYOUT_LEDGER = insertLedgerEntriesPerRow("moved", "transfer_reduced", {
  key: `'${ledgerEntryKey("transfer_reduced", "")}' || moved.id`,
  organizationId: "moved.organization_id",
  amountCents: "moved.amount_cents",
  description: sqlLiteral(LEDGER_DESCRIPTIONS.cancellationReduction),
  occurredAt: "moved.cancelled_at",
  galleryOrderId: "moved.gallery_order_id",
  artistOrderId: "moved.artist_order_id",
  payoutId: "moved.id",
})

export type LockedArtistOrder = {
  id: string
  organization_id: string
  status: ArtistOrderStatus
}

export type LockedGalleryOrder = {
  parent: { id: string; status: GalleryOrderStatus }
  /** Every artist order of the parent, read under the parent's lock. */
  artistOrders: LockedArtistOrder[]
}

/**
 * Locks the gallery order of this artist order and reads all of its artist orders. 404 `Order not found` when the
 * artist order does not exist; 403 when it belongs to another organization than `organizationId` (checked before
 * anything is locked).
 */
export async function lockArtistOrderParent(
  manager: SqlEntityManager,
  artistOrderId: string,
  organizationId: string
): Promise<LockedGalleryOrder & { artistOrder: LockedArtistOrder }> {
  const targets = (await manager.execute(
    `SELECT ao.organization_id, ao.gallery_order_id
     FROM gallery_artist_order ao
     WHERE ao.id = ? AND ao.deleted_at IS NULL`,
    [artistOrderId]
  )) as unknown as { organization_id: string; gallery_order_id: string }[]
  const target = targets[0]
  if (!target) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  if (target.organization_id !== organizationId) {
    throw new MedusaError(MedusaError.Types.FORBIDDEN, FULFILMENT_MESSAGES.forbidden)
  }
  const locked = await lockGalleryOrder(manager, target.gallery_order_id)
  const artistOrder = locked?.artistOrders.find((a) => a.id === artistOrderId)
  if (!locked || !artistOrder) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  return { ...locked, artistOrder }
}

/** Locks a gallery order (FOR UPDATE) and reads its artist orders; null when it does not exist. */
export async function lockGalleryOrder(manager: SqlEntityManager, orderId: string): Promise<LockedGalleryOrder | null> {
  const parents = (await manager.execute(
    `SELECT id, status FROM gallery_order WHERE id = ? AND deleted_at IS NULL FOR UPDATE`,
    [orderId]
  )) as unknown as LockedGalleryOrder["parent"][]
  const parent = parents[0]
  if (!parent) return null
  const artistOrders = (await manager.execute(
    `SELECT id, organization_id, status FROM gallery_artist_order
     WHERE gallery_order_id = ? AND deleted_at IS NULL
     ORDER BY created_at, id`,
    [orderId]
  )) as unknown as LockedArtistOrder[]
  return { parent, artistOrders }
}

export type TransitionRow = {
  galleryOrderId: string
  artistOrderId: string | null
  from: string | null
  to: string
  at: Date
}

/** Records status changes (gallery_order_transition), one statement. */
export async function insertTransitions(manager: SqlEntityManager, transitions: TransitionRow[]): Promise<void> {
  if (!transitions.length) return
  const values = transitions.map(() => `(?, ?, ?, ?, ?, ?, now(), now())`).join(", ")
  const bindings = transitions.flatMap((t) => [entityId("otr"), t.galleryOrderId, t.artistOrderId, t.from, t.to, t.at])
  await manager.execute(
    `INSERT INTO gallery_order_transition
       (id, gallery_order_id, artist_order_id, from_status, to_status, occurred_at, created_at, updated_at)
     VALUES ${values}`,
    bindings
  )
}

/**
 * Stores the parent's recomputed status (the caller holds the parent's lock) and records the transition when it
 * changed. Returns the status now stored.
 */
export async function storeParentStatus(
  manager: SqlEntityManager,
  parent: { id: string; status: GalleryOrderStatus },
  next: GalleryOrderStatus,
  at: Date
): Promise<GalleryOrderStatus> {
  if (parent.status === next) return next
  await manager.execute(`UPDATE gallery_order SET status = ?, updated_at = now() WHERE id = ?`, [next, parent.id])
  await insertTransitions(manager, [
    { galleryOrderId: parent.id, artistOrderId: null, from: parent.status, to: next, at },
  ])
  return next
}

// ---- The writes: ship, artist status changes, cancellation (each under the parent order's row lock, see above),
// and what the cancellation's money steps record afterwards. The service runs the first three in a transaction.

/**
 * Ships one artist order, in one transaction under the parent order's row lock: 404 Order not found / 403
 * (another organization's order) / 400 Order already shipped / 400 Order has been cancelled / 400 Order is not
 * paid; then status shipped with tracking number, URL, carrier and shipped_at, the transition, and the parent's
 * status by rule A over ALL its artist orders (stored, with its transition). The UPDATE is also guarded by the
 * status it moves from, so a second ship can never overwrite the first one's tracking.
 */
export async function shipArtistOrder(
  manager: SqlEntityManager,
  input: ShipArtistOrderInput
): Promise<ShippedArtistOrderRecord> {
  const { parent, artistOrders, artistOrder } = await lockArtistOrderParent(
    manager,
    input.artistOrderId,
    input.organizationId
  )
  const refusal = shipRefusal(artistOrder.status, parent.status)
  if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
  // Taken under the lock, so the transitions of concurrent shipments are in the order they happened.
  const shippedAt = new Date()
  const rows = (await manager.execute(
    `UPDATE gallery_artist_order
       SET status = 'shipped', tracking_number = ?, tracking_url = ?, carrier = ?, shipped_at = ?, updated_at = now()
       WHERE id = ? AND status IN ('paid', 'processing') AND deleted_at IS NULL
       RETURNING id`,
    [input.trackingNumber, input.trackingUrl, input.carrier, shippedAt, artistOrder.id]
  )) as unknown as { id: string }[]
  if (!rows.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.orderAlreadyShipped)
  await insertTransitions(manager, [
    { galleryOrderId: parent.id, artistOrderId: artistOrder.id, from: artistOrder.status, to: "shipped", at: shippedAt },
  ])
  const statuses = artistOrders.map((a) => (a.id === artistOrder.id ? "shipped" : a.status))
  const parentOrderStatus = await storeParentStatus(manager, parent, parentStatusOnShip(statuses), shippedAt)
  await insertOutboxMessages(manager, input.outbox)
  return { galleryOrderId: parent.id, parentOrderStatus, shippedAt }
}

/**
 * The transitions the artist makes (paid -> processing, shipped -> delivered with delivered_at), in one
 * transaction under the parent's row lock; anything else is 400 `Cannot move order from X to Y` (400 Order has
 * been cancelled for a cancelled order). Records the transition and stores the parent's status by rule B (with
 * its transition when it changed). The UPDATE is guarded by the status it moves from.
 */
export async function setArtistOrderStatus(
  manager: SqlEntityManager,
  input: {
    artistOrderId: string
    organizationId: string
    status: string
    /** The outbox messages a delivery causes (the Medusa order book), written in its transaction. */
    deliveredOutbox?: OutboxMessageInput[]
  }
): Promise<ArtistOrderStatusChangeRecord> {
  const { parent, artistOrders, artistOrder } = await lockArtistOrderParent(
    manager,
    input.artistOrderId,
    input.organizationId
  )
  const refusal = statusChangeRefusal(artistOrder.status, parent.status, input.status)
  if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
  const target = input.status as ArtistSettableStatus
  // Taken under the lock, so transitions are in the order they happened.
  const at = new Date()
  const rows = (await manager.execute(
    `UPDATE gallery_artist_order
       SET status = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ?::timestamptz ELSE delivered_at END,
           updated_at = now()
       WHERE id = ? AND status = ? AND deleted_at IS NULL
       RETURNING id`,
    [target, target, at, artistOrder.id, artistOrder.status]
  )) as unknown as { id: string }[]
  if (!rows.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, cannotMoveMessage(artistOrder.status, target))
  }
  await insertTransitions(manager, [
    { galleryOrderId: parent.id, artistOrderId: artistOrder.id, from: artistOrder.status, to: target, at },
  ])
  const statuses = artistOrders.map((a) => (a.id === artistOrder.id ? target : a.status))
  const parentOrderStatus = await storeParentStatus(manager, parent, derivedParentStatus(statuses), at)
  if (target === "delivered") await insertOutboxMessages(manager, input.deliveredOutbox ?? [])
  return { galleryOrderId: parent.id, from: artistOrder.status, status: target, parentOrderStatus }
}

/**
 * The state change of a cancellation, in one transaction under the order's row lock (so no artist can ship while
 * it runs, and a ship that committed first makes it refuse): 404 Order not found; 400 Order cannot be cancelled
 * after shipment (any artist order shipped or delivered); an already cancelled order is returned as it is
 * (cancelledNow false). Otherwise: status cancelled + cancelled_at, its transition, and the order's pending
 * payouts become failed (PAYOUT_CANCELLED_REASON) so that they are never transferred later, each with its
 * `transfer_reduced` ledger entry in the same statement.
 */
export async function markOrderCancelled(
  manager: SqlEntityManager,
  orderId: string,
  /** The outbox messages the cancellation causes (the Medusa order book), written in its transaction. */
  outbox: OutboxMessageInput[]
): Promise<MarkOrderCancelledResult> {
  const locked = await lockGalleryOrder(manager, orderId)
  if (!locked) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  const { parent, artistOrders } = locked
  const decision = cancelDecision(
    parent.status,
    artistOrders.map((a) => a.status)
  )
  if (decision === "after_shipment") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.cancelAfterShipment)
  }
  // Taken under the lock, so transitions are in the order they happened.
  const cancelledAt = new Date()
  const columns = `id, public_id, payment_intent_id, paid_at, cancelled_at, refund_id`
  if (decision === "already_cancelled") {
    const rows = (await manager.execute(`SELECT ${columns} FROM gallery_order WHERE id = ?`, [
      parent.id,
    ])) as unknown as CancelledOrderRow[]
    return { order: rows[0], cancelledNow: false, previousStatus: parent.status, cancelledAt }
  }
  const rows = (await manager.execute(
    `UPDATE gallery_order SET status = 'cancelled', cancelled_at = ?, updated_at = now()
       WHERE id = ? RETURNING ${columns}`,
    [cancelledAt, parent.id]
  )) as unknown as CancelledOrderRow[]
  await insertTransitions(manager, [
    { galleryOrderId: parent.id, artistOrderId: null, from: parent.status, to: "cancelled", at: cancelledAt },
  ])
  await manager.execute(
    `WITH moved AS (
       UPDATE gallery_payout SET status = 'failed', failure_reason = ?, updated_at = now()
       WHERE gallery_order_id = ? AND status = 'pending' AND deleted_at IS NULL
       RETURNING id, organization_id, amount_cents, gallery_order_id, artist_order_id, ?::timestamptz AS cancelled_at
     ),
     ${CANCELLED_PAYOUT_LEDGER}
     SELECT count(*)::int AS failed FROM moved`,
    [PAYOUT_CANCELLED_REASON, parent.id, cancelledAt]
  )
  await insertOutboxMessages(manager, outbox)
  return { order: rows[0], cancelledNow: true, previousStatus: parent.status, cancelledAt }
}

/** Stores the refund of a cancelled order; the first refund stored wins. */
export async function recordCancellationRefund(
  manager: SqlEntityManager,
  input: { orderId: string; refundId: string }
): Promise<void> {
  await manager.execute(
    `UPDATE gallery_order SET refund_id = ?, updated_at = now() WHERE id = ? AND refund_id IS NULL`,
    [input.refundId, input.orderId]
  )
}
