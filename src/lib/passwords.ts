// Passwords of Atelier's logins (docs/artist-dashboard.md, "Accounts"): the length rule every new password meets
// (registration and reset, checked by the server on Medusa's /auth routes and by the dashboard's forms), and the
// password-reset email. Pure.
import type { RenderedEmail } from "./email-templates"

/** A new password has at least this many characters (and at most PASSWORD_MAX_LENGTH). */
export const PASSWORD_MIN_LENGTH = 10
/** Beyond any passphrase; keeps the key derivation's work bounded. */
export const PASSWORD_MAX_LENGTH = 256

export const PASSWORD_MESSAGES = {
  required: `Enter a password of at least ${PASSWORD_MIN_LENGTH} characters`,
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters for your password`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters for your password`,
} as const

/** What is wrong with a new password (a message for the person typing it), or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== "string" || password.length === 0) return PASSWORD_MESSAGES.required
  // Counted in characters as a person sees them (an emoji is one).
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong
  return null
}

/** How long a reset link works: Medusa's reset token lives 15 minutes and is used once. */
export const PASSWORD_RESET_TTL_MINUTES = 15

/** The logins whose reset emails Atelier sends: artists (the dashboard) and administrators (Medusa's admin). */
export type PasswordResetActor = "member" | "user"

export const isPasswordResetActor = (actor: unknown): actor is PasswordResetActor => actor === "member" || actor === "user"

/**
 * The page that sets the new password: the dashboard's `/reset-password` for artists, Medusa's admin's
 * `/app/reset-password` for administrators. `appUrl` and `adminUrl` come from src/lib/public-urls.ts.
 */
export function passwordResetUrl(urls: { appUrl: string; adminUrl: string }, actor: PasswordResetActor, token: string): string {
  const base = actor === "member" ? urls.appUrl : urls.adminUrl
  return `${base}/reset-password?token=${encodeURIComponent(token)}`
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

/** The reset email: the link, how long it works, and what to do when the reset was not asked for. */
export function passwordResetEmail(input: { actor: PasswordResetActor; url: string }): RenderedEmail {
  const account = input.actor === "member" ? "Atelier artist account" : "Atelier administrator account"
  const paragraphs = [
    `Someone asked to reset the password of your ${account}. Choose a new password with this link:`,
    `It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  ]
  const url = escapeHtml(input.url)
  return {
    subject: "Reset your Atelier password",
    html:
      `<p>${escapeHtml(paragraphs[0])}</p>` +
      `<p><a href="${url}">Choose a new password</a></p>` +
      `<p style="font-size:12px;color:#666">${url}</p>` +
      `<p>${escapeHtml(paragraphs[1])}</p>`,
    text: `${paragraphs[0]}\n\n${input.url}\n\n${paragraphs[1]}`,
  }
}
