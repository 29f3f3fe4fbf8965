import type { CreateNotificationDTO, INotificationModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, NotificationStatus } from "@medusajs/framework/utils"

/**
 * The module's generated list and delete methods as they behave: its published interface types no filter on
 * idempotency key or status and leaves the delete out.
 */
type NotificationModuleRows = Pick<INotificationModuleService, "createNotifications"> & {
  listNotifications(
    filters: { idempotency_key: string[]; status?: NotificationStatus | NotificationStatus[] },
    config: { select: string[]; take?: number | null }
  ): Promise<{ id: string; idempotency_key: string | null; status: NotificationStatus; external_id: string | null }[]>
  deleteNotifications(ids: string[]): Promise<void>
}

/**
 * Sends notifications once per idempotency key, also across a crash. The Notification module records a notification
 * (`pending`) before its provider sends it and marks it sent afterwards; it skips any key it already knows unless that
 * notification failed. A process that died in between leaves a `pending` notification that would block its key
 * forever. The outbox runs one delivery of a message at a time (its lease), so a `pending` notification under one
 * of our keys is such a leftover: it is removed, and createNotifications records and sends it afresh under the same
 * key. (Retrying a `failure` row through createNotifications does not work in Medusa 2.21: it sends under a new id
 * and then fails to update that id.) The provider may have sent the lost one already: the key goes to the provider
 * with the email (Resend's Idempotency-Key; the local provider's mailbox), which answers a key it already sent with
 * the first message id and delivers nothing, so the email is sent once and recorded once. Keys must therefore name
 * one email (per order, artist order and owner, recipient...), never a group of them. `retryFailed` removes
 * `failure` rows of these keys the same way, so that a caller that owns its keys (a campaign's delivery run, under
 * its lease) can try again.
 */
export async function sendNotificationsOnce(
  container: Pick<MedusaContainer, "resolve">,
  notifications: CreateNotificationDTO[],
  options: { retryFailed?: boolean } = {}
): Promise<void> {
  if (!notifications.length) return
  const module = container.resolve<NotificationModuleRows>(Modules.NOTIFICATION)
  const keys = notifications.map((n) => n.idempotency_key).filter((key): key is string => Boolean(key))
  const unfinished = options.retryFailed ? [NotificationStatus.PENDING, NotificationStatus.FAILURE] : NotificationStatus.PENDING
  const interrupted = keys.length
    ? await module.listNotifications({ idempotency_key: keys, status: unfinished }, { select: ["id"] })
    : []
  if (interrupted.length) await module.deleteNotifications(interrupted.map((n) => n.id))
  await module.createNotifications(notifications)
}

/** The notifications recorded under these idempotency keys: their status and the provider's message id. */
export async function notificationsByKey(
  container: Pick<MedusaContainer, "resolve">,
  keys: string[]
): Promise<Map<string, { id: string; status: NotificationStatus; external_id: string | null }>> {
  if (!keys.length) return new Map()
  const module = container.resolve<NotificationModuleRows>(Modules.NOTIFICATION)
  const rows = await module.listNotifications(
    { idempotency_key: keys },
    { select: ["id", "idempotency_key", "status", "external_id"], take: null }
  )
  return new Map(rows.filter((row) => row.idempotency_key).map((row) => [row.idempotency_key as string, row]))
}
