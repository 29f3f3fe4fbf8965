import { MedusaError } from "@medusajs/framework/utils"
import { isValidEmail, normalizeEmail } from "../../../../lib/email"

// Newsletter bodies are read by hand rather than by a zod middleware: the spec fixes the exact messages
// ("Email is required", "Invalid email address"), and unknown extra fields are ignored.

export const NEWSLETTER_MESSAGES = {
  emailRequired: "Email is required",
  invalidEmail: "Invalid email address",
  firstNameInvalid: `First name must be a string of at most 100 characters`,
  lastNameInvalid: `Last name must be a string of at most 100 characters`,
} as const

/** RFC 5321's longest usable address; a longer one is refused as invalid. */
export const MAX_EMAIL_LENGTH = 254
export const MAX_NAME_LENGTH = 100

type Body = Record<string, unknown>

function asBody(body: unknown): Body {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Body) : {}
}

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/** The email, trimmed and lower-cased; `Email is required` when absent, not a string or blank. */
function requiredEmail(body: Body): string {
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : ""
  if (!email) throw invalid(NEWSLETTER_MESSAGES.emailRequired)
  return email
}

/** An optional name: absent, null or blank -> null; otherwise trimmed, at most 100 characters. */
function optionalName(value: unknown, message: string): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== "string") throw invalid(message)
  const trimmed = value.trim()
  if (trimmed.length > MAX_NAME_LENGTH) throw invalid(message)
  return trimmed || null
}

export type SubscribeInput = { email: string; firstName: string | null; lastName: string | null }

/** `{email, firstName?, lastName?}`; the email must match the spec's pattern. */
export function parseSubscribeBody(raw: unknown): SubscribeInput {
  const body = asBody(raw)
  const email = requiredEmail(body)
  if (email.length > MAX_EMAIL_LENGTH || !isValidEmail(email)) throw invalid(NEWSLETTER_MESSAGES.invalidEmail)
  return {
    email,
    firstName: optionalName(body.firstName, NEWSLETTER_MESSAGES.firstNameInvalid),
    lastName: optionalName(body.lastName, NEWSLETTER_MESSAGES.lastNameInvalid),
  }
}

/** `{email}`; any non-blank string (an email that is not subscribed, well-formed or not, is `Email not found`). */
export function parseUnsubscribeBody(raw: unknown): { email: string } {
  return { email: requiredEmail(asBody(raw)) }
}
