import { z } from "@medusajs/framework/zod"
import { isSafeText } from "../../../lib/safe-text"

// zod fields shared by the admin bodies (collections, spotlights) with their exact messages.

export const MAX_DESCRIPTION_LENGTH = 5000
export const MAX_IMAGE_URL_LENGTH = 2048

type Check = { message: string; test: (value: string) => boolean }

/** A field read from `unknown` by `read`, which returns the value or the exact message of the refusal. */
function field<T>(read: (value: unknown) => { ok: true; value: T } | { ok: false; message: string }) {
  return z.unknown().transform((value, ctx): T => {
    const result = read(value)
    if (result.ok) return result.value
    ctx.addIssue({ code: "custom", message: result.message })
    return z.NEVER
  })
}

function stringChecks(value: string, checks: Check[]): string | null {
  for (const check of checks) if (!check.test(value)) return check.message
  return null
}

/** Optional description: absent or null -> null; a string of at most 5000 characters, blank -> null, kept as given. */
export const descriptionField = field((value) => {
  if (value === null || value === undefined) return { ok: true, value: null }
  if (typeof value !== "string") return { ok: false, message: "Description must be a string" }
  const failure = stringChecks(value, [
    { message: "Description must be a string", test: isSafeText },
    { message: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`, test: (v) => v.length <= MAX_DESCRIPTION_LENGTH },
  ])
  if (failure) return { ok: false, message: failure }
  return { ok: true, value: value.trim() ? value : null }
})

/** Optional image: absent, null or "" -> null (clears); otherwise an http(s) URL of at most 2048 characters. */
export function imageUrlField(name = "featuredImage") {
  return field((value) => {
    if (value === null || value === undefined || value === "") return { ok: true, value: null }
    if (typeof value === "string" && value.length <= MAX_IMAGE_URL_LENGTH && isSafeText(value)) {
      try {
        const url = new URL(value)
        if (url.protocol === "http:" || url.protocol === "https:") return { ok: true, value }
      } catch {
        // not a URL: refused below
      }
    }
    return { ok: false, message: `${name} must be an http(s) URL` }
  })
}

/** A boolean body field. */
export function booleanField(name: string) {
  return z.boolean({ error: `${name} must be a boolean` })
}

/** Absent in the sense of the "are required" messages: undefined, null or "". */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ""
}

/** A query-string boolean ("true" / "false"). */
export const booleanFromQuery = z.enum(["true", "false"]).transform((value) => value === "true")
