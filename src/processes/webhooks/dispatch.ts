import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { coalescedRun } from "../../lib/coalesced-run"
import { errorMessage } from "../../lib/error-message"
import { runAsJobWork } from "../../lib/scheduled-job"
import { webhookUrlPolicy } from "../../lib/webhook-url"
import { webhookSignatureHeaders, webhookTimeoutMs } from "../../lib/webhooks"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../modules/platform"
import type { ClaimedWebhookDelivery } from "../../modules/platform/service"
import { notifyDisabledWebhookEndpoints } from "./disabled-endpoint-email"
import { sendWebhook } from "./send"

/** The scheduled job that delivers webhooks (src/jobs/deliver-webhooks.ts); nudges work in its name. */
export const DELIVER_WEBHOOKS_JOB = "deliver-webhooks"

export type WebhookDispatchResult = { succeeded: number; failed: number; disabled: number }

/** Deliveries claimed (and attempted concurrently) at once. */
const BATCH_SIZE = 20
/** Batches one dispatch works through before leaving the rest to the next run. */
const MAX_BATCHES = 25
/** How much longer than the attempt's timeout its claim lasts, so that a slow attempt is never claimed twice. */
const LEASE_MARGIN_MS = 30_000

/**
 * Attempts every delivery due at `now` (default: the clock; tests pass a later time instead of waiting for the
 * retry schedule): claims a batch, POSTs each signed body (signatures made now, with the real time), records each
 * outcome (the next attempt on the Standard Webhooks schedule, counted from `now`; sustained failure disables the
 * endpoint), then emails the owners of endpoints disabled for failing. Concurrent dispatchers never share a delivery.
 * WEBHOOK_TIMEOUT_MS bounds each attempt; the URL and address rules (lib/webhook-url.ts) apply at every attempt.
 */
export async function dispatchWebhookDeliveries(
  container: MedusaContainer,
  options: { now?: Date } = {}
): Promise<WebhookDispatchResult> {
  const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const timeoutMs = webhookTimeoutMs(process.env.WEBHOOK_TIMEOUT_MS)
  const policy = webhookUrlPolicy(process.env)
  const result: WebhookDispatchResult = { succeeded: 0, failed: 0, disabled: 0 }

  const attempt = async (delivery: ClaimedWebhookDelivery, now: Date) => {
    const outcome = await sendWebhook({
      url: delivery.url,
      body: delivery.payload,
      headers: webhookSignatureHeaders({
        secret: delivery.secret,
        eventId: delivery.event_id,
        eventType: delivery.event_type,
        body: delivery.payload,
        at: new Date(),
      }),
      timeoutMs,
      policy,
    })
    try {
      const recorded = await platform.recordWebhookAttempt({ delivery, now, outcome })
      // Not recorded: the endpoint was disabled or deleted meanwhile, and the delivery failed with it.
      if (!recorded.recorded) return
      if (recorded.delivered) result.succeeded += 1
      else result.failed += 1
      if (recorded.disabled) result.disabled += 1
    } catch (error) {
      // The claim's lease makes it due again: the attempt is repeated later, never lost.
      logger.error(`Webhook delivery ${delivery.id}: recording attempt ${delivery.attempt} failed: ${errorMessage(error)}`)
    }
  }

  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const now = options.now ?? new Date()
    const claimed = await platform.claimWebhookDeliveries({ now, limit: BATCH_SIZE, leaseMs: timeoutMs + LEASE_MARGIN_MS })
    if (!claimed.length) break
    await Promise.all(claimed.map((delivery) => attempt(delivery, now)))
    if (claimed.length < BATCH_SIZE) break
  }
  // Also finds endpoints whose owners a crashed run did not get to tell.
  await notifyDisabledWebhookEndpoints(container).catch((error: unknown) =>
    logger.error(`Webhook endpoints disabled: emailing the owners failed: ${errorMessage(error)}`)
  )
  return result
}

/** How long a nudge waits: the deliveries queued within it share one dispatch. */
const DISPATCH_WINDOW_MS = 50

/**
 * A nudge after deliveries were queued: one dispatch after a short window; nudges arriving meanwhile are folded into
 * one more run after it. Errors are logged: the job retries whatever this misses.
 */
export const requestWebhookDispatch: (container: MedusaContainer) => Promise<void> = coalescedRun(
  DISPATCH_WINDOW_MS,
  (container: MedusaContainer) =>
    runAsJobWork(DELIVER_WEBHOOKS_JOB, () => dispatchWebhookDeliveries(container)).catch((error: unknown) =>
      container.resolve(ContainerRegistrationKeys.LOGGER).error(`Webhook dispatch failed: ${errorMessage(error)}`)
    )
)
