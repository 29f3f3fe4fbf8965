import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYMENTS_MODULE, sandboxDisputeObject, type PaymentsModuleService } from "../../../../../../modules/payments"
import { raiseSandboxDisputeEvent } from "./raise-event"

/** The optional body: `amount` (cents), `reason`, `evidence_due_by` (Unix seconds or an ISO date-time). */
function disputeInput(body: Record<string, unknown>): { amountCents?: number; reason?: string; evidenceDueBy?: Date } {
  const input: { amountCents?: number; reason?: string; evidenceDueBy?: Date } = {}
  if (body.amount !== undefined) {
    if (typeof body.amount !== "number" || !Number.isSafeInteger(body.amount) || body.amount < 1) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "amount must be a positive integer number of cents")
    }
    input.amountCents = body.amount
  }
  if (body.reason !== undefined) {
    if (typeof body.reason !== "string" || !/^[a-z_]{1,64}$/.test(body.reason)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "reason must be one of Stripe's dispute reasons, e.g. fraudulent")
    }
    input.reason = body.reason
  }
  if (body.evidence_due_by !== undefined) {
    const value = body.evidence_due_by
    const date = typeof value === "number" ? new Date(value * 1000) : typeof value === "string" ? new Date(value) : null
    if (!date || Number.isNaN(date.getTime())) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "evidence_due_by must be Unix seconds or an ISO date-time")
    }
    input.evidenceDueBy = date
  }
  return input
}

/**
 * POST /api/sandbox/payment-intents/{id}/dispute {amount?, reason?, evidence_due_by?} — local gateway only
 * (docs/disputes.md): the cardholder's bank disputes the intent's charge. The dispute (`du_...`, `needs_response`,
 * of the whole unrefunded charge unless `amount` says otherwise) is created, then `charge.dispute.created` is raised
 * as Stripe's webhook would, synchronously and through the same handler. A charge has one dispute: calling again
 * answers it as it is and raises its event again. 200 with the dispute as Stripe's object; 400 for a bad body or an
 * intent without a successful charge; 404 for an unknown intent.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {}
  const dispute = await payments.openSandboxDispute(req.params.id, disputeInput(body))
  const object = sandboxDisputeObject(dispute)
  await raiseSandboxDisputeEvent(req, { id: `evt_sandbox_${dispute.id}_created`, type: "charge.dispute.created", object })
  res.json(object)
}
