import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { requestWebhookDispatch } from "../processes/webhooks/dispatch"
import { WEBHOOK_DELIVERIES_QUEUED_EVENT } from "../workflows/platform/utils/enqueue-webhook-events"

/**
 * Outbound webhook deliveries were queued: attempt them now rather than at the next run of the deliver-webhooks job.
 * Runs where background work runs (the worker, or the single shared process), so API servers never call out.
 */
export default async function webhookDeliveriesQueuedHandler({ container }: SubscriberArgs<Record<string, never>>) {
  await requestWebhookDispatch(container)
}

export const config: SubscriberConfig = {
  event: WEBHOOK_DELIVERIES_QUEUED_EVENT,
  context: { subscriberId: "webhook-deliveries-dispatch" },
}
