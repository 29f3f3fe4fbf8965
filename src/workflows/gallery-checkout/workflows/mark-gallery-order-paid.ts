import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import { countGalleryCheckoutPaid } from "../../../metrics"
import type { RetrievedPaymentIntent } from "../../../modules/payments"
import { findGalleryOrderByPaymentIntent, type GalleryOrderHead } from "../../../queries/gallery-orders"
import { cancelGalleryOrderOutOfStockStep } from "../steps/cancel-gallery-order-out-of-stock"
import { loadGalleryOrderForPaymentStep } from "../steps/load-gallery-order-for-payment"
import { markGalleryOrderPaidStep, ORDER_NO_LONGER_PENDING } from "../steps/mark-gallery-order-paid"
import { reserveGalleryStockStep } from "../steps/reserve-gallery-stock"
import { galleryOrderLockKey, withLock } from "../../common/locks"

export type MarkGalleryOrderPaidInput = {
  /** The intent that pays the order (one order per intent). */
  paymentIntentId: string
  /** The order, when the caller knows it (the intent's metadata names it too); it must be paid by that intent. */
  orderId: string
  /** The intent as the caller just got it from the gateway (confirm, sandbox); the workflow retrieves it otherwise. */
  paymentIntent?: RetrievedPaymentIntent | null
}

/**
 * - `paid`: this run settled the payment (stock reserved, order paid, payouts created, outbox messages queued);
 * - `unchanged`: the order was not pending (already paid, later, or cancelled): nothing was done;
 * - `not_succeeded`: the order is pending but its payment has not succeeded: nothing was done;
 * - `amount_mismatch`: the intent succeeded for another amount or currency than the order's: left unpaid;
 * - `out_of_stock`: the payment succeeded but an item was sold meanwhile: refunded and cancelled;
 * - `unknown`: no gallery order is paid by this intent.
 */
export type MarkGalleryOrderPaidOutcome =
  | "paid"
  | "unchanged"
  | "not_succeeded"
  | "amount_mismatch"
  | "out_of_stock"
  | "unknown"

export type MarkGalleryOrderPaidResult = { outcome: MarkGalleryOrderPaidOutcome; order: GalleryOrderHead | null }

/**
 * Settles a gallery order's successful payment — the one path shared by the confirm route, the
 * `payment_intent.succeeded` webhook and the sandbox. Run it through markGalleryOrderPaid (the order lock).
 */
export const markGalleryOrderPaidWorkflow = createWorkflow(
  "mark-gallery-order-paid",
  (input: MarkGalleryOrderPaidInput) => {
    const loaded = loadGalleryOrderForPaymentStep(input)
    const stock = reserveGalleryStockStep(loaded)

    const cancelled = when("gallery-order-out-of-stock", { loaded, stock }, ({ loaded, stock }) => {
      return loaded.settle && stock.attempted && !stock.available
    }).then(() => cancelGalleryOrderOutOfStockStep(loaded))

    const paid = when("gallery-order-stock-reserved", { loaded, stock }, ({ loaded, stock }) => {
      return loaded.settle && stock.available
    }).then(() => {
      // A nudge for the outbox dispatcher (transfers, emails), released only when the workflow succeeds; queued before
      // the paid write so that nothing after that write can fail and compensate the stock of a paid order. The
      // messages themselves commit with the payment: the dispatch job delivers them if this nudge is lost.
      emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} })
      return markGalleryOrderPaidStep(loaded)
    })

    const result = transform({ loaded, cancelled, paid }, ({ loaded, cancelled, paid }): MarkGalleryOrderPaidResult => {
      const { order } = loaded
      if (!order) return { outcome: "unknown", order: null }
      const head: GalleryOrderHead = {
        id: order.id,
        public_id: order.public_id,
        status: order.status,
        email: order.email,
        total_cents: order.total_cents,
        created_at: order.created_at,
        paid_at: order.paid_at,
        payment_intent_id: order.payment_intent_id,
        payment_failure: order.payment_failure,
      }
      if (paid) return { outcome: "paid", order: { ...head, status: "paid", paid_at: new Date(paid.paidAt) } }
      if (cancelled) {
        return {
          outcome: "out_of_stock",
          order: cancelled.cancelled ? { ...head, status: "cancelled", payment_failure: "out_of_stock" } : head,
        }
      }
      if (loaded.mismatch) return { outcome: "amount_mismatch", order: head }
      return { outcome: order.status === "pending" ? "not_succeeded" : "unchanged", order: head }
    })
    return new WorkflowResponse(result)
  }
)

/** Seconds a second settlement (or a cancellation) of the same order waits for the first. */
const ORDER_LOCK_TIMEOUT_SECONDS = 30

/**
 * Runs markGalleryOrderPaidWorkflow under Medusa's locking module, keyed by the order: concurrent settlements of one
 * order (confirm, webhook, sandbox) — and its cancellation — run one after the other, and every settlement after the
 * first finds the order no longer pending and changes nothing. In-process by default, across processes with the Redis
 * locking provider; the `status = 'pending'` guards in the writes keep it exactly-once even without a shared lock.
 *
 * `orderId` is optional: without it (or when it is not the intent's order) the order is looked up by the intent.
 */
export async function markGalleryOrderPaid(
  container: MedusaContainer,
  input: Omit<MarkGalleryOrderPaidInput, "orderId"> & { orderId?: string | null }
): Promise<MarkGalleryOrderPaidResult> {
  let orderId = input.orderId || null
  if (!orderId) {
    orderId = (await findGalleryOrderByPaymentIntent(container, input.paymentIntentId))?.id ?? null
    if (!orderId) return { outcome: "unknown", order: null }
  }
  const workflowInput: MarkGalleryOrderPaidInput = { ...input, orderId }
  const result = await withLock(
    container,
    galleryOrderLockKey(orderId),
    ORDER_LOCK_TIMEOUT_SECONDS,
    async (): Promise<MarkGalleryOrderPaidResult> => {
      try {
        const { result } = await markGalleryOrderPaidWorkflow(container).run({ input: workflowInput })
        return result
      } catch (error) {
        // Settled by someone else between our read and our write (only possible without a shared lock).
        if ((error as { code?: string }).code !== ORDER_NO_LONGER_PENDING) throw error
        const order = await findGalleryOrderByPaymentIntent(container, input.paymentIntentId)
        if (!order) throw error
        return { outcome: "unchanged", order }
      }
    }
  )
  // A stale order id (e.g. from foreign metadata): settle by the intent's own order instead.
  if (result.outcome === "unknown" && input.orderId) return markGalleryOrderPaid(container, { ...input, orderId: null })
  // `paid` happens once per order (the paid write's status guard), in the process that settled it (docs/operations.md).
  if (result.outcome === "paid" && result.order) countGalleryCheckoutPaid(result.order.total_cents)
  return result
}
