import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"

// Helpers shared by the admin validators that read bodies by hand (exact messages, unknown extra fields ignored).

export const MAX_DESCRIPTION_LENGTH = 5000

export type Body = Record<string, unknown>

export function asBody(body: unknown): Body {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Body) : {}
}

export function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

export function nonEmptyString(value: unknown): string | null {
  if (typeof value !== "string") return null
  const trimmed = value.trim()
  return trimmed ? trimmed : null
}

export function parseDescription(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== "string") throw invalid("Description must be a string")
  if (value.length > MAX_DESCRIPTION_LENGTH) throw invalid(`Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
  return value.trim() ? value : null
}

/** An http(s) URL or null (empty string clears). */
export function parseImageUrl(value: unknown, field = "featuredImage"): string | null {
  if (value === null || value === undefined || value === "") return null
  if (typeof value === "string") {
    try {
      const url = new URL(value)
      if ((url.protocol === "http:" || url.protocol === "https:") && value.length <= 2048) return value
    } catch {
      // falls through to the error below
    }
  }
  throw invalid(`${field} must be an http(s) URL`)
}

export function parseBoolean(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw invalid(`${field} must be a boolean`)
  return value
}

/** A query-string boolean ("true" / "false"). */
export const booleanFromQuery = z.enum(["true", "false"]).transform((value) => value === "true")
