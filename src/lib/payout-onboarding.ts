// Rules of payout onboarding (Stripe Connect Express): which account may receive transfers, how the account is
// created once per organization, and where the provider's onboarding pages send the artist back.

/** The state of an organization's connected account, as stored by the organization module. */
export type ConnectedAccountState = {
  stripeAccountId: string | null
  payoutsEnabled: boolean
  transfersActive: boolean
}

/**
 * An account can receive payouts when the provider reports both payouts enabled and the `transfers` capability
 * active: before that, Stripe refuses the transfer. (The same rule, in SQL, selects transferable payouts.)
 */
export function canReceivePayouts(state: ConnectedAccountState): boolean {
  return Boolean(state.stripeAccountId) && state.payoutsEnabled && state.transfersActive
}

/**
 * The idempotency key of an organization's account creation: concurrent or repeated onboarding requests create one
 * account (Stripe replays the first answer for 24 hours; after that the stored account id is reused).
 */
export function connectedAccountIdempotencyKey(organizationId: string): string {
  return `connect-account-${organizationId}`
}

/** The creator dashboard in development: this same server, at /dashboard (docs/artist-dashboard.md). */
export const DEFAULT_APP_URL = "http://localhost:9000/dashboard"

/** The dashboard page the provider returns to; `onboarding=return|refresh` tells it why. */
export const PAYOUT_SETTINGS_PATH = "/settings/payouts"

/** APP_URL when it is an absolute http(s) URL, without a trailing slash; otherwise the development default. */
export function appBaseUrl(value: string | undefined): string {
  const trimmed = value?.trim()
  if (!trimmed) return DEFAULT_APP_URL
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new Error(`APP_URL is not a valid URL: ${trimmed}`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("APP_URL must be an http or https URL")
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`
}

/**
 * Where the onboarding pages send the artist: `return_url` after the flow (which proves nothing: the account's state
 * comes from the provider), `refresh_url` when the link expired or was used (the page asks for a new link).
 */
export function onboardingReturnUrls(appUrl: string | undefined): { refreshUrl: string; returnUrl: string } {
  const base = `${appBaseUrl(appUrl)}${PAYOUT_SETTINGS_PATH}`
  return { refreshUrl: `${base}?onboarding=refresh`, returnUrl: `${base}?onboarding=return` }
}
