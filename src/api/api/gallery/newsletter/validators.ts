import { z } from "@medusajs/framework/zod"
import { isValidEmail, normalizeEmail } from "../../../../lib/email"
import { optionalText, text } from "../../../utils/validation"

// The spec fixes the messages ("Email is required", "Invalid email address"); unknown extra fields are ignored.

export const NEWSLETTER_MESSAGES = {
  emailRequired: "Email is required",
  invalidEmail: "Invalid email address",
  firstNameInvalid: `First name must be a string of at most 100 characters`,
  lastNameInvalid: `Last name must be a string of at most 100 characters`,
} as const

/** RFC 5321's longest usable address; a longer one is refused as invalid. */
export const MAX_EMAIL_LENGTH = 254
export const MAX_NAME_LENGTH = 100

/** The email, trimmed and lower-cased; `Email is required` when absent, not a string or blank. */
const email = text(MAX_EMAIL_LENGTH, {
  invalid: NEWSLETTER_MESSAGES.emailRequired,
  tooLong: NEWSLETTER_MESSAGES.invalidEmail,
  unsafe: NEWSLETTER_MESSAGES.invalidEmail,
}).transform(normalizeEmail)

/** POST /api/gallery/newsletter/subscribe `{email, firstName?, lastName?}`; the email must match the spec's pattern. */
export const SubscribeBody = z.object({
  email: email.refine(isValidEmail, { message: NEWSLETTER_MESSAGES.invalidEmail }),
  firstName: optionalText(MAX_NAME_LENGTH, NEWSLETTER_MESSAGES.firstNameInvalid),
  lastName: optionalText(MAX_NAME_LENGTH, NEWSLETTER_MESSAGES.lastNameInvalid),
})
export type SubscribeBody = z.output<typeof SubscribeBody>

/** POST /api/gallery/newsletter/unsubscribe `{email}`: any non-blank string (one not subscribed is `Email not found`). */
export const UnsubscribeBody = z.object({ email })
export type UnsubscribeBody = z.output<typeof UnsubscribeBody>
