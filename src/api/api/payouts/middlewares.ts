import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { statementMonthRange } from "../../../lib/ledger"
import { resolveOrganization, type OrganizationScopedRequest } from "../../utils/access"
import { fieldError, sendAuthError } from "../../utils/error-response"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import { LEDGER_MESSAGES, LedgerQuery, StartPayoutOnboardingBody, StatementQuery } from "./validators"

export const PAYOUT_ONBOARDING_OWNERS_ONLY = "Only an owner of the organization can manage payout onboarding"

/** Payout onboarding connects the account the organization's money goes to: owners only (docs/payout-onboarding.md). */
function ownersOnly(req: OrganizationScopedRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (req.organization.role !== "owner") return sendAuthError(res, 403, PAYOUT_ONBOARDING_OWNERS_ONLY)
  next()
}

/** A statement's month in the path (`YYYY-MM`): 400 naming `month` otherwise. */
function validStatementMonth(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const month = typeof req.params.month === "string" ? req.params.month : ""
  if (!statementMonthRange(month)) return next(fieldError(MedusaError.Types.INVALID_DATA, LEDGER_MESSAGES.monthInvalid, "month"))
  next()
}

/**
 * /api/payouts/*: onboarding for owners; the status, the ledger, the balance and the statements for every member
 * (docs/payout-onboarding.md, docs/payouts-ledger.md): members already see the orders and analytics these amounts
 * come from, and none of them names an account or a bank detail.
 */
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
  {
    matcher: "/api/payouts/ledger",
    methods: ["GET"],
    middlewares: [validateQuery(LedgerQuery), resolveOrganization()],
  },
  {
    matcher: "/api/payouts/balance",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
  {
    matcher: "/api/payouts/statements/:month",
    methods: ["GET"],
    middlewares: [validateQuery(StatementQuery), validStatementMonth, resolveOrganization()],
  },
]
