import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromCents } from "../../../lib/money"
import { GALLERY_ORDER_PAID_TOPIC, type GalleryOrderPaidPayload } from "../../../lib/outbox"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"
import { getGalleryOrdersForEmail, type GalleryOrderForEmail } from "../../../queries/gallery-orders"
import { orderEmailRecipients, type OrderEmailRecipients } from "../../../queries/order-email-recipients"

export const GALLERY_ORDER_CONFIRMATION_TEMPLATE = "gallery-order-confirmation"
export const GALLERY_ARTIST_NEW_ORDER_TEMPLATE = "gallery-artist-new-order"

function items(list: GalleryOrderForEmail["artist_orders"][number]["items"]) {
  return list.map((i) => ({
    productId: i.product_id,
    productName: i.product_name,
    quantity: i.quantity,
    price: fromCents(i.price_cents),
    image: i.image,
  }))
}

/**
 * The customer's confirmation and one new-order email per artist order and owner of its organization (none when the
 * organization's settings turned order emails off).
 */
function orderPaidNotifications(order: GalleryOrderForEmail, recipients: ReadonlyMap<string, OrderEmailRecipients>) {
  return [
    {
      to: order.email,
      channel: "email",
      template: GALLERY_ORDER_CONFIRMATION_TEMPLATE,
      trigger_type: GALLERY_ORDER_PAID_TOPIC,
      resource_type: "gallery_order",
      resource_id: order.id,
      idempotency_key: `${GALLERY_ORDER_CONFIRMATION_TEMPLATE}:${order.id}`,
      data: {
        publicId: order.public_id,
        total: fromCents(order.total_cents),
        subtotal: fromCents(order.subtotal_cents),
        shipping: fromCents(order.shipping_cents),
        galleryFee: fromCents(order.gallery_fee_cents),
        stripeFee: fromCents(order.stripe_fee_cents),
        shippingOption: order.shipping_option,
        shippingAddress: order.shipping_address,
        paidAt: order.paid_at ? new Date(order.paid_at).toISOString() : null,
        artistOrders: order.artist_orders.map((a) => ({
          artistName: a.artist_name,
          subtotal: fromCents(a.subtotal_cents),
          shipping: fromCents(a.shipping_cents),
          shippingMethod: a.shipping_option_name,
          items: items(a.items),
        })),
      },
    },
    ...order.artist_orders.flatMap((artistOrder) => {
      const organization = recipients.get(artistOrder.organization_id)
      if (!organization?.sends_order_emails) return []
      return organization.owners.map((owner) => ({
        to: owner.email,
        channel: "email",
        template: GALLERY_ARTIST_NEW_ORDER_TEMPLATE,
        trigger_type: GALLERY_ORDER_PAID_TOPIC,
        resource_type: "gallery_artist_order",
        resource_id: artistOrder.id,
        receiver_id: owner.id,
        idempotency_key: `${GALLERY_ARTIST_NEW_ORDER_TEMPLATE}:${artistOrder.id}:${owner.id}`,
        data: {
          publicId: order.public_id,
          artistName: artistOrder.artist_name,
          subtotal: fromCents(artistOrder.subtotal_cents),
          shipping: fromCents(artistOrder.shipping_cents),
          shippingMethod: artistOrder.shipping_option_name,
          artistPayout: fromCents(artistOrder.payout_cents),
          shippingOption: order.shipping_option,
          shippingAddress: artistOrder.shipping_address,
          items: items(artistOrder.items),
        },
      }))
    }),
  ]
}

/**
 * Outbox handler of `gallery.order.paid`: the order confirmation to the customer and a new-order notification per
 * artist order to each owner of its organization (unless the organization's notification settings turned order emails
 * off), through the Notification module (channel email), for a batch of paid orders at once (one read of the orders,
 * one of their organizations' owners and settings, one createNotifications). Idempotency keys per
 * order / artist order / owner make a redelivered message send nothing twice.
 */
export async function sendGalleryOrderPaidEmails(container: MedusaContainer, payloads: GalleryOrderPaidPayload[]) {
  const orders = await getGalleryOrdersForEmail(
    container,
    payloads.map((p) => p.id)
  )
  if (orders.length < payloads.length) {
    const found = new Set(orders.map((o) => o.id))
    const missing = payloads.filter((p) => !found.has(p.id)).map((p) => p.id)
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${GALLERY_ORDER_PAID_TOPIC}: orders ${missing.join(", ")} not found`)
  }
  if (!orders.length) return
  // An organization whose owners turned off order emails (settings, email_orders false) gets none; the customer's
  // confirmation is unaffected.
  const recipients = await orderEmailRecipients(
    container,
    orders.flatMap((o) => o.artist_orders.map((a) => a.organization_id))
  )
  await sendNotificationsOnce(container, orders.flatMap((order) => orderPaidNotifications(order, recipients)))
}
