import { createHash, randomUUID } from "node:crypto"
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

// What the notification module hands a provider besides the documented fields (it passes the whole record).
type SentNotification = ProviderSendNotificationDTO & { idempotency_key?: string | null }

/**
 * The message id of the email sent under an idempotency key: derived from the key (a UUID-shaped digest), so that
 * a second send under that key answers the first send's id, also after a restart and without a mailbox.
 */
export function localMessageIdForKey(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex")
  return `local_${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/**
 * The development email provider: Medusa's local provider (it logs each notification and sends nothing), which gives
 * no message id, wrapped so that every notification still gets one, like a real provider's (a UUID, as Resend's
 * ids are): the notification's `external_id`, which campaign recipients record and email events name. An email
 * given as plain text (a password reset's link) is logged as well: in development the log is the mailbox. With the
 * `mailbox_dir` option (`EMAIL_MAILBOX_DIR`), each email is also written there as one JSON file (`to`, `template`,
 * `subject`, `text`, `html`, `data`, `id`, `sent_at`): a mailbox the browser journeys read (a password reset's link).
 *
 * Idempotency keys are honoured as Resend honours them: the id of a keyed email is derived from its key, and in the
 * mailbox its file is named after that id, so a second send under the key (the Notification module re-sending an
 * email whose send a crash interrupted) finds the file, answers the same id and delivers nothing new. The mailbox is
 * the memory, so it survives a restart and keeps keys as long as the mail is kept. Without a mailbox nothing is
 * delivered but a log line, and nothing is stored: such a repeat is logged again, under the same id.
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
    const key = (notification as SentNotification).idempotency_key || null
    const id = key ? localMessageIdForKey(key) : `local_${randomUUID()}`
    if (this.mailboxDir) {
      const file = key ? `${id}.json` : `${Date.now()}-${id}.json`
      if (!(await this.writeToMailbox(this.mailboxDir, file, id, notification))) {
        this.logger.info(`Email to '${notification.to}' under idempotency key '${key}' was sent already: not sent again`)
        return { id }
      }
    }
    const result = await this.local.send(notification)
    const text = notification.content?.text
    if (text) this.logger.info(`Email to '${notification.to}': ${notification.content?.subject ?? ""}\n${text}`)
    return { ...result, id: result.id ?? id }
  }

  /**
   * `<mailbox_dir>/<file>`, written whole under a temporary name, then linked to its name: a reader never sees half
   * an email, and the link fails when the name exists (the key's email is already there), also for two processes at
   * once. False when it existed: nothing was delivered.
   */
  private async writeToMailbox(
    dir: string,
    name: string,
    id: string,
    notification: ProviderSendNotificationDTO
  ): Promise<boolean> {
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
    const file = path.join(dir, name)
    const temporary = `${file}.${randomUUID()}.tmp`
    await fs.mkdir(dir, { recursive: true })
    await fs.writeFile(temporary, JSON.stringify(email, null, 2))
    try {
      await fs.link(temporary, file)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
      throw error
    } finally {
      await fs.unlink(temporary).catch(() => undefined)
    }
  }
}
