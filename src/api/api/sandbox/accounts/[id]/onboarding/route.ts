import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYMENTS_MODULE, sandboxOnboardingPath, type PaymentsModuleService } from "../../../../../../modules/payments"
import { handlePaymentEvent } from "../../../../../../processes/settlement/payment-events"

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
${body}
</body></html>`
}

function send(res: MedusaResponse, status: number, html: string) {
  res.status(status).setHeader("content-type", "text/html; charset=utf-8")
  res.setHeader("cache-control", "no-store")
  res.send(html)
}

/**
 * GET /api/sandbox/accounts/{id}/onboarding — local gateway only: the stand-in for Stripe's hosted Express
 * onboarding, where an onboarding link of the local gateway points. A form that submits the (imaginary) details.
 * 404 for an unknown account.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const account = await payments.retrieveSandboxOnboarding(req.params.id)
  const id = escapeHtml(account.id)
  const status = account.payoutsEnabled
    ? "<p><strong>Onboarding is complete:</strong> payouts are enabled for this account.</p>"
    : "<p>This account cannot receive payouts yet.</p>"
  send(
    res,
    200,
    page(
      "Sandbox payout onboarding",
      `<h1>Sandbox payout onboarding</h1>
<p>Stands in for Stripe's hosted onboarding of the Connect Express account <code>${id}</code>.
No real details are collected and no money moves.</p>
${status}
<form method="post" action="${escapeHtml(sandboxOnboardingPath(account.id))}">
  <button type="submit">Submit details and complete onboarding</button>
</form>`
    )
  )
}

/**
 * POST /api/sandbox/accounts/{id}/onboarding — the form above, as Stripe's page completes onboarding: the account's
 * details are submitted, payouts and the transfers capability enabled, and the same effect as Stripe's
 * `account.updated` webhook is raised (the state is recorded on the organization, its pending payouts are
 * transferred at once). Then 303 to the onboarding link's return URL (a confirmation page when there is none).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const completed = await payments.completeSandboxOnboarding(req.params.id)
  const { refreshUrl: _refreshUrl, returnUrl, ...account } = completed
  // Each completion is a new report (the page may be submitted again after the account was disabled).
  await handlePaymentEvent(
    req.scope,
    { id: `evt_sandbox_${account.id}_updated_${Date.now()}`, type: "account.updated", object: { id: account.id } },
    { account }
  )
  if (returnUrl) {
    res.redirect(303, returnUrl)
    return
  }
  send(res, 200, page("Sandbox payout onboarding", `<h1>Onboarding complete</h1><p>Payouts are enabled for <code>${escapeHtml(account.id)}</code>.</p>`))
}
