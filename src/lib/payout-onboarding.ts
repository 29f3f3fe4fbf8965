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

/** The dashboard page the provider returns to; `onboarding=return|refresh` tells it why. */
export const PAYOUT_SETTINGS_PATH = "/settings/payouts"

/**
 * Where the onboarding pages send the artist, below the dashboard's address (`appUrl`, src/lib/public-urls.ts):
 * `return_url` after the flow (which proves nothing: the account's state comes from the provider), `refresh_url` when
 * the link expired or was used (the page asks for a new link).
 */
export function onboardingReturnUrls(appUrl: string): { refreshUrl: string; returnUrl: string } {
  const base = `${appUrl}${PAYOUT_SETTINGS_PATH}`
  return { refreshUrl: `${base}?onboarding=refresh`, returnUrl: `${base}?onboarding=return` }
}
