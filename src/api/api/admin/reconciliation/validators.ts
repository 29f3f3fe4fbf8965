import { z } from "@medusajs/framework/zod"
import { utcDayRange } from "../../../../lib/reconciliation"

export const RECONCILIATION_MESSAGES = {
  date: "date must be a day written YYYY-MM-DD, such as 2026-11-28",
} as const

/** GET /api/admin/reconciliation query: `date`, a UTC day (default: yesterday). */
export const AdminReconciliationQuery = z.strictObject({
  date: z
    .string({ error: RECONCILIATION_MESSAGES.date })
    .refine((value) => utcDayRange(value) !== null, { error: RECONCILIATION_MESSAGES.date })
    .optional(),
})
export type AdminReconciliationQuery = z.output<typeof AdminReconciliationQuery>
