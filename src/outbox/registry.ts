import type { MedusaContainer } from "@medusajs/framework/types"
import { GALLERY_ORDER_PAID_HANDLERS, type GalleryOrderPaidPayload } from "../lib/outbox"
import { sendGalleryOrderPaidEmails } from "./handlers/order-paid-emails"
import { recordGalleryReferralConversions } from "./handlers/referral-conversions"
import { transferGalleryOrderPayouts } from "./handlers/transfer-payouts"

export type OutboxHandler = (container: MedusaContainer, payload: GalleryOrderPaidPayload) => Promise<void>

/**
 * The outbox's handlers by name (the `handler` column). They take the place of event subscribers for work that must
 * survive a crash: a Medusa subscriber on the in-process event bus is lost with its process.
 */
export const OUTBOX_HANDLERS: Record<string, OutboxHandler> = {
  [GALLERY_ORDER_PAID_HANDLERS.transferPayouts]: transferGalleryOrderPayouts,
  [GALLERY_ORDER_PAID_HANDLERS.orderPaidEmails]: sendGalleryOrderPaidEmails,
  [GALLERY_ORDER_PAID_HANDLERS.referralConversions]: recordGalleryReferralConversions,
}
