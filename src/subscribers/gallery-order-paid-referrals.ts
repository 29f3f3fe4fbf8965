import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { getGalleryOrderForEmail } from "../queries/gallery-orders"
import { recordReferralConversionsWorkflow } from "../workflows/referrals/workflows/record-referral-conversions"
import {
  GALLERY_ORDER_PAID_EVENT,
  type GalleryOrderPaidEventData,
} from "../workflows/gallery-checkout/workflows/mark-gallery-order-paid"

/**
 * `gallery.order.paid` (spec part 3: "referral conversion recorded if referral cookie present"): when the buyer
 * carried a `gallery_ref` session at checkout, each artist organization's share (its merchandise subtotal) is credited
 * to that session's live referral to the organization. Idempotent (the referrals module records an order once), and
 * outside the payment path, so a failure here never affects the paid order.
 */
export default async function galleryOrderPaidReferralsHandler({
  event,
  container,
}: SubscriberArgs<GalleryOrderPaidEventData>) {
  // Most orders come without a referral: nothing to read then.
  if (!event.data.referral_session_id) return
  const order = await getGalleryOrderForEmail(container, event.data.id)
  if (!order?.referral_session_id) return
  const amountsByOrganization: Record<string, number> = {}
  for (const artistOrder of order.artist_orders) {
    amountsByOrganization[artistOrder.organization_id] =
      (amountsByOrganization[artistOrder.organization_id] ?? 0) + artistOrder.subtotal_cents
  }
  await recordReferralConversionsWorkflow(container).run({
    input: {
      sessionId: order.referral_session_id,
      orderId: order.id,
      orderType: "gallery",
      amountsByOrganization,
      at: new Date(order.paid_at ?? Date.now()).toISOString(),
    },
  })
}

export const config: SubscriberConfig = {
  event: GALLERY_ORDER_PAID_EVENT,
  context: { subscriberId: "gallery-order-paid-referrals" },
}
