import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromCents } from "../../../lib/money"
import { GALLERY_ARTIST_ORDER_SHIPPED_TOPIC, type ArtistOrderShippedPayload } from "../../../lib/outbox"
import { isAcceptedCarrier, shownTrackingUrl } from "../../../lib/tracking-url"
import { getArtistOrderForShippingEmail } from "../../../queries/artist-orders"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"

export const GALLERY_ORDER_SHIPPED_TEMPLATE = "gallery-order-shipped"

/** The customer's tracking page on the gallery host (spec 4.5). */
export function galleryOrderTrackingPath(publicId: string): string {
  return `/gallery/orders/${publicId}`
}

/**
 * Outbox handler of `gallery.artist_order.shipped`: the shipping notification to the customer (spec 6) through the
 * Notification module, channel email. The idempotency key is the artist order's, so a redelivered message sends
 * nothing twice; an order with several artists sends one email per parcel.
 */
export async function sendShipmentEmail(container: MedusaContainer, payload: ArtistOrderShippedPayload) {
  const shipment = await getArtistOrderForShippingEmail(container, payload.id)
  if (!shipment) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`${GALLERY_ARTIST_ORDER_SHIPPED_TOPIC}: artist order ${payload.id} not found`)
    return
  }
  await sendNotificationsOnce(container, [{
    to: shipment.email,
    channel: "email",
    template: GALLERY_ORDER_SHIPPED_TEMPLATE,
    trigger_type: GALLERY_ARTIST_ORDER_SHIPPED_TOPIC,
    resource_type: "gallery_artist_order",
    resource_id: shipment.id,
    idempotency_key: `${GALLERY_ORDER_SHIPPED_TEMPLATE}:${shipment.id}`,
    data: {
      publicId: shipment.public_id,
      trackingPage: galleryOrderTrackingPath(shipment.public_id),
      artistName: shipment.artist_name,
      carrier: shipment.carrier && isAcceptedCarrier(shipment.carrier) ? shipment.carrier : null,
      trackingNumber: shipment.tracking_number,
      // Only an https link reaches the customer's mailbox.
      trackingUrl: shownTrackingUrl(shipment.tracking_url, shipment.tracking_number),
      shippedAt: shipment.shipped_at ? new Date(shipment.shipped_at).toISOString() : null,
      shippingAddress: shipment.shipping_address,
      items: shipment.items.map((item) => ({
        productId: item.product_id,
        productName: item.product_name,
        quantity: item.quantity,
        price: fromCents(item.price_cents),
        image: item.image,
      })),
    },
  }])
}
