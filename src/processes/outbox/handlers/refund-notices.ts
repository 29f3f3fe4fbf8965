import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromCents } from "../../../lib/money"
import { GALLERY_REFUND_SUCCEEDED_TOPIC, type GalleryRefundPayload } from "../../../lib/outbox"
import { orderEmailRecipients } from "../../../queries/order-email-recipients"
import { getRefundNotice, type RefundNotice } from "../../../queries/refunds"
import { getStoreRefundNotice } from "../../../queries/store-refunds"
import { listListeningArtistOrders } from "../../../queries/webhook-artist-orders"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"
import {
  enqueueOrganizationWebhookEvents,
  listeningOrganizations,
} from "../../../workflows/platform/utils/enqueue-webhook-events"
import { orderWebhookData } from "../../../workflows/platform/utils/webhook-event-data"
import { syncArtistOrderMirrors } from "../../order-book/sync"

export const GALLERY_REFUND_ISSUED_TEMPLATE = "gallery-refund-issued"
export const GALLERY_ARTIST_REFUND_ISSUED_TEMPLATE = "gallery-artist-refund-issued"

/**
 * A succeeded refund as its emails and webhooks tell it, a gallery artist order's or an artist-store order's (payload
 * `kind: "store"`): the same handlers serve both, only the reads differ.
 */
type Notice = Pick<
  RefundNotice,
  | "id"
  | "organization_id"
  | "amount_cents"
  | "shipping_cents"
  | "artist_share_cents"
  | "reason"
  | "refunded_at"
  | "public_id"
  | "email"
  | "artist_name"
  | "lines"
> & {
  store: boolean
  payout_action: RefundNotice["payout_action"]
  /** The gallery artist order (gallery refunds) or the store's Medusa order (store refunds). */
  artist_order_id: string | null
  order_id: string | null
  resource_type: "gallery_refund" | "store_refund"
}

async function noticeOf(container: MedusaContainer, payload: GalleryRefundPayload): Promise<Notice | null> {
  let notice: Notice | null = null
  if (payload.kind === "store") {
    const row = await getStoreRefundNotice(container, payload.id)
    if (row) {
      notice = {
        ...row,
        store: true,
        payout_action: "reversal",
        artist_order_id: null,
        order_id: row.order_id,
        resource_type: "store_refund",
      }
    }
  } else {
    const row = await getRefundNotice(container, payload.id)
    if (row) notice = { ...row, store: false, order_id: null, resource_type: "gallery_refund" }
  }
  if (!notice) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${GALLERY_REFUND_SUCCEEDED_TOPIC}: refund ${payload.id} not found`)
  }
  return notice
}

/** What a refund's email and webhook say of it (USD amounts). */
function refundFacts(notice: Notice) {
  return {
    id: notice.id,
    amount: fromCents(notice.amount_cents),
    shipping: fromCents(notice.shipping_cents),
    reason: notice.reason,
    refunded_at: notice.refunded_at ? new Date(notice.refunded_at).toISOString() : null,
  }
}

/**
 * Outbox handler of `gallery.refund.succeeded`: the customer's "refund issued" email and one to each owner of the
 * artist's organization (unless its settings turned order emails off), through the Notification module; keys per
 * refund and recipient, so a redelivered message sends nothing twice.
 */
export async function sendRefundEmails(container: MedusaContainer, payload: GalleryRefundPayload) {
  const notice = await noticeOf(container, payload)
  if (!notice) return
  const facts = refundFacts(notice)
  const recipients = (await orderEmailRecipients(container, [notice.organization_id])).get(notice.organization_id)
  const owners = recipients?.sends_order_emails ? recipients.owners : []
  await sendNotificationsOnce(container, [
    {
      to: notice.email,
      channel: "email",
      template: GALLERY_REFUND_ISSUED_TEMPLATE,
      trigger_type: GALLERY_REFUND_SUCCEEDED_TOPIC,
      resource_type: notice.resource_type,
      resource_id: notice.id,
      idempotency_key: `${GALLERY_REFUND_ISSUED_TEMPLATE}:${notice.id}`,
      data: {
        publicId: notice.public_id,
        artistName: notice.artist_name,
        amount: facts.amount,
        shipping: facts.shipping,
        reason: notice.reason,
        items: notice.lines.map((line) => ({
          productName: line.product_name,
          quantity: line.quantity,
          price: fromCents(line.price_cents),
        })),
      },
    },
    ...owners.map((owner) => ({
      to: owner.email,
      channel: "email",
      template: GALLERY_ARTIST_REFUND_ISSUED_TEMPLATE,
      trigger_type: GALLERY_REFUND_SUCCEEDED_TOPIC,
      resource_type: notice.resource_type,
      resource_id: notice.id,
      receiver_id: owner.id,
      idempotency_key: `${GALLERY_ARTIST_REFUND_ISSUED_TEMPLATE}:${notice.id}:${owner.id}`,
      data: {
        publicId: notice.public_id,
        amount: facts.amount,
        artistShare: fromCents(notice.artist_share_cents),
        payoutAction: notice.payout_action,
        reason: notice.reason,
        ...(notice.store ? { store: true } : {}),
      },
    })),
  ])
}

/**
 * Outbox handler of `gallery.refund.succeeded`: `order.refunded` to the organization's outbound webhooks (when one
 * listens), the order as GET /v1/orders/{id} shows it with the `refund`; keyed per refund (an order can have several).
 */
export async function queueRefundWebhooks(container: MedusaContainer, payload: GalleryRefundPayload) {
  const notice = await noticeOf(container, payload)
  if (!notice) return
  let orderId: string | null | undefined
  if (notice.artist_order_id) {
    const listening = await listListeningArtistOrders(container, [notice.artist_order_id], ["order.refunded"])
    if (!listening.length) return
    const mirrors = await syncArtistOrderMirrors(container, [notice.artist_order_id])
    orderId = mirrors[notice.artist_order_id]
  } else {
    const listening = await listeningOrganizations(container, [notice.organization_id], ["order.refunded"])
    if (!listening.has(notice.organization_id)) return
    orderId = notice.order_id
  }
  const data = orderId ? await orderWebhookData(container, notice.organization_id, orderId) : null
  if (!orderId || !data) return
  await enqueueOrganizationWebhookEvents(container, [
    {
      organization_id: notice.organization_id,
      type: "order.refunded",
      data: { ...data, refund: refundFacts(notice) },
      key: `order.refunded:${notice.id}`,
    },
  ])
}
