import type { MedusaContainer } from "@medusajs/framework/types"
import { cancelledOrderRefundPlan, orderPaymentIds, orderPaymentPlan, refundsStillToRecord } from "../../lib/order-payments"
import { getOrderPaymentStates } from "../../queries/medusa/order-payments"
import { storeOrderRefundedGoodsCents } from "../../queries/store-refunds"
import { refundPaymentsWorkflow } from "@medusajs/medusa/core-flows"
import { withSortedLocks } from "../../workflows/common/locks"
import { recordCancelledOrderRefundWorkflow } from "../../workflows/order-book/workflows/record-cancelled-order-refund"
import { recordOrderPaymentsWorkflow } from "../../workflows/order-book/workflows/record-order-payments"

/** Seconds a second run for the same order waits for the first (as the mirror sync). */
const PAYMENT_LOCK_TIMEOUT_SECONDS = 60

/** The lock of one store order's order book record (a mirror's is its artist order's, src/processes/order-book/sync.ts). */
export function orderPaymentLockKey(orderId: string): string {
  return `order-book:${orderId}`
}

/**
 * Makes these Medusa orders read as paid in Medusa (docs/order-book.md, "Payments"): one read of what exists of their
 * payment records, then — only when something is missing — one workflow that writes it for all of them
 * (recordOrderPaymentsWorkflow). Idempotent: an order whose records are complete is left alone, and the records' ids
 * derive from the order's, so a replay, the back-fill job or a retry after a crash never makes a second collection,
 * payment or capture. The caller holds the orders' locks. Returns how many orders needed something.
 */
export async function recordOrderPayments(container: MedusaContainer, orderIds: string[]): Promise<number> {
  if (!orderIds.length) return 0
  const states = await getOrderPaymentStates(container, [...new Set(orderIds)])
  const plans = states.flatMap((state) => orderPaymentPlan(state) ?? [])
  if (plans.length) await recordOrderPaymentsWorkflow(container).run({ input: { plans } })
  return plans.length
}

/**
 * Records the refund of a cancelled order's captured payment in Medusa when its Medusa order was cancelled without one
 * (a mirror cancelled before its payment was recorded): the refund and its credit line, as Medusa's cancellation makes
 * them (recordCancelledOrderRefundWorkflow); no money moves (the gallery refunded the charge at Stripe). Orders
 * cancelled with a captured payment need none of this: Medusa's cancellation refunds and credits it. The caller holds
 * the order's lock.
 */
export async function recordCancelledOrderRefund(container: MedusaContainer, orderId: string): Promise<void> {
  const [state] = await getOrderPaymentStates(container, [orderId])
  if (state?.medusa_status !== "canceled") return
  const plan = cancelledOrderRefundPlan(state)
  if (plan) await recordCancelledOrderRefundWorkflow(container).run({ input: plan })
}

/**
 * `store.order.paid` (docs/store-checkout.md) and the back-fill job: the store checkout orders' payments, under the
 * orders' locks. The settlement created each order with its captured transaction; this adds the payment collection
 * Medusa's admin reads, off the checkout's path.
 */
export async function recordStoreOrderPayments(container: MedusaContainer, orderIds: string[]): Promise<number> {
  const ids = [...new Set(orderIds)]
  if (!ids.length) return 0
  return withSortedLocks(container, ids.map(orderPaymentLockKey), PAYMENT_LOCK_TIMEOUT_SECONDS, () => recordOrderPayments(container, ids))
}

/**
 * Records in Medusa what the gallery refunded of a mirror's merchandise and shipping (docs/refunds.md): Medusa's refund
 * workflow on the system payment (a refund and the order's negative transaction; no money moves, the gallery refunded
 * at Stripe) for the part not recorded yet, so Medusa's admin shows the order partially or wholly refunded. Idempotent
 * by state: what Medusa already holds is subtracted (refundsStillToRecord). The caller holds the artist order's lock.
 */
export async function recordMirrorRefunds(
  container: MedusaContainer,
  orderId: string,
  refundedGoodsCents: number,
  note = "Refunded by the gallery"
): Promise<void> {
  if (refundedGoodsCents <= 0) return
  const [state] = await getOrderPaymentStates(container, [orderId])
  const amount = state ? refundsStillToRecord(state, refundedGoodsCents) : 0
  if (amount <= 0) return
  await refundPaymentsWorkflow(container).run({
    input: [{ payment_id: orderPaymentIds(orderId).paymentId, amount, note }],
  })
}

/**
 * Records in Medusa what refunds from Atelier gave back of an artist-store order (docs/refunds.md, "Store orders"):
 * under the order's lock, its payment records first when `store-order-payment` has not made them yet (a refund may
 * come first), then the refunded merchandise and shipping on its system payment, idempotent by state as for mirrors.
 */
export async function recordStoreOrderRefunds(container: MedusaContainer, orderId: string): Promise<void> {
  await withSortedLocks(container, [orderPaymentLockKey(orderId)], PAYMENT_LOCK_TIMEOUT_SECONDS, async () => {
    await recordOrderPayments(container, [orderId])
    const refundedGoodsCents = await storeOrderRefundedGoodsCents(container, orderId)
    await recordMirrorRefunds(container, orderId, refundedGoodsCents, "Refunded by the artist's store")
  })
}
