import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { storePaymentLedgerEntries } from "../../../lib/ledger"
import { storeOrderPaidMessages } from "../../../lib/outbox"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { settledPayment, type LoadedStorePayment } from "./load-store-payment-for-settlement"

/** Code of the error thrown when the payment stopped being pending meanwhile (compensation undoes this run). */
export const STORE_PAYMENT_NO_LONGER_PENDING = "store_payment_no_longer_pending"

/**
 * pending -> paid with its Medusa order, queuing the sale's emails and referral credit and writing its ledger entries in
 * the same statement (so they exist exactly when the payment is recorded as paid). Guarded by `status = 'pending'`.
 */
export const markStorePaymentPaidStep = createStep(
  "mark-store-payment-paid",
  async (input: { loaded: LoadedStorePayment; orderId: string }, { container }) => {
    const payment = settledPayment(input.loaded)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const paidAt = new Date()
    const paid = await gallery.markStorePaymentPaid({
      id: payment.id,
      orderId: input.orderId,
      paidAt,
      // The destination charge's transfer, which a lost dispute reverses (docs/disputes.md, "Store payments").
      transferId: input.loaded.transferId,
      outbox: storeOrderPaidMessages({
        store_payment_id: payment.id,
        order_id: input.orderId,
        referral_session_id: payment.referral_session_id,
      }),
      // The sale, its shipping, the plan fee and the destination charge's transfer (docs/payouts-ledger.md).
      ledger: storePaymentLedgerEntries({
        id: payment.id,
        organizationId: payment.organization_id,
        paymentIntentId: payment.payment_intent_id,
        subtotalCents: payment.subtotal_cents,
        shippingCents: payment.shipping_cents,
        platformFeeCents: payment.platform_fee_cents,
        paidAt,
      }),
    })
    if (!paid) {
      throw new MedusaError(MedusaError.Types.CONFLICT, `Store payment ${payment.id} is no longer pending`, STORE_PAYMENT_NO_LONGER_PENDING)
    }
    return new StepResponse({ paidAt: paidAt.toISOString() })
  }
)
