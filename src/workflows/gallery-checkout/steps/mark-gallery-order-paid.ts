import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { artistPayoutCents } from "../../../lib/gallery-fees"
import { galleryPaymentLedgerEntries } from "../../../lib/ledger"
import { galleryOrderPaidMessages } from "../../../lib/outbox"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { settledOrder, type LoadedGalleryPayment } from "./load-gallery-order-for-payment"

/** Code of the error thrown when the order stopped being pending meanwhile (the reservations are then released). */
export const ORDER_NO_LONGER_PENDING = "gallery_order_no_longer_pending"

/**
 * In one statement: the order and its artist orders become paid, transitions are recorded, one payout per artist
 * order (88 % of its subtotal plus its shipping, status pending) is created, the cart session's items are deleted, the outbox
 * messages of `gallery.order.paid` (transfers, emails, referral credit) are queued and each artist's earnings are
 * written to the ledger — so they exist exactly when the
 * payment is recorded, whatever happens to this process afterwards. Guarded by
 * `status = 'pending'`: if another process settled the order first, this step fails and the stock reserved by this
 * run is released by compensation.
 */
export const markGalleryOrderPaidStep = createStep(
  "mark-gallery-order-paid",
  async (input: LoadedGalleryPayment, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const order = settledOrder(input)
    const paidAt = new Date()
    const payouts = order.artist_orders.map((a) => ({
      artist_order_id: a.id,
      organization_id: a.organization_id,
      amount_cents: artistPayoutCents(a.subtotal_cents, a.shipping_cents),
    }))
    const result = await gallery.markOrderPaid({
      orderId: order.id,
      paidAt,
      artistOrderIds: order.artist_orders.filter((a) => a.status === "pending").map((a) => a.id),
      payouts,
      // What each artist earned (their payout: 88 % of the merchandise, and the shipping), written by the same
      // statement for the artist orders that became paid (docs/payouts-ledger.md).
      ledger: galleryPaymentLedgerEntries({
        id: order.id,
        publicId: order.public_id,
        paidAt,
        artistOrders: order.artist_orders.map((a, i) => ({
          id: a.id,
          organizationId: a.organization_id,
          payoutCents: payouts[i].amount_cents,
          shippingCents: a.shipping_cents,
        })),
      }),
      outbox: galleryOrderPaidMessages({
        id: order.id,
        referral_session_id: order.referral_session_id ?? null,
        charge_id: input.intent?.chargeId ?? null,
      }),
    })
    if (!result.paid) {
      throw new MedusaError(MedusaError.Types.CONFLICT, `Gallery order ${order.id} is no longer pending`, ORDER_NO_LONGER_PENDING)
    }
    return new StepResponse({ paidAt: paidAt.toISOString(), payouts: result.payouts })
  }
)
