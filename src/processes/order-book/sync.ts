import type { IInventoryService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  cancelOrderWorkflow,
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  getMirrorOrder,
  getOrderBookSource,
  listOrderFulfillments,
  type OrderBookSource,
} from "../../queries/medusa/order-book"
import { withInventoryLocks, withSortedLocks } from "../../workflows/common/locks"
import {
  mirrorArtistOrdersWorkflow,
  type MirrorArtistOrdersResult,
} from "../../workflows/order-book/workflows/mirror-artist-orders"
import { ensureOrderBookSetup } from "../../workflows/order-book/utils/shipping-setup"
import { recordCancelledOrderRefund, recordMirrorRefunds, recordOrderPayments } from "./payments"

/** Seconds a second sync of the same artist order waits for the first. */
const MIRROR_LOCK_TIMEOUT_SECONDS = 60

export function orderBookLockKey(artistOrderId: string): string {
  return `order-book:${artistOrderId}`
}

type MirrorOrder = NonNullable<Awaited<ReturnType<typeof getMirrorOrder>>>

/**
 * Hands the gallery's stock reservations of the artist order's lines over to the mirror's lines, so that Medusa's
 * fulfilment consumes them as it does for its own orders (stocked quantity down, reservation gone; available stock
 * unchanged). Under the inventory items' locks: the new reservation is made first (allow_backorder: the stock is
 * already held by the old one, so the availability check would count it twice), then the old one is deleted. A run
 * that dies between the two is finished by the next one (what the mirror line already holds is not made again).
 * Returns the location the stock was reserved at (the fulfilment is made there), if any.
 */
async function handOverReservations(container: MedusaContainer, order: MirrorOrder): Promise<string | null> {
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  const mirrorLineOf = new Map(
    order.items.filter((i) => i.artist_order_item_id).map((i) => [i.artist_order_item_id as string, i.id])
  )
  const [old, present] = await Promise.all([
    inventory.listReservationItems({ line_item_id: [...mirrorLineOf.keys()] }),
    inventory.listReservationItems({ line_item_id: [...mirrorLineOf.values()] }),
  ])
  if (!old.length) return present[0]?.location_id ?? null
  await withInventoryLocks(
    container,
    old.map((r) => r.inventory_item_id),
    async () => {
      const missing = old.filter(
        (r) =>
          !present.some(
            (p) =>
              p.line_item_id === mirrorLineOf.get(r.line_item_id as string) &&
              p.inventory_item_id === r.inventory_item_id &&
              p.location_id === r.location_id
          )
      )
      if (missing.length) {
        await inventory.createReservationItems(
          missing.map((r) => ({
            line_item_id: mirrorLineOf.get(r.line_item_id as string),
            inventory_item_id: r.inventory_item_id,
            location_id: r.location_id,
            quantity: Number(r.quantity),
            allow_backorder: true,
            // The DTO does not type it, the row has it: the gallery order that reserved the stock.
            external_id: (r as { external_id?: string | null }).external_id ?? undefined,
            description: r.description ?? undefined,
            metadata: r.metadata ?? undefined,
          }))
        )
      }
      await inventory.deleteReservationItems(old.map((r) => r.id))
    }
  )
  return old[0].location_id
}

/** Fulfilment + shipment (labels: tracking number and URL) of a shipped artist order's mirror; delivered too. */
async function syncFulfilment(container: MedusaContainer, source: OrderBookSource, order: MirrorOrder) {
  const fulfillments = await listOrderFulfillments(container, order.id)
  let live = fulfillments.find((f) => !f.canceled_at)
  const items = order.items.map((i) => ({ id: i.id, quantity: i.quantity }))
  if (!live) {
    const reservedAt = await handOverReservations(container, order)
    const setup = await ensureOrderBookSetup(container)
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: order.id,
        items,
        location_id: reservedAt ?? setup.locationId,
        metadata: { carrier: source.carrier, source: "gallery", artist_order_id: source.artist_order_id },
        // The gallery sends the customer's shipping email (outbox shipment-email).
        no_notification: true,
      },
    })
    live = { id: result.id, shipped_at: null, delivered_at: null, canceled_at: null }
  }
  if (!live.shipped_at) {
    const trackingUrl = source.tracking_url ?? ""
    await createOrderShipmentWorkflow(container).run({
      input: {
        order_id: order.id,
        fulfillment_id: live.id,
        items,
        labels: source.tracking_number
          ? [{ tracking_number: source.tracking_number, tracking_url: trackingUrl, label_url: trackingUrl }]
          : [],
        no_notification: true,
      },
    })
  }
  if (source.artist_status === "delivered" && !live.delivered_at) {
    await markOrderFulfillmentAsDeliveredWorkflow(container).run({
      input: { orderId: order.id, fulfillmentId: live.id },
    })
  }
}

/**
 * What is missing after the mirror exists and its payment is recorded: cancels it when the gallery order was cancelled
 * (Medusa's cancellation refunds the captured payment, so Medusa reads refunded as the gallery does; a mirror Medusa
 * cancelled before its payment was recorded gets the refund recorded now); creates its fulfilment and shipment once
 * the artist shipped, and marks it delivered once delivered.
 */
async function syncMirrorState(container: MedusaContainer, artistOrderId: string, orderId: string) {
  const [source, order] = await Promise.all([getOrderBookSource(container, artistOrderId), getMirrorOrder(container, orderId)])
  if (!source || !order) return
  if (source.gallery_status === "cancelled") {
    if (order.status !== "canceled") {
      await cancelOrderWorkflow(container).run({ input: { order_id: order.id, no_notification: true } })
    } else {
      await recordCancelledOrderRefund(container, order.id)
    }
    return
  }
  await recordMirrorRefunds(container, order.id, source.refunded_goods_cents)
  if (source.artist_status === "shipped" || source.artist_status === "delivered") {
    await syncFulfilment(container, source, order)
  }
}

/** A mirror made by this run for an artist order that is only paid (or processing) needs nothing more. */
function needsStateSync(mirror: MirrorArtistOrdersResult[string]): boolean {
  if (!mirror.created) return true
  return mirror.galleryStatus === "cancelled" || mirror.artistStatus === "shipped" || mirror.artistStatus === "delivered"
}

/**
 * Brings the Medusa mirrors of these artist orders in step with the gallery rows (the source of truth), doing only
 * what is missing: creates and links the mirrors of paid artist orders (one workflow for all), records their payments
 * (one read, and one workflow for those missing one: ./payments.ts), then cancels, fulfils, ships or delivers each one
 * whose gallery state asks for it. Under the artist orders' locks (Medusa's locking module:
 * in-process, or Redis with REDIS_URL; taken one key at a time in sorted order), so replays, the back-fill job and
 * racing handlers never make two mirrors or two fulfilments. Returns artist order id -> mirror id (null while unpaid).
 */
export async function syncArtistOrderMirrors(
  container: MedusaContainer,
  artistOrderIds: string[]
): Promise<Record<string, string | null>> {
  const ids = [...new Set(artistOrderIds)]
  if (!ids.length) return {}
  return withSortedLocks(
    container,
    ids.map(orderBookLockKey),
    MIRROR_LOCK_TIMEOUT_SECONDS,
    async () => {
      const { result } = await mirrorArtistOrdersWorkflow(container).run({ input: { artistOrderIds: ids } })
      // Before any cancellation: Medusa's cancellation refunds the payment it finds captured.
      await recordOrderPayments(container, ids.flatMap((id) => result[id]?.orderId ?? []))
      const mirrors: Record<string, string | null> = {}
      for (const id of ids) {
        const mirror = result[id]
        mirrors[id] = mirror?.orderId ?? null
        if (mirror?.orderId && needsStateSync(mirror)) {
          await syncMirrorState(container, id, mirror.orderId)
        }
      }
      return mirrors
    }
  )
}

/** One artist order's mirror (syncArtistOrderMirrors); its id, null while unpaid. */
export async function syncArtistOrderMirror(container: MedusaContainer, artistOrderId: string): Promise<string | null> {
  return (await syncArtistOrderMirrors(container, [artistOrderId]))[artistOrderId] ?? null
}

/**
 * A refund's record in the order book (outbox `refund-order-book`): the mirror made and brought in step first, then
 * what was refunded recorded on its payment under the artist order's lock (a mirror made by that same run is not
 * state-synced, so this does not rely on it).
 */
export async function syncArtistOrderRefunds(container: MedusaContainer, artistOrderId: string): Promise<void> {
  const orderId = await syncArtistOrderMirror(container, artistOrderId)
  if (!orderId) return
  await withSortedLocks(container, [orderBookLockKey(artistOrderId)], MIRROR_LOCK_TIMEOUT_SECONDS, async () => {
    const source = await getOrderBookSource(container, artistOrderId)
    if (source && source.gallery_status !== "cancelled") await recordMirrorRefunds(container, orderId, source.refunded_goods_cents)
  })
}
