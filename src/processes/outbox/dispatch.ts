import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { coalescedRun } from "../../lib/coalesced-run"
import { errorMessage } from "../../lib/error-message"
import { runAsJobWork } from "../../lib/scheduled-job"
import { runInOutboxTrace } from "../../lib/trace-context"
import { outboxRetryDelaySeconds, settlementReconcileSeconds } from "../../lib/outbox"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import type { ClaimedOutboxMessage } from "../../modules/gallery/service"
import { OUTBOX_HANDLERS } from "./registry"

/** The scheduled job that dispatches the outbox (src/jobs/dispatch-gallery-outbox.ts); nudges work in its name. */
export const DISPATCH_GALLERY_OUTBOX_JOB = "dispatch-gallery-outbox"

export type OutboxDispatchResult = { delivered: number; failed: number }

const BATCH_SIZE = 50
/** Batches one dispatch works through before leaving the rest to the next run. */
const MAX_BATCHES = 20

/**
 * Delivers due outbox messages: claims a batch (a lease of SETTLEMENT_RECONCILE_SECONDS, so a dispatcher that dies
 * leaves its messages due again within that time), runs each handler once over its messages of the batch, marks them
 * delivered, or — when the handler throws — runs it again message by message, so that one bad message cannot hold
 * back the others; a message that still fails is released for a later attempt (10 s doubling, at most an hour).
 * Concurrent dispatchers never share a message.
 */
export async function dispatchGalleryOutbox(container: MedusaContainer): Promise<OutboxDispatchResult> {
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const leaseSeconds = settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS)
  const result: OutboxDispatchResult = { delivered: 0, failed: 0 }

  const release = async (message: ClaimedOutboxMessage, reason: string) => {
    result.failed += 1
    logger.warn(`Outbox ${message.key} (attempt ${message.attempts}) failed: ${reason}`)
    await gallery
      .releaseOutboxMessage({ id: message.id, error: reason, retryInSeconds: outboxRetryDelaySeconds(message.attempts) })
      .catch((error: unknown) => logger.error(`Outbox ${message.key}: release failed: ${errorMessage(error)}`))
  }

  const deliver = async (name: string, messages: ClaimedOutboxMessage[]) => {
    const handler = OUTBOX_HANDLERS[name]
    if (!handler) {
      for (const message of messages) await release(message, `No outbox handler named ${name}`)
      return
    }
    try {
      // In the messages' trace and request context (docs/operations.md, "Traces").
      await runInOutboxTrace(name, messages.map((m) => m.trace_context), () => handler(container, messages.map((m) => m.payload)))
      await gallery.markOutboxMessagesDelivered(messages.map((m) => m.id))
      result.delivered += messages.length
      return
    } catch (error) {
      if (messages.length === 1) return release(messages[0], errorMessage(error))
    }
    for (const [index, message] of messages.entries()) {
      // A process that stops starts no more handlers: the rest go back, due at once (docs/operations.md, "Stopping").
      if (gallery.isOutboxStopping()) return gallery.returnOutboxMessages(messages.slice(index).map((m) => m.id))
      await deliver(name, [message])
    }
  }

  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const messages = await gallery.claimOutboxMessages({ limit: BATCH_SIZE, leaseSeconds })
    if (!messages.length) break
    const byHandler = new Map<string, ClaimedOutboxMessage[]>()
    for (const message of messages) byHandler.set(message.handler, [...(byHandler.get(message.handler) ?? []), message])
    await Promise.all([...byHandler].map(([name, group]) => deliver(name, group)))
    if (messages.length < BATCH_SIZE) break
  }
  return result
}

/**
 * How long a nudge waits before its dispatch (ms): the nudges of that window share one dispatch, whose emails go out in
 * one batch, and the dispatch's work does not delay the customer's next request on this process's event loop (the
 * confirm call that follows a payment). Why not longer: docs/crash-safety.md, "Who dispatches".
 */
const DISPATCH_WINDOW_MS = 100

/**
 * A nudge after a commit that queued messages. It is served after a short window; nudges that arrive while this
 * process is dispatching are folded into one more run after it, so that under load one dispatch delivers many
 * orders' messages in a few batches instead of every settlement starting a dispatch of its own.
 */
export const requestGalleryOutboxDispatch: (container: MedusaContainer) => Promise<void> = coalescedRun(
  DISPATCH_WINDOW_MS,
  (container: MedusaContainer) => runAsJobWork(DISPATCH_GALLERY_OUTBOX_JOB, () => dispatchGalleryOutbox(container))
)
