import { z } from "@medusajs/framework/zod"
import { optionalText } from "../../utils/validation"

/** POST /api/payouts/onboarding: only the organization context (org_id, else X-Organization-ID or the only one). */
export const StartPayoutOnboardingBody = z
  .object({ org_id: optionalText(100, "org_id must be a string of at most 100 characters") })
  .strict()
export type StartPayoutOnboardingBody = z.infer<typeof StartPayoutOnboardingBody>
