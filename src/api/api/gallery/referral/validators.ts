import { MedusaError } from "@medusajs/framework/utils"

// Referral bodies are read by hand rather than by a zod middleware: the spec fixes the exact message
// ("Organization ID required"), and unknown extra fields are ignored.

export const REFERRAL_MESSAGES = {
  organizationIdRequired: "Organization ID required",
} as const

/** `{org_id}`, a non-blank string (trimmed). */
export function parseTrackReferralBody(raw: unknown): { organizationId: string } {
  const body = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const organizationId = typeof body.org_id === "string" ? body.org_id.trim() : ""
  if (!organizationId) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, REFERRAL_MESSAGES.organizationIdRequired)
  }
  return { organizationId }
}
