import { model } from "@medusajs/framework/utils"

/**
 * A connected account of the local gateway, shaped like a Stripe Connect Express account: created idempotently
 * (one per idempotency key), inactive until its onboarding page is completed (`/api/sandbox/accounts/{id}/onboarding`),
 * which submits the details and activates payouts and the transfers capability, as Stripe's hosted onboarding would.
 */
export const SandboxAccount = model.define("sandbox_account", {
  id: model.id({ prefix: "acct" }).primaryKey(),
  metadata: model.json<Record<string, string>>().nullable(),
  charges_enabled: model.boolean().default(false),
  payouts_enabled: model.boolean().default(false),
  details_submitted: model.boolean().default(false),
  transfers_active: model.boolean().default(false),
  /** Of the latest onboarding link: where the page sends the user back (set by the app, never by the page's caller). */
  refresh_url: model.text().nullable(),
  return_url: model.text().nullable(),
  idempotency_key: model.text().unique(),
  /** Hash of the creating request's parameters: a replayed key with other parameters is refused. */
  request_hash: model.text(),
})
