import { randomUUID } from "node:crypto"
import LocalNotificationProvider from "@medusajs/medusa/notification-local"
import type {
  INotificationProvider,
  Logger,
  ProviderSendNotificationDTO,
  ProviderSendNotificationResultsDTO,
} from "@medusajs/framework/types"
import { AbstractNotificationProviderService } from "@medusajs/framework/utils"

type LocalProviderClass = new (deps: { logger: Logger }, options: Record<string, unknown>) => INotificationProvider

/**
 * The development email provider: Medusa's local provider (it logs each notification and sends nothing), which gives
 * no message id, wrapped so that every notification still gets one, like a real provider's (a UUID, as Resend's
 * ids are): the notification's `external_id`, which campaign recipients record and email events name. An email
 * given as plain text (a password reset's link) is logged as well: in development the log is the mailbox.
 */
export class LocalEmailNotificationService extends AbstractNotificationProviderService {
  static identifier = "atelier-local-email"
  private readonly local: INotificationProvider
  private readonly logger: Logger

  constructor(deps: { logger: Logger }, options: Record<string, unknown>) {
    super()
    const [Local] = (LocalNotificationProvider.services ?? []) as unknown as LocalProviderClass[]
    this.local = new Local(deps, options)
    this.logger = deps.logger
  }

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    const result = await this.local.send(notification)
    const text = notification.content?.text
    if (text) this.logger.info(`Email to '${notification.to}': ${notification.content?.subject ?? ""}\n${text}`)
    return { ...result, id: result.id ?? `local_${randomUUID()}` }
  }
}
