import { z } from "@medusajs/framework/zod"

export const SANDBOX_TRANSFERS_DEFAULT_LIMIT = 10
export const SANDBOX_TRANSFERS_MAX_LIMIT = 100

/**
 * GET /api/sandbox/transfers query: Stripe's `GET /v1/transfers` parameters. `transfer_group` is required here (it is
 * optional at Stripe, behind an API key): this route has no authentication, so the group is what entitles a caller
 * to see its transfers.
 */
export const SandboxTransfersQuery = z.object({
  transfer_group: z.string().trim().min(1).max(255),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SANDBOX_TRANSFERS_MAX_LIMIT)
    .default(SANDBOX_TRANSFERS_DEFAULT_LIMIT),
  starting_after: z.string().trim().min(1).max(255).optional(),
})
export type SandboxTransfersQuery = z.infer<typeof SandboxTransfersQuery>
