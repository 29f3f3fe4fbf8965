import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import { cancelStorePaymentOutOfStockStep } from "../steps/cancel-store-payment-out-of-stock"
import { createStoreOrderStep } from "../steps/create-store-order"
import { loadStorePaymentForSettlementStep, type SettleStorePaymentInput } from "../steps/load-store-payment-for-settlement"
import { markStorePaymentPaidStep } from "../steps/mark-store-payment-paid"
import { reserveStoreStockStep } from "../steps/reserve-store-stock"

/**
 * - `paid`: this run settled it (stock reserved, Medusa order made, payment paid, emails and referral credit queued);
 * - `unchanged`: the payment was not pending (settled or cancelled before): nothing was done;
 * - `not_succeeded`: pending, but its intent has not succeeded;
 * - `amount_mismatch`: the intent succeeded for another amount or currency: refused and recorded, not settled;
 * - `out_of_stock`: succeeded, but the stock was gone: refunded and cancelled, no order;
 * - `unknown`: no store payment has this intent.
 */
export type SettleStorePaymentOutcome = "paid" | "unchanged" | "not_succeeded" | "amount_mismatch" | "out_of_stock" | "unknown"

export type SettleStorePaymentResult = { outcome: SettleStorePaymentOutcome; orderId: string | null; storePaymentId: string | null }

/**
 * Settles a store payment — the one path of the sandbox confirm, `payment_intent.succeeded`,
 * `checkout.session.completed` and the reconciliation job. Run it through settleStorePayment (the payment's lock).
 */
export const settleStorePaymentWorkflow = createWorkflow(
  "settle-store-payment",
  (input: SettleStorePaymentInput) => {
    const loaded = loadStorePaymentForSettlementStep(input)
    const stock = reserveStoreStockStep(loaded)

    const cancelled = when("store-payment-out-of-stock", { loaded, stock }, ({ loaded, stock }) => {
      return loaded.settle && !stock.available
    }).then(() => cancelStorePaymentOutOfStockStep(loaded))

    const sold = when("store-payment-stock-reserved", { loaded, stock }, ({ loaded, stock }) => {
      return loaded.settle && stock.available
    }).then(() => {
      const order = createStoreOrderStep(loaded)
      // The outbox dispatcher's nudge, released only when the workflow succeeds (see mark-gallery-order-paid).
      emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} })
      markStorePaymentPaidStep(transform({ loaded, order }, ({ loaded, order }) => ({ loaded, orderId: order.orderId })))
      return order
    })

    const result = transform({ loaded, cancelled, sold }, ({ loaded, cancelled, sold }): SettleStorePaymentResult => {
      const payment = loaded.payment
      if (!payment) return { outcome: "unknown", orderId: null, storePaymentId: null }
      if (sold) return { outcome: "paid", orderId: sold.orderId, storePaymentId: payment.id }
      if (cancelled) return { outcome: "out_of_stock", orderId: null, storePaymentId: payment.id }
      if (loaded.mismatch) return { outcome: "amount_mismatch", orderId: null, storePaymentId: payment.id }
      return {
        outcome: payment.status === "pending" ? "not_succeeded" : "unchanged",
        orderId: payment.order_id,
        storePaymentId: payment.id,
      }
    })
    return new WorkflowResponse(result)
  }
)
