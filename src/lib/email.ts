// Newsletter email rules (spec 4.7).

// Spec pattern: non-space non-@ characters, @, such characters, a dot, such characters.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value)
}

/** Emails are unique per subscriber, so compare and store them trimmed and lowercased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}
