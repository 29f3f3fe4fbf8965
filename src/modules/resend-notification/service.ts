import { createHash } from "node:crypto"
import type {
  Logger,
  ProviderSendNotificationDTO,
  ProviderSendNotificationResultsDTO,
} from "@medusajs/framework/types"
import { AbstractNotificationProviderService, MedusaError } from "@medusajs/framework/utils"
import { Resend, type CreateBatchEmailOptions } from "resend"
import { renderEmail } from "../../lib/email-templates"

export type ResendNotificationOptions = {
  /** RESEND_API_KEY. */
  api_key: string
  /** The sender, `Name <address@verified-domain>` (EMAIL_FROM). Campaigns keep the address and show the store's name. */
  from: string
  /** Tests only: the API's base URL (a fake Resend server); Resend's own otherwise. */
  base_url?: string
  channels?: string[]
}

/** Resend's batch endpoint takes at most this many emails per request. */
const BATCH_LIMIT = 100

type Queued = {
  email: CreateBatchEmailOptions
  idempotencyKey: string | null
  resolve: (result: ProviderSendNotificationResultsDTO) => void
  reject: (error: Error) => void
}

// What the notification module hands a provider besides the documented fields (it passes the whole record).
type SentNotification = ProviderSendNotificationDTO & { idempotency_key?: string | null }

const TAG_VALUE = /^[A-Za-z0-9_-]{1,256}$/

/** `"Store Name" <address>` from the configured sender's address and a display name (quotes, brackets, line breaks dropped). */
export function senderFor(from: string, displayName: unknown): string {
  if (typeof displayName !== "string" || !displayName.trim()) return from
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
  const name = displayName.replace(/["<>\r\n\\]/g, "").trim().slice(0, 100)
  return name ? `"${name}" <${address}>` : from
}

/**
 * Notification module provider for email through Resend (the `resend` SDK), used when RESEND_API_KEY is set
 * (medusa-config.ts). The module calls `send` once per notification, all of one `createNotifications` call in the
 * same tick; they are gathered and sent with Resend's batch endpoint (up to 100 per request, permissive
 * validation, so one bad address fails alone), each notification getting its own message id — the notification's
 * `external_id`, which Resend's events carry as `data.email_id`. A single email goes through the send endpoint with
 * the notification's idempotency key; a batch carries a key derived from its notifications' keys, so a retried
 * identical batch is not sent twice by Resend (keys live 24 hours there).
 *
 * The message: the notification's `content` (campaigns, digests) or its template rendered from its data
 * (src/lib/email-templates.ts); `data.headers` become the email's headers (List-Unsubscribe, RFC 8058);
 * `data.store_name` becomes the sender's display name; `data.campaign_id` a tag.
 */
export class ResendNotificationService extends AbstractNotificationProviderService {
  static identifier = "atelier-resend"
  private readonly client: Resend
  private readonly from: string
  private readonly logger: Logger
  private queue: Queued[] = []
  private flushScheduled = false

  static validateOptions(options: Record<string, unknown>) {
    if (typeof options.api_key !== "string" || !options.api_key) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The Resend notification provider needs api_key (RESEND_API_KEY)")
    }
    if (typeof options.from !== "string" || !options.from) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The Resend notification provider needs from (EMAIL_FROM)")
    }
  }

  constructor({ logger }: { logger: Logger }, options: ResendNotificationOptions) {
    super()
    this.logger = logger
    this.from = options.from
    this.client = new Resend(options.api_key, options.base_url ? { baseUrl: options.base_url.replace(/\/+$/, "") } : undefined)
  }

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    if (!notification?.to) throw new MedusaError(MedusaError.Types.INVALID_DATA, "No notification information provided")
    const email = this.toEmail(notification)
    const idempotencyKey = (notification as SentNotification).idempotency_key ?? null
    return new Promise((resolve, reject) => {
      this.queue.push({ email, idempotencyKey, resolve, reject })
      if (!this.flushScheduled) {
        this.flushScheduled = true
        // After the module has handed over every notification of its call (they all arrive in this tick).
        setImmediate(() => void this.flush())
      }
    })
  }

  private toEmail(notification: ProviderSendNotificationDTO): CreateBatchEmailOptions {
    const data = (notification.data ?? {}) as Record<string, unknown>
    const rendered = renderEmail({ template: notification.template, data, content: notification.content })
    const headers = data.headers && typeof data.headers === "object" ? (data.headers as Record<string, string>) : undefined
    const campaignId = typeof data.campaign_id === "string" && TAG_VALUE.test(data.campaign_id) ? data.campaign_id : null
    return {
      from: notification.from?.trim() || senderFor(this.from, data.store_name),
      to: notification.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      ...(headers ? { headers } : {}),
      ...(campaignId ? { tags: [{ name: "campaign_id", value: campaignId }] } : {}),
    }
  }

  /** Sends what is queued, 100 at a time, one request after the other (Resend limits requests per second). */
  private async flush() {
    this.flushScheduled = false
    const queued = this.queue
    this.queue = []
    for (let i = 0; i < queued.length; i += BATCH_LIMIT) {
      const chunk = queued.slice(i, i + BATCH_LIMIT)
      try {
        await (chunk.length === 1 ? this.sendOne(chunk[0]) : this.sendBatch(chunk))
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error))
        for (const item of chunk) item.reject(failure)
      }
    }
  }

  private async sendOne(item: Queued) {
    const { data, error } = await this.client.emails.send(
      item.email,
      item.idempotencyKey ? { idempotencyKey: item.idempotencyKey.slice(0, 256) } : undefined
    )
    if (error || !data?.id) throw this.failure(error)
    item.resolve({ id: data.id })
  }

  private async sendBatch(chunk: Queued[]) {
    const keys = chunk.map((item) => item.idempotencyKey)
    const idempotencyKey = keys.every(Boolean)
      ? `batch-${createHash("sha256").update(keys.join("\n")).digest("hex")}`
      : undefined
    const { data, error } = await this.client.batch.send(
      chunk.map((item) => item.email),
      { batchValidation: "permissive", ...(idempotencyKey ? { idempotencyKey } : {}) }
    )
    if (error || !data) throw this.failure(error)
    // Permissive validation: `data` lists the accepted emails in order, `errors` the refused ones by index.
    const refused = new Map(((data as { errors?: { index: number; message: string }[] }).errors ?? []).map((e) => [e.index, e.message]))
    const ids = data.data.map((entry) => entry.id)
    let next = 0
    chunk.forEach((item, index) => {
      const message = refused.get(index)
      if (message !== undefined) return item.reject(new Error(`Resend refused the email: ${message}`))
      const id = ids[next++]
      if (id) item.resolve({ id })
      else item.reject(new Error("Resend returned no id for the email"))
    })
  }

  private failure(error: { message?: string; statusCode?: number | null; name?: string } | null): Error {
    const message = `Resend: ${error?.message ?? "no answer"}${error?.statusCode ? ` (${error.statusCode})` : ""}`
    this.logger.warn(message)
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, message)
  }
}
