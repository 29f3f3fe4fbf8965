import { randomUUID } from "node:crypto"
import fs from "node:fs/promises"
import path from "node:path"
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
 * given as plain text (a password reset's link) is logged as well: in development the log is the mailbox. With the
 * `mailbox_dir` option (`EMAIL_MAILBOX_DIR`), each email is also written there as one JSON file (`to`, `template`,
 * `subject`, `text`, `html`, `data`, `id`, `sent_at`): a mailbox the browser journeys read (a password reset's link).
 */
export class LocalEmailNotificationService extends AbstractNotificationProviderService {
  static identifier = "atelier-local-email"
  private readonly local: INotificationProvider
  private readonly logger: Logger
  private readonly mailboxDir: string | null

  constructor(deps: { logger: Logger }, options: Record<string, unknown>) {
    super()
    const [Local] = (LocalNotificationProvider.services ?? []) as unknown as LocalProviderClass[]
    this.local = new Local(deps, options)
    this.logger = deps.logger
    this.mailboxDir = typeof options.mailbox_dir === "string" && options.mailbox_dir ? options.mailbox_dir : null
  }

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    const result = await this.local.send(notification)
    const text = notification.content?.text
    if (text) this.logger.info(`Email to '${notification.to}': ${notification.content?.subject ?? ""}\n${text}`)
    const id = result.id ?? `local_${randomUUID()}`
    if (this.mailboxDir) await this.writeToMailbox(this.mailboxDir, id, notification)
    return { ...result, id }
  }

  /** `<mailbox_dir>/<ms since epoch>-<id>.json`, written whole then renamed: a reader never sees half an email. */
  private async writeToMailbox(dir: string, id: string, notification: ProviderSendNotificationDTO): Promise<void> {
    const email = {
      id,
      to: notification.to,
      template: notification.template,
      subject: notification.content?.subject ?? null,
      text: notification.content?.text ?? null,
      html: notification.content?.html ?? null,
      data: notification.data ?? null,
      sent_at: new Date().toISOString(),
    }
    const file = path.join(dir, `${Date.now()}-${id}.json`)
    await fs.mkdir(dir, { recursive: true })
    await fs.writeFile(`${file}.tmp`, JSON.stringify(email, null, 2))
    await fs.rename(`${file}.tmp`, file)
  }
}
