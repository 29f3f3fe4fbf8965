import { z } from "@medusajs/framework/zod"

export const DISPUTE_LIST_MESSAGES = {
  status: "status must be one of: open, closed, all",
  limit: "limit must be a whole number from 1 to 200",
} as const

/** GET /api/admin/disputes query: status (open by default, closed or all), limit (default 100, at most 200). */
export const AdminListDisputesQuery = z.strictObject({
  status: z.enum(["open", "closed", "all"], { error: DISPUTE_LIST_MESSAGES.status }).default("open"),
  limit: z.coerce
    .number({ error: DISPUTE_LIST_MESSAGES.limit })
    .int({ error: DISPUTE_LIST_MESSAGES.limit })
    .min(1, { error: DISPUTE_LIST_MESSAGES.limit })
    .max(200, { error: DISPUTE_LIST_MESSAGES.limit })
    .default(100),
})
export type AdminListDisputesQuery = z.output<typeof AdminListDisputesQuery>
