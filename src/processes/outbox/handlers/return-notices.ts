import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromCents } from "../../../lib/money"
import { GALLERY_RETURN_TOPIC, type GalleryReturnPayload } from "../../../lib/outbox"
import type { WebhookEventType } from "../../../lib/webhooks"
import { orderEmailRecipients } from "../../../queries/order-email-recipients"
import { getReturnNotice, type ReturnNotice } from "../../../queries/returns"
import { listListeningArtistOrders } from "../../../queries/webhook-artist-orders"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"
import { enqueueOrganizationWebhookEvents } from "../../../workflows/platform/utils/enqueue-webhook-events"
import { orderWebhookData } from "../../../workflows/platform/utils/webhook-event-data"
import { syncArtistOrderMirrors } from "../../order-book/sync"
import { galleryOrderTrackingPath } from "./shipment-email"

export const GALLERY_RETURN_REQUESTED_TEMPLATE = "gallery-return-requested"
export const GALLERY_RETURN_ACCEPTED_TEMPLATE = "gallery-return-accepted"
export const GALLERY_RETURN_REFUSED_TEMPLATE = "gallery-return-refused"

async function noticeOf(container: MedusaContainer, payload: GalleryReturnPayload): Promise<ReturnNotice | null> {
  const notice = await getReturnNotice(container, payload.id)
  if (!notice) container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${GALLERY_RETURN_TOPIC}: return ${payload.id} not found`)
  return notice
}

const lines = (notice: ReturnNotice) =>
  notice.lines.map((line) => ({ productName: line.product_name, quantity: line.quantity, price: fromCents(line.price_cents) }))

/**
 * Outbox handler of a return's steps (docs/returns.md): a request emails the artist's owners (unless order emails are
 * off); an acceptance emails the customer the instructions, a refusal its reason. Keys per return, step and recipient.
 */
export async function sendReturnEmails(container: MedusaContainer, payload: GalleryReturnPayload) {
  const notice = await noticeOf(container, payload)
  if (!notice) return
  const base = {
    channel: "email",
    trigger_type: `${GALLERY_RETURN_TOPIC}.${payload.step}`,
    resource_type: "gallery_return",
    resource_id: notice.id,
  }
  const data = {
    publicId: notice.public_id,
    artistName: notice.artist_name,
    trackingPage: galleryOrderTrackingPath(notice.public_id),
    reason: notice.reason,
    instructions: notice.instructions,
    refusalReason: notice.refusal_reason,
    items: lines(notice),
  }
  if (payload.step === "requested") {
    const recipients = (await orderEmailRecipients(container, [notice.organization_id])).get(notice.organization_id)
    const owners = recipients?.sends_order_emails ? recipients.owners : []
    await sendNotificationsOnce(
      container,
      owners.map((owner) => ({
        ...base,
        to: owner.email,
        template: GALLERY_RETURN_REQUESTED_TEMPLATE,
        receiver_id: owner.id,
        idempotency_key: `${GALLERY_RETURN_REQUESTED_TEMPLATE}:${notice.id}:${owner.id}`,
        data,
      }))
    )
    return
  }
  const template = payload.step === "accepted" ? GALLERY_RETURN_ACCEPTED_TEMPLATE : GALLERY_RETURN_REFUSED_TEMPLATE
  if (payload.step !== "accepted" && payload.step !== "refused") return
  await sendNotificationsOnce(container, [
    { ...base, to: notice.email, template, idempotency_key: `${template}:${notice.id}`, data },
  ])
}

/** Outbox handler: `return.requested` / `return.accepted` / `return.refused` to the organization's webhooks. */
export async function queueReturnWebhooks(container: MedusaContainer, payload: GalleryReturnPayload) {
  if (payload.step === "received") return
  const type = `return.${payload.step}` as WebhookEventType
  const notice = await noticeOf(container, payload)
  if (!notice) return
  const listening = await listListeningArtistOrders(container, [notice.artist_order_id], [type])
  if (!listening.length) return
  const mirrors = await syncArtistOrderMirrors(container, [notice.artist_order_id])
  const orderId = mirrors[notice.artist_order_id]
  const order = orderId ? await orderWebhookData(container, notice.organization_id, orderId) : null
  if (!orderId || !order) return
  await enqueueOrganizationWebhookEvents(container, [
    {
      organization_id: notice.organization_id,
      type,
      data: {
        ...order,
        return: {
          id: notice.id,
          status: notice.status,
          reason: notice.reason,
          instructions: notice.instructions,
          refusal_reason: notice.refusal_reason,
          items: notice.items.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
        },
      },
      key: `${type}:${notice.id}`,
    },
  ])
}
