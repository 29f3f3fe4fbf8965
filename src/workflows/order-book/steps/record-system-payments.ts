import type { UpsertPaymentCollectionDTO } from "@medusajs/framework/types"
import { PaymentCollectionStatus, PaymentSessionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SYSTEM_PAYMENT_PROVIDER_ID, type OrderPaymentPlan } from "../../../lib/order-payments"
import { paymentRecordWrites } from "../utils/payment-records"

/**
 * Writes, for every planned order at once, the rows Medusa's "Mark as paid" (markPaymentCollectionAsPaid) writes one
 * order at a time: the system provider's session, authorized; its payment, captured; the capture of the whole amount;
 * then the collection's figures as Medusa computes them after a capture (completed, authorized and captured in full).
 * No provider is called: the system provider records nothing of its own (its answers are empty), and no money moves
 * (Stripe took it). Ids derive from the order's (orderPaymentIds), in this order, so a run that died half-way left a
 * prefix that the next run completes. Nothing is compensated here: a collection this run created is deleted with its
 * sessions and payments by its own step's compensation; rows under an older one are finished by the next run.
 */
export const recordSystemPaymentsStep = createStep("record-system-payments", async (plans: OrderPaymentPlan[], { container }) => {
  const payments = paymentRecordWrites(container)
  // The payment is made when its session is authorized and captured after it, as in Medusa's flow: Medusa's order
  // page lists "Awaiting payment" (the payment's creation) before "Payment captured".
  const authorizedAt = new Date()
  const capturedAt = new Date(authorizedAt.getTime() + 1)
  const sessions = plans.filter((p) => p.createSession)
  if (sessions.length) {
    await payments.createPaymentSessions(
      sessions.map((p) => ({
        id: p.sessionId,
        payment_collection_id: p.collectionId,
        provider_id: SYSTEM_PAYMENT_PROVIDER_ID,
        amount: p.amount,
        currency_code: p.currencyCode,
        data: {},
        context: {},
        status: PaymentSessionStatus.AUTHORIZED,
        authorized_at: authorizedAt,
      }))
    )
  }
  const made = plans.filter((p) => p.createPayment)
  if (made.length) {
    await payments.createPayments(
      made.map((p) => ({
        id: p.paymentId,
        payment_collection_id: p.collectionId,
        payment_session: p.sessionId,
        provider_id: SYSTEM_PAYMENT_PROVIDER_ID,
        amount: p.amount,
        currency_code: p.currencyCode,
        data: {},
        created_at: authorizedAt,
        captured_at: capturedAt,
      }))
    )
  }
  const captures = plans.filter((p) => p.createCapture)
  if (captures.length) {
    await payments.createCaptures(captures.map((p) => ({ id: p.captureId, payment: p.paymentId, amount: p.amount, created_at: capturedAt })))
  }
  const completed = plans.filter((p) => p.completeCollection)
  if (completed.length) {
    // One update per collection, each with its own figures (upsert with ids updates); the DTO types fewer fields than
    // the module writes.
    await payments.upsertPaymentCollections(
      completed.map((p) => ({
        id: p.collectionId,
        status: PaymentCollectionStatus.COMPLETED,
        authorized_amount: p.amount,
        captured_amount: p.amount,
        refunded_amount: 0,
        completed_at: capturedAt,
      })) as UpsertPaymentCollectionDTO[]
    )
  }
  return new StepResponse(plans.filter((p) => p.createCapture).map((p) => p.captureId))
})
