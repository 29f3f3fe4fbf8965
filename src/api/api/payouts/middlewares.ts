import type { MedusaNextFunction, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { resolveOrganization, type OrganizationScopedRequest } from "../../utils/access"
import { sendAuthError } from "../../utils/error-response"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import { StartPayoutOnboardingBody } from "./validators"

export const PAYOUT_ONBOARDING_OWNERS_ONLY = "Only an owner of the organization can manage payout onboarding"

/** Payout onboarding connects the account the organization's money goes to: owners only (docs/payout-onboarding.md). */
function ownersOnly(req: OrganizationScopedRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (req.organization.role !== "owner") return sendAuthError(res, 403, PAYOUT_ONBOARDING_OWNERS_ONLY)
  next()
}

/** /api/payouts/*: onboarding for owners; the status for every member (docs/payout-onboarding.md). */
export const payoutMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/payouts/onboarding",
    methods: ["POST"],
    middlewares: [validateBody(StartPayoutOnboardingBody), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/payouts/status",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
]
