import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_TOPIC, type ArtistOrderAddressChangedPayload } from "../../../lib/outbox"
import { getAddressChangesForEmail } from "../../../queries/address-changes"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"
import { galleryOrderTrackingPath } from "./shipment-email"

export const GALLERY_ADDRESS_CHANGED_TEMPLATE = "gallery-address-changed"

/**
 * Outbox handler of `gallery.artist_order.address_changed`: tells the buyer, at the order's email, that the address
 * one artist will ship to was set or changed, with the new address and the artist's name (docs/decisions.md,
 * "Per-artist addresses need the order's email"). Whoever holds the public id and the email can change an address;
 * this email is how a buyer learns of a change they did not make, before the artist ships. The idempotency key is
 * the change's, so a redelivered message sends nothing twice; a batch goes to the Notification module in one call.
 */
export async function sendAddressChangeEmails(container: MedusaContainer, payloads: ArtistOrderAddressChangedPayload[]) {
  const ids = [...new Set(payloads.map((p) => p.id))]
  const changes = await getAddressChangesForEmail(container, ids)
  const missing = ids.filter((id) => !changes.some((c) => c.id === id))
  if (missing.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`${GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_TOPIC}: address change(s) ${missing.join(", ")} not found`)
  }
  await sendNotificationsOnce(
    container,
    changes.map((change) => ({
      to: change.email,
      channel: "email",
      template: GALLERY_ADDRESS_CHANGED_TEMPLATE,
      trigger_type: GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_TOPIC,
      resource_type: "gallery_artist_order",
      resource_id: change.artist_order_id,
      idempotency_key: `${GALLERY_ADDRESS_CHANGED_TEMPLATE}:${change.id}`,
      data: {
        publicId: change.public_id,
        trackingPage: galleryOrderTrackingPath(change.public_id),
        artistName: change.artist_name,
        firstAddress: change.previous_address === null,
        shippingAddress: change.new_address,
        changedAt: new Date(change.changed_at).toISOString(),
      },
    }))
  )
}
