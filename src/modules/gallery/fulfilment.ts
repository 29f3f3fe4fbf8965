import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { FULFILMENT_MESSAGES, type ArtistSettableStatus } from "../../lib/gallery-fulfilment"
import type { ArtistOrderStatus, GalleryOrderStatus } from "../../lib/gallery-order-status"
import type { OutboxMessageInput } from "../../lib/outbox"

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

/** Queues outbox messages in the caller's transaction (a replayed key queues nothing). See models/outbox-message.ts. */
export async function insertOutboxMessages(manager: SqlEntityManager, messages: OutboxMessageInput[]): Promise<void> {
  if (!messages.length) return
  const values = messages.map(() => `(?, ?, ?, ?, ?::jsonb, 0, now(), now(), now())`).join(", ")
  const bindings = messages.flatMap((m) => [entityId("gobx"), m.key, m.topic, m.handler, JSON.stringify(m.payload)])
  await manager.execute(
    `INSERT INTO gallery_outbox_message (id, key, topic, handler, payload, attempts, available_at, created_at, updated_at)
     VALUES ${values}
     ON CONFLICT (key) WHERE deleted_at IS NULL DO NOTHING`,
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
