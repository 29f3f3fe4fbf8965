import type { MedusaResponse } from "@medusajs/framework/http"
import { startPayoutOnboarding } from "../../../../processes/settlement/connected-accounts"
import type { OrganizationScopedRequest } from "../../../utils/access"

/**
 * POST /api/payouts/onboarding (owners): creates the organization's Connect Express account once and answers
 * `{url}`, a fresh onboarding link to it (Stripe's hosted page; the sandbox page with the local gateway).
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { url } = await startPayoutOnboarding(req.scope, req.organization.id)
  res.json({ url })
}
