import type { MedusaContainer } from "@medusajs/framework/types"
import {
  GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS,
  GALLERY_ORDER_PAID_HANDLERS,
  type ArtistOrderShippedPayload,
  type GalleryOrderPaidPayload,
} from "../lib/outbox"
import { sendGalleryOrderPaidEmails } from "./handlers/order-paid-emails"
import { recordGalleryReferralConversions } from "./handlers/referral-conversions"
import { sendShipmentEmail } from "./handlers/shipment-email"
import { transferGalleryOrderPayouts } from "./handlers/transfer-payouts"

export type OutboxHandler = (container: MedusaContainer, payload: Record<string, unknown>) => Promise<void>

/**
 * The outbox's handlers by name (the `handler` column), each with the payload its topic's messages carry (written by
 * lib/outbox.ts). They take the place of event subscribers for work that must survive a crash: a Medusa subscriber on
 * the in-process event bus is lost with its process.
 */
export const OUTBOX_HANDLERS: Record<string, OutboxHandler> = {
  [GALLERY_ORDER_PAID_HANDLERS.transferPayouts]: (container, payload) =>
    transferGalleryOrderPayouts(container, payload as GalleryOrderPaidPayload),
  [GALLERY_ORDER_PAID_HANDLERS.orderPaidEmails]: (container, payload) =>
    sendGalleryOrderPaidEmails(container, payload as GalleryOrderPaidPayload),
  [GALLERY_ORDER_PAID_HANDLERS.referralConversions]: (container, payload) =>
    recordGalleryReferralConversions(container, payload as GalleryOrderPaidPayload),
  [GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS.shipmentEmail]: (container, payload) =>
    sendShipmentEmail(container, payload as ArtistOrderShippedPayload),
}
