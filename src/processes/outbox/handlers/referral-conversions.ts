import type { MedusaContainer } from "@medusajs/framework/types"
import type { GalleryOrderPaidPayload } from "../../../lib/outbox"
import { getGalleryOrderForEmail } from "../../../queries/gallery-orders"
import { recordReferralConversionsWorkflow } from "../../../workflows/referrals/workflows/record-referral-conversions"

/**
 * Outbox handler of `gallery.order.paid` (spec part 3: "referral conversion recorded if referral cookie present"):
 * when the buyer carried a `gallery_ref` session at checkout, each artist organization's share (its merchandise
 * subtotal) is credited to that session's live referral to the organization. Idempotent (the referrals module records
 * an order once), and outside the payment path, so a failure here never affects the paid order.
 */
export async function recordGalleryReferralConversions(container: MedusaContainer, payload: GalleryOrderPaidPayload) {
  if (!payload.referral_session_id) return
  const order = await getGalleryOrderForEmail(container, payload.id)
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
