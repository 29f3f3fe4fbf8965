import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { entityId } from "../../../lib/entity-id"
import { serializeWebhookEvent, type WebhookEventType } from "../../../lib/webhooks"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../modules/platform"

/** Emitted after deliveries were queued: where background work runs, they are attempted at once. */
export const WEBHOOK_DELIVERIES_QUEUED_EVENT = "platform.webhook_deliveries.queued"

/** An event of one organization for its outbound webhooks (docs/outbound-webhooks.md). */
export type OrganizationWebhookEventInput = {
  organization_id: string
  type: WebhookEventType
  /** The payload's `data`: the order or product as the platform API shows it. */
  data: Record<string, unknown>
  /**
   * Makes the event happen once per endpoint however often it is queued (a retried outbox handler, a replayed
   * request): e.g. `order.paid:{order id}`. Omit it for events that may legitimately repeat (product.updated).
   */
  key?: string | null
}

type Container = Pick<MedusaContainer, "resolve">

/**
 * Queues organizations' webhook events: one delivery per event and enabled endpoint of its organization subscribed to
 * its type, attempted at once by the background processors (the worker, or the single shared process) and then on
 * the Standard Webhooks retry schedule by the `deliver-webhooks` job. When no endpoint listens this is ONE indexed
 * query and nothing else. Each event gets its id (`evt_...`, also the `webhook-id` header) and `created_at` here; its
 * body is fixed now and identical on every attempt. Returns the ids of the deliveries queued.
 *
 * Callers whose `data` is costly to build can first ask `listeningOrganizations` (below) and build it only for the
 * organizations returned.
 */
export async function enqueueOrganizationWebhookEvents(
  container: Container,
  events: OrganizationWebhookEventInput[],
  options: { now?: Date } = {}
): Promise<string[]> {
  if (!events.length) return []
  const now = options.now ?? new Date()
  const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
  const queued = await platform.queueWebhookDeliveries({
    now,
    events: events.map((event) => {
      const id = entityId("evt")
      return {
        organization_id: event.organization_id,
        type: event.type,
        key: event.key ?? null,
        event_id: id,
        payload: serializeWebhookEvent({ id, type: event.type, created_at: now.toISOString(), data: event.data }),
      }
    }),
  })
  if (queued.length) await announceQueuedDeliveries(container)
  return queued
}

/** The organizations among these with an enabled endpoint subscribed to any of `types` (one indexed query). */
export async function listeningOrganizations(
  container: Container,
  organizationIds: string[],
  types: WebhookEventType[]
): Promise<Set<string>> {
  const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
  return platform.listeningOrganizations(organizationIds, types)
}

/** The nudge after queueing: only a hint (the job finds whatever it misses), so a failed emit is not an error. */
export async function announceQueuedDeliveries(container: Container): Promise<void> {
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  await eventBus.emit({ name: WEBHOOK_DELIVERIES_QUEUED_EVENT, data: {} }).catch(() => undefined)
}
