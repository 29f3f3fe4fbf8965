import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { outboxRetryDelaySeconds, settlementReconcileSeconds } from "../lib/outbox"
import { GALLERY_MODULE } from "../modules/gallery"
import type GalleryModuleService from "../modules/gallery/service"
import { OUTBOX_HANDLERS } from "./registry"

export type OutboxDispatchResult = { delivered: number; failed: number }

const BATCH_SIZE = 50
/** Batches one dispatch works through before leaving the rest to the next run. */
const MAX_BATCHES = 20

/**
 * Delivers due outbox messages: claims a batch (a lease of SETTLEMENT_RECONCILE_SECONDS, so a dispatcher that dies
 * leaves its messages due again within that time), runs each handler, marks it delivered, or releases it for a later
 * attempt (10 s doubling, at most an hour) when the handler throws. Concurrent dispatchers never share a message.
 */
export async function dispatchGalleryOutbox(container: MedusaContainer): Promise<OutboxDispatchResult> {
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const leaseSeconds = settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS)
  const result: OutboxDispatchResult = { delivered: 0, failed: 0 }
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const messages = await gallery.claimOutboxMessages({ limit: BATCH_SIZE, leaseSeconds })
    if (!messages.length) break
    await Promise.all(
      messages.map(async (message) => {
        const handler = OUTBOX_HANDLERS[message.handler]
        try {
          if (!handler) throw new Error(`No outbox handler named ${message.handler}`)
          await handler(container, message.payload)
          await gallery.markOutboxMessageDelivered(message.id)
          result.delivered += 1
        } catch (error) {
          result.failed += 1
          const reason = (error as Error)?.message ?? String(error)
          logger.warn(`Outbox ${message.key} (attempt ${message.attempts}) failed: ${reason}`)
          await gallery
            .releaseOutboxMessage({ id: message.id, error: reason, retryInSeconds: outboxRetryDelaySeconds(message.attempts) })
            .catch((releaseError: unknown) => logger.error(`Outbox ${message.key}: release failed: ${String(releaseError)}`))
        }
      })
    )
    if (messages.length < BATCH_SIZE) break
  }
  return result
}
