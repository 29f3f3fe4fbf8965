import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { WebhookEvent } from "../../../../../../modules/payments"
import { handlePaymentEvent } from "../../../../../../processes/settlement/payment-events"
import { errorMessage } from "../../../../../../lib/error-message"

/** Raises a sandbox dispute's event as Stripe's webhook would, through the same handler (see the confirm route). */
export async function raiseSandboxDisputeEvent(req: MedusaRequest, event: WebhookEvent): Promise<void> {
  try {
    await handlePaymentEvent(req.scope, event)
  } catch (error) {
    // As for the confirm route, the provider's side stands whatever happens to the event; calling the route again
    // raises the same event again (its effect is idempotent).
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(`Sandbox: processing ${event.type} for ${String(event.object.id)} failed: ${errorMessage(error)}`)
  }
}
