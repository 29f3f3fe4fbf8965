import { MedusaError } from "@medusajs/framework/utils"
import { webhookUrlPolicy } from "../../../lib/webhook-url"
import { webhookTargetRefusal } from "../../../processes/webhooks/send"
import { fieldError } from "../../utils/error-response"

/**
 * 400 (field `url`) when, under the strict policy (production), the URL's host name resolves to a refused address or
 * not at all. The validators have checked the URL itself; every delivery checks the addresses again.
 */
export async function assertWebhookTarget(url: string): Promise<void> {
  const refusal = await webhookTargetRefusal(url, webhookUrlPolicy(process.env))
  if (refusal) throw fieldError(MedusaError.Types.INVALID_DATA, refusal, "url")
}
