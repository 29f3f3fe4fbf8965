import type { IEventBusModuleService, IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { errorMessage } from "../../lib/error-message"
import { GALLERY_OUTBOX_READY_EVENT, galleryReturnMessages, type GalleryReturnPayload } from "../../lib/outbox"
import { REFUND_MESSAGES } from "../../lib/refunds"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import type { ReturnRecord } from "../../modules/gallery/service"
import { getMirrorOrder } from "../../queries/medusa/order-book"
import { findMirrorReturn, listStockOfOrderLines } from "../../queries/medusa/returns"
import { getReturn } from "../../queries/returns"
import { orderBookLockKey, syncArtistOrderMirror } from "../order-book/sync"
import { withSortedLocks } from "../../workflows/common/locks"
import { clearReturnRestockMarkers, restockReturnOnce } from "../../workflows/common/stock"
import { refundArtistOrder, settleRefund } from "../refunds/refunds"

async function nudgeOutbox(container: MedusaContainer): Promise<void> {
  const eventBus: IEventBusModuleService = container.resolve(Modules.EVENT_BUS)
  await eventBus.emit({ name: GALLERY_OUTBOX_READY_EVENT, data: {} }).catch((error: unknown) => {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Return: outbox nudge failed: ${errorMessage(error)}`)
  })
}

/**
 * A customer's return request (docs/returns.md), recorded with its emails and webhooks in one transaction under the
 * order's row lock; 400 when the window or the items refuse it.
 */
export async function requestGalleryReturn(
  container: MedusaContainer,
  input: { artistOrderId: string; items: { productId: string; quantity: number }[]; reason: string; windowDays: number; clientAddress: string | null }
): Promise<ReturnRecord> {
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const id = entityId("gret")
  const recorded = await gallery.requestReturn({
    returnId: id,
    artistOrderId: input.artistOrderId,
    items: input.items,
    reason: input.reason,
    clientAddress: input.clientAddress,
    windowDays: input.windowDays,
    now: new Date(),
    outbox: galleryReturnMessages(id, "requested"),
  })
  await nudgeOutbox(container)
  return recorded
}

/**
 * The artist's step on a return: accept (with instructions), refuse (with a reason) or receive. Receiving queues the
 * refund of its items and its record in the Medusa order book with the step itself; the refund is then made at once in
 * this request (refundReceivedReturn), the outbox finishing it should the process die. Returns the return as the step
 * left it (a receipt's refund id is read afterwards).
 */
export async function moveGalleryReturn(
  container: MedusaContainer,
  input: { returnId: string; organizationId: string; to: "accepted" | "refused" | "received"; instructions?: string | null; refusalReason?: string | null }
): Promise<ReturnRecord> {
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const moved = await gallery.moveReturn({ ...input, now: new Date(), outbox: galleryReturnMessages(input.returnId, input.to) })
  if (input.to === "received") {
    await refundReceivedReturn(container, input.returnId).catch((error: unknown) => {
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Return ${input.returnId}: refund deferred: ${errorMessage(error)}`)
    })
  }
  await nudgeOutbox(container)
  return moved
}

/**
 * The outbox's `return-refund` (and the receiving request): refunds a received return's items once, as a refund of
 * source `return` linked to it (the link is written with the refund, so a second run finds it and only finishes its
 * money). Items already refunded some other way leave nothing to refund: that refusal is logged, not retried.
 */
export async function refundReceivedReturn(container: MedusaContainer, returnId: string): Promise<void> {
  const found = await getReturn(container, returnId)
  if (!found || found.status !== "received") return
  if (found.refund_id) {
    await settleRefund(container, found.refund_id)
    return
  }
  try {
    await refundArtistOrder(container, {
      artistOrderId: found.artist_order_id,
      request: {
        kind: "items",
        items: found.items.map((line) => ({ id: line.artist_order_item_id, quantity: line.quantity })),
        includeShipping: false,
      },
      source: "return",
      reason: `Return received: ${found.reason}`,
      requestedBy: null,
      returnId,
    })
  } catch (error) {
    const refusedByRule = error instanceof MedusaError && error.type === MedusaError.Types.INVALID_DATA
    if (!refusedByRule || errorMessage(error) === REFUND_MESSAGES.refundFailed) throw error
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Return ${returnId}: nothing refunded: ${errorMessage(error)}`)
  }
}

/** The outbox handler of `return-refund`. */
export async function refundReceivedReturnMessage(container: MedusaContainer, payload: GalleryReturnPayload): Promise<void> {
  await refundReceivedReturn(container, payload.id)
}

/**
 * The outbox's `return-order-book`: the received return in the Medusa order book, under the artist order's lock — a
 * Medusa return on the mirror, its items received (the order module's own return records, so Medusa's admin shows
 * it), and the items back in stock at the location they shipped from. Idempotent by state: the Medusa return is found
 * by its lines' `gallery_return_id`, and once received nothing is done again. The stock goes back with a marker of the
 * return on each level, in the same write, so a process that dies before the receipt is recorded does not put it back
 * twice; the markers are removed once the order module has the receipt (docs/returns.md, "Crash safety and stock").
 */
export async function recordReturnInOrderBook(container: MedusaContainer, payload: GalleryReturnPayload): Promise<void> {
  const found = await getReturn(container, payload.id)
  if (!found || found.status !== "received") return
  const mirrorId = await syncArtistOrderMirror(container, found.artist_order_id)
  if (!mirrorId) return
  await withSortedLocks(container, [orderBookLockKey(found.artist_order_id)], 60, async () => {
    const mirror = await getMirrorOrder(container, mirrorId)
    if (!mirror) return
    const lineOf = new Map(mirror.items.flatMap((item) => (item.artist_order_item_id ? [[item.artist_order_item_id, item.id] as const] : [])))
    const items = found.items.flatMap((line) => {
      const lineId = lineOf.get(line.artist_order_item_id)
      return lineId ? [{ id: lineId, quantity: line.quantity }] : []
    })
    if (!items.length) return
    const orders: IOrderModuleService = container.resolve(Modules.ORDER)
    const stock = await listStockOfOrderLines(container, { orderId: mirrorId, lineIds: items.map((i) => i.id) })
    let medusaReturn = await findMirrorReturn(container, { orderId: mirrorId, galleryReturnId: found.id })
    if (!medusaReturn) {
      const created = await orders.createReturn({
        order_id: mirrorId,
        location_id: stock[0]?.location_id ?? null,
        items: items.map((item) => ({ ...item, metadata: { gallery_return_id: found.id } })),
        no_notification: true,
        description: `Gallery return ${found.id}`,
      })
      medusaReturn = { id: created.id, received_at: null, location_id: created.location_id ?? null }
    }
    const restock = items.flatMap((item) => {
      const held = stock.find((s) => s.line_item_id === item.id)
      return held ? [{ inventory_item_id: held.inventory_item_id, location_id: held.location_id, quantity: item.quantity }] : []
    })
    if (!medusaReturn.received_at) {
      await restockReturnOnce(container, found.id, restock)
      await orders.receiveReturn({ return_id: medusaReturn.id, items })
    }
    await clearReturnRestockMarkers(container, found.id, restock)
  })
}
