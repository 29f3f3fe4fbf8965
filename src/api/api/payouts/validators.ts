import { z } from "@medusajs/framework/zod"
import { ledgerRangeBound } from "../../../lib/ledger"
import { decodeCursor, type Cursor } from "../../../lib/v1-query"
import { optionalText } from "../../utils/validation"

/** POST /api/payouts/onboarding: only the organization context (org_id, else X-Organization-ID or the only one). */
export const StartPayoutOnboardingBody = z
  .object({ org_id: optionalText(100, "org_id must be a string of at most 100 characters") })
  .strict()
export type StartPayoutOnboardingBody = z.infer<typeof StartPayoutOnboardingBody>

export const LEDGER_MESSAGES = {
  limitInvalid: "limit must be a whole number from 1 to 100",
  cursorInvalid: "Invalid cursor: pass next_cursor of the previous page unchanged",
  fromInvalid: "from must be a date such as 2026-11-01, or an ISO 8601 date-time",
  toInvalid: "to must be a date such as 2026-11-30, or an ISO 8601 date-time",
  rangeInvalid: "from must be before to",
  monthInvalid: "Month must be written YYYY-MM, such as 2026-11",
  formatInvalid: "format must be json or csv",
} as const

const organizationId = optionalText(100, "org_id must be a string of at most 100 characters")

/** A query parameter given once, as text (absent or blank: undefined). */
function single(raw: unknown, field: string, message: string, ctx: z.RefinementCtx): string | undefined {
  if (raw === undefined || raw === "") return undefined
  if (typeof raw !== "string") {
    ctx.addIssue({ code: "custom", message, path: [field] })
    return undefined
  }
  return raw
}

/**
 * GET /api/payouts/ledger: newest first; `limit` 1..100 (default 50); `cursor` the previous page's `next_cursor`;
 * `from` / `to` (UTC): a date alone is a whole day, both ends included (`to=2026-11-30` takes in the 30th); a
 * date-time is an instant, `from` inclusive and `to` exclusive (lib/ledger.ts ledgerRangeBound).
 */
export const LedgerQuery = z
  .object({
    org_id: organizationId,
    limit: z.unknown(),
    cursor: z.unknown(),
    from: z.unknown(),
    to: z.unknown(),
  })
  .strict()
  .transform((query, ctx) => {
    const limitText = single(query.limit, "limit", LEDGER_MESSAGES.limitInvalid, ctx)
    let limit = 50
    if (limitText !== undefined) {
      limit = /^\s*\d{1,3}\s*$/.test(limitText) ? Number(limitText.trim()) : NaN
      if (!(limit >= 1 && limit <= 100)) ctx.addIssue({ code: "custom", message: LEDGER_MESSAGES.limitInvalid, path: ["limit"] })
    }
    const cursorText = single(query.cursor, "cursor", LEDGER_MESSAGES.cursorInvalid, ctx)
    let cursor: Cursor | null = null
    if (cursorText !== undefined) {
      try {
        cursor = decodeCursor(cursorText)
      } catch {
        ctx.addIssue({ code: "custom", message: LEDGER_MESSAGES.cursorInvalid, path: ["cursor"] })
      }
    }
    const bound = (field: "from" | "to", message: string) => {
      const text = single(query[field], field, message, ctx)
      if (text === undefined) return null
      const at = ledgerRangeBound(text.trim(), field)
      if (!at) ctx.addIssue({ code: "custom", message, path: [field] })
      return at
    }
    const from = bound("from", LEDGER_MESSAGES.fromInvalid)
    const to = bound("to", LEDGER_MESSAGES.toInvalid)
    if (from && to && from.getTime() >= to.getTime()) {
      ctx.addIssue({ code: "custom", message: LEDGER_MESSAGES.rangeInvalid, path: ["from"] })
    }
    return { org_id: query.org_id, limit, cursor, from, to }
  })
export type LedgerQuery = z.output<typeof LedgerQuery>

/**
 * GET /api/payouts/statements/{month}: the month is the path's (checked by the route); `format` json or csv
 * overrides the Accept header (a link that cannot set one).
 */
export const StatementQuery = z
  .object({
    org_id: organizationId,
    format: z.enum(["json", "csv"], { error: LEDGER_MESSAGES.formatInvalid }).optional(),
  })
  .strict()
export type StatementQuery = z.output<typeof StatementQuery>
