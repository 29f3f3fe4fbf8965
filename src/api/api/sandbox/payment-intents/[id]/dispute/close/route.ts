import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PAYMENTS_MODULE, sandboxDisputeObject, type PaymentsModuleService } from "../../../../../../../modules/payments"
import { raiseSandboxDisputeEvent } from "../raise-event"

/**
 * POST /api/sandbox/payment-intents/{id}/dispute/close {outcome: "won" | "lost"} — local gateway only
 * (docs/disputes.md): the bank decides the dispute of the intent's charge, then `charge.dispute.closed` is raised as
 * Stripe's webhook would (synchronously, through the same handler). Closing again with the same outcome answers the
 * dispute as it is and raises its event again. 200 with the dispute as Stripe's object; 400 for another outcome or a
 * dispute already closed the other way; 404 when the charge has no dispute.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {}
  const outcome = body.outcome
  if (outcome !== "won" && outcome !== "lost") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, 'outcome must be "won" or "lost"')
  }
  const dispute = await payments.closeSandboxDispute(req.params.id, outcome)
  const object = sandboxDisputeObject(dispute)
  await raiseSandboxDisputeEvent(req, { id: `evt_sandbox_${dispute.id}_closed`, type: "charge.dispute.closed", object })
  res.json(object)
}
