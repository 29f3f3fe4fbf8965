/**
 * What a log line or a span never shows (docs/operations.md, "Logs" and "Traces"): tokens, keys, passwords,
 * secrets and full email addresses. A value that looks like one is replaced before the line is written; an email
 * keeps its first character and its domain (`a***@example.com`), enough to tell customers apart in an incident.
 */

export const REDACTED = "[redacted]"

const EMAIL = /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g

/** `a***@example.com` for `alice@example.com`; anything that is not an address is redacted whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@")
  if (at < 1 || at === email.length - 1) return REDACTED
  return `${email[0]}***${email.slice(at)}`
}

/**
 * Secrets recognised by their shape, wherever they stand: JSON Web Tokens (Medusa's session and bearer tokens),
 * Atelier's platform API keys (src/lib/api-key.ts), Stripe's secret, restricted and webhook keys, Resend's keys.
 */
const SHAPED_SECRETS: RegExp[] = [
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  /\batl_(?:live|test)_[0-9A-Za-z]{8,}/g,
  /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{8,}/g,
  /\bwhsec_[A-Za-z0-9+/=_-]{8,}/g,
  /\bre_[A-Za-z0-9]{8,}_[A-Za-z0-9]{8,}/g,
]

/** `Bearer <token>`, `Basic <credentials>`: the scheme stays, the credentials go. */
const AUTH_SCHEME = /\b(Bearer|Basic)([ \t]+)[^\s",;]+/gi

/**
 * A value named like a secret: `password=…`, `token: …`, `"api_key":"…"`, `x-api-key: …`, `cookie=…`,
 * `reset_token=…` (in a query string, a header dump, a JSON body). The name stays, the value goes.
 */
const NAMED_SECRET =
  /((?:["']?)[\w-]*(?:password|passwd|secret|token|api[_-]?key|authorization|cookie|signature)[\w-]*(?:["']?)[ \t]*[=:][ \t]*)(?:(?:Bearer|Basic)[ \t]+)?(?:"[^"]*"|'[^']*'|[^\s&,;"'}]+)/gi

/** `text` with every secret replaced by [redacted] and every email masked. */
export function redactSecrets(text: string): string {
  let out = text.replace(NAMED_SECRET, (_, name: string) => `${name}${REDACTED}`)
  out = out.replace(AUTH_SCHEME, (_, scheme: string, space: string) => `${scheme}${space}${REDACTED}`)
  for (const pattern of SHAPED_SECRETS) out = out.replace(pattern, REDACTED)
  return out.replace(EMAIL, (email: string) => maskEmail(email))
}
