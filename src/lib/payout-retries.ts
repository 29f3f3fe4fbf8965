// When the payouts job retries a failed transfer, when it alerts the administrators, and when it must first ask
// the payment provider whether the transfer already exists.

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** Delay after a payout's first failed attempt; each further failure doubles it. */
export const PAYOUT_RETRY_FIRST_DELAY_MS = 15 * MINUTE_MS
/** The back-off stops growing at one day. */
export const PAYOUT_RETRY_MAX_DELAY_MS = DAY_MS
/** A payout failing for longer than this is reported to the administrators (once). */
export const PAYOUT_FAILURE_ALERT_AFTER_MS = DAY_MS
/** Stripe keeps an idempotency key for 24 hours after its first use; a later request with it executes anew. */
export const TRANSFER_IDEMPOTENCY_KEY_LIFETIME_MS = DAY_MS

/** The wait after a payout's `failedAttempts`-th failed attempt: 15 min, 30 min, 1 h, 2 h, ... at most one day. */
export function payoutRetryDelayMs(failedAttempts: number): number {
  const doublings = Math.max(0, Math.floor(failedAttempts) - 1)
  // 2^7 x 15 min already exceeds a day: larger exponents need not be computed.
  return Math.min(PAYOUT_RETRY_FIRST_DELAY_MS * 2 ** Math.min(doublings, 7), PAYOUT_RETRY_MAX_DELAY_MS)
}

/** When the payout may be tried again if its `attempt`-th attempt (1 for the first), made at `attemptedAt`, fails. */
export function nextPayoutAttemptAt(attempt: number, attemptedAt: Date): Date {
  return new Date(attemptedAt.getTime() + payoutRetryDelayMs(attempt))
}

/**
 * Whether the administrators should now be told about a payout that is still not transferred: its first attempt
 * was more than a day ago and no alert has gone out for it yet.
 */
export function isPayoutFailureAlertDue(
  payout: { firstAttemptedAt: Date | null; failureAlertedAt: Date | null },
  now: Date
): boolean {
  if (!payout.firstAttemptedAt || payout.failureAlertedAt) return false
  return now.getTime() - payout.firstAttemptedAt.getTime() > PAYOUT_FAILURE_ALERT_AFTER_MS
}

/**
 * Whether the provider may have forgotten the payout's transfer idempotency key, so that sending it again could
 * create a second transfer: the key may first have been sent more than 24 hours ago. The payment settlement sends
 * it right after creating the payout and records nothing until the provider answers (a process that dies in
 * between leaves no trace), so the payout's creation stands for that first use when it is earlier than the first
 * attempt on record.
 */
export function mayHaveForgottenTransferKey(
  payout: { createdAt: Date; firstAttemptedAt: Date | null },
  now: Date
): boolean {
  const created = payout.createdAt.getTime()
  const firstUse = payout.firstAttemptedAt ? Math.min(created, payout.firstAttemptedAt.getTime()) : created
  return now.getTime() - firstUse > TRANSFER_IDEMPOTENCY_KEY_LIFETIME_MS
}
