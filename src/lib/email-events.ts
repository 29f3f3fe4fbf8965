// The email provider's events (Resend, `POST /api/webhooks/email`, spec 6) and what each does to a campaign
// recipient. Pure: no I/O.

export const EMAIL_EVENT_KINDS = ["delivered", "opened", "clicked", "bounced", "complained"] as const
export type EmailEventKind = (typeof EMAIL_EVENT_KINDS)[number]

/** `email.delivered` -> `delivered`; any other type (sent, delivery_delayed, failed, received, ...) -> null, ignored. */
export function emailEventKind(type: unknown): EmailEventKind | null {
  if (typeof type !== "string" || !type.startsWith("email.")) return null
  const kind = type.slice("email.".length)
  return (EMAIL_EVENT_KINDS as readonly string[]).includes(kind) ? (kind as EmailEventKind) : null
}

/** Kinds after which the organization never emails the address again (suppression reason). */
export function suppressionReasonOf(kind: EmailEventKind): "bounced" | "complained" | null {
  return kind === "bounced" || kind === "complained" ? kind : null
}

export type ParsedEmailEvent = { type: string; kind: EmailEventKind | null; messageId: string | null; occurredAt: Date | null }

/**
 * The fields Atelier reads of a verified event body: `type`, `created_at` and `data.email_id` (the provider's
 * message id, which is the notification's `external_id`). Anything else in the body is left alone.
 */
export function parseEmailEvent(body: unknown): ParsedEmailEvent | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null
  const { type, created_at: createdAt, data } = body as { type?: unknown; created_at?: unknown; data?: unknown }
  if (typeof type !== "string" || !type) return null
  const emailId = typeof data === "object" && data !== null ? (data as { email_id?: unknown }).email_id : undefined
  const occurredAt = typeof createdAt === "string" ? new Date(createdAt) : null
  return {
    type: type.slice(0, 100),
    kind: emailEventKind(type),
    messageId: typeof emailId === "string" && emailId && emailId.length <= 200 ? emailId : null,
    occurredAt: occurredAt && !Number.isNaN(occurredAt.getTime()) ? occurredAt : null,
  }
}
