import type { MedusaContainer } from "@medusajs/framework/types"
import type {
  ArtistOrderShippedPayload,
  GalleryOrderCancelledPayload,
  GalleryOrderPaidPayload,
  StoreOrderPaidPayload,
} from "../../../lib/outbox"
import type { WebhookEventType } from "../../../lib/webhooks"
import { syncArtistOrderMirrors } from "../../order-book/sync"
import {
  listListeningArtistOrders,
  listListeningArtistOrdersOfGalleryOrders,
  type ListeningArtistOrder,
} from "../../../queries/webhook-artist-orders"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { enqueueOrganizationWebhookEvents, listeningOrganizations, type OrganizationWebhookEventInput } from "../../../workflows/platform/utils/enqueue-webhook-events"
import { orderWebhookData } from "../../../workflows/platform/utils/webhook-event-data"

/**
 * Outbox handlers that turn the gallery's order events into the organizations' outbound webhook events
 * (docs/outbound-webhooks.md). Each starts with one query that finds the artist orders whose organization has an
 * endpoint listening (nothing more happens when none does: the checkout's benchmarked path). The event's data is the
 * artist order's Medusa order (the order book, docs/order-book.md) as `GET /v1/orders/{id}?expand=customer,items`
 * shows it; its mirror is made first when the order book's own handler has not made it yet (idempotent, under the
 * artist order's lock). Event keys (`order.paid:{order id}`) make a redelivered message queue nothing twice.
 */

type EventOf = (order: ListeningArtistOrder, data: Record<string, unknown>, orderId: string) => OrganizationWebhookEventInput[]

async function queueOrderEvents(container: MedusaContainer, listening: ListeningArtistOrder[], eventsOf: EventOf) {
  if (!listening.length) return
  const mirrors = await syncArtistOrderMirrors(
    container,
    listening.map((row) => row.artist_order_id)
  )
  const events: OrganizationWebhookEventInput[] = []
  for (const row of listening) {
    const orderId = mirrors[row.artist_order_id]
    const data = orderId ? await orderWebhookData(container, row.organization_id, orderId) : null
    if (orderId && data) events.push(...eventsOf(row, data, orderId))
  }
  await enqueueOrganizationWebhookEvents(container, events)
}

const event = (type: WebhookEventType, row: ListeningArtistOrder, data: Record<string, unknown>, orderId: string) => ({
  organization_id: row.organization_id,
  type,
  data,
  key: `${type}:${orderId}`,
})

/** `gallery.order.paid`: order.created and order.paid for each artist order (a batch of paid orders at once). */
export async function queueGalleryOrderPaidWebhooks(container: MedusaContainer, payloads: GalleryOrderPaidPayload[]) {
  const listening = await listListeningArtistOrdersOfGalleryOrders(
    container,
    payloads.map((p) => p.id),
    ["order.created", "order.paid"]
  )
  await queueOrderEvents(container, listening, (row, data, orderId) => [
    event("order.created", row, data, orderId),
    event("order.paid", row, data, orderId),
  ])
}

/** `gallery.artist_order.shipped`: order.shipped, its data with the shipment's `tracking` (carrier, number, URL). */
export async function queueArtistOrderShippedWebhooks(container: MedusaContainer, payload: ArtistOrderShippedPayload) {
  const listening = await listListeningArtistOrders(container, [payload.id], ["order.shipped"])
  await queueOrderEvents(container, listening, (row, data, orderId) => [
    event(
      "order.shipped",
      row,
      { ...data, tracking: { carrier: row.carrier, tracking_number: row.tracking_number, tracking_url: row.tracking_url } },
      orderId
    ),
  ])
}

/** `gallery.order.cancelled`: order.cancelled for each of its paid artist orders. */
export async function queueGalleryOrderCancelledWebhooks(container: MedusaContainer, payload: GalleryOrderCancelledPayload) {
  const listening = await listListeningArtistOrdersOfGalleryOrders(container, [payload.id], ["order.cancelled"])
  await queueOrderEvents(container, listening, (row, data, orderId) => [event("order.cancelled", row, data, orderId)])
}

/**
 * `store.order.paid` (docs/store-checkout.md): order.created and order.paid for the Medusa orders of settled store
 * payments, a batch at once, to the organizations that listen (one query finds them; nothing more when none does).
 */
export async function queueStoreOrderPaidWebhooks(container: MedusaContainer, payloads: StoreOrderPaidPayload[]) {
  if (!payloads.length) return
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const payments = await gallery.listStorePayments(
    { id: payloads.map((p) => p.store_payment_id) },
    { select: ["id", "organization_id", "order_id"] }
  )
  const listening = await listeningOrganizations(
    container,
    [...new Set(payments.map((p) => p.organization_id))],
    ["order.created", "order.paid"]
  )
  const events: OrganizationWebhookEventInput[] = []
  for (const payment of payments) {
    if (!payment.order_id || !listening.has(payment.organization_id)) continue
    const data = await orderWebhookData(container, payment.organization_id, payment.order_id)
    if (!data) continue
    for (const type of ["order.created", "order.paid"] as const) {
      events.push({ organization_id: payment.organization_id, type, data, key: `${type}:${payment.order_id}` })
    }
  }
  await enqueueOrganizationWebhookEvents(container, events)
}

