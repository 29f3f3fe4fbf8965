import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { fromCents } from "../../../../../lib/money"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../../../modules/payments"

/**
 * GET /api/sandbox/payment-intents/{id} — local gateway only: an intent as Stripe's dashboard shows it, so that a
 * refunded sale (e.g. the loser of a race for an original) can be seen: `{id, status, amount, currency,
 * application_fee_amount, transfer_data:{destination}|null, metadata, charge, last_payment_error, amount_refunded,
 * refunds:[{id, amount, status, created_at}], created_at}` — amounts in USD. 404 for an unknown intent.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const intent = await payments.retrieveSandboxPaymentIntentDetail(req.params.id)
  const refunded = intent.refunds.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0)
  res.json({
    id: intent.id,
    status: intent.status,
    amount: fromCents(intent.amountCents),
    currency: intent.currency,
    application_fee_amount: intent.applicationFeeCents === null ? null : fromCents(intent.applicationFeeCents),
    transfer_data: intent.destination ? { destination: intent.destination } : null,
    transfer_group: intent.transferGroup,
    metadata: intent.metadata,
    charge: intent.chargeId,
    receipt_email: intent.receiptEmail,
    last_payment_error: intent.lastError ? { message: intent.lastError } : null,
    amount_refunded: fromCents(refunded),
    refunds: intent.refunds.map((r) => ({ id: r.id, amount: fromCents(r.amountCents), status: r.status, created_at: r.createdAt.toISOString() })),
    created_at: intent.createdAt.toISOString(),
  })
}
