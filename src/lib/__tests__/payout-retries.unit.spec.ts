import {
  isPayoutFailureAlertDue,
  mayHaveForgottenTransferKey,
  nextPayoutAttemptAt,
  PAYOUT_FAILURE_ALERT_AFTER_MS,
  PAYOUT_RETRY_FIRST_DELAY_MS,
  PAYOUT_RETRY_MAX_DELAY_MS,
  payoutRetryDelayMs,
  TRANSFER_IDEMPOTENCY_KEY_LIFETIME_MS,
} from "../payout-retries"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const at = (iso: string) => new Date(iso)
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms)

describe("payout back-off", () => {
  it("waits 15 minutes after the first failure and doubles after each further one", () => {
    expect(PAYOUT_RETRY_FIRST_DELAY_MS).toBe(15 * MINUTE)
    expect([1, 2, 3, 4, 5, 6, 7].map(payoutRetryDelayMs)).toEqual([
      15 * MINUTE,
      30 * MINUTE,
      1 * HOUR,
      2 * HOUR,
      4 * HOUR,
      8 * HOUR,
      16 * HOUR,
    ])
  })

  it("never waits more than one day, however many attempts failed", () => {
    expect(PAYOUT_RETRY_MAX_DELAY_MS).toBe(DAY)
    expect(payoutRetryDelayMs(8)).toBe(DAY) // 32 h capped
    expect(payoutRetryDelayMs(9)).toBe(DAY)
    expect(payoutRetryDelayMs(1000)).toBe(DAY)
    expect(payoutRetryDelayMs(Number.MAX_SAFE_INTEGER)).toBe(DAY)
  })

  it("treats a count below one as the first failure", () => {
    expect(payoutRetryDelayMs(0)).toBe(15 * MINUTE)
    expect(payoutRetryDelayMs(-3)).toBe(15 * MINUTE)
  })

  it("dates the next attempt from the failed one, without changing its input", () => {
    const failedAt = at("2026-03-01T23:50:00.000Z")
    expect(nextPayoutAttemptAt(1, failedAt).toISOString()).toBe("2026-03-02T00:05:00.000Z")
    expect(nextPayoutAttemptAt(3, failedAt).toISOString()).toBe("2026-03-02T00:50:00.000Z")
    expect(nextPayoutAttemptAt(20, failedAt).toISOString()).toBe("2026-03-02T23:50:00.000Z")
    expect(failedAt.toISOString()).toBe("2026-03-01T23:50:00.000Z")
  })
})

describe("administrators alert", () => {
  const first = at("2026-03-01T12:00:00.000Z")

  it("is due once the first attempt is more than a day old", () => {
    expect(PAYOUT_FAILURE_ALERT_AFTER_MS).toBe(DAY)
    const payout = { firstAttemptedAt: first, failureAlertedAt: null }
    expect(isPayoutFailureAlertDue(payout, plus(first, 23 * HOUR))).toBe(false)
    expect(isPayoutFailureAlertDue(payout, plus(first, DAY))).toBe(false)
    expect(isPayoutFailureAlertDue(payout, plus(first, DAY + 1))).toBe(true)
    expect(isPayoutFailureAlertDue(payout, plus(first, 30 * DAY))).toBe(true)
  })

  it("is sent only once", () => {
    const alerted = { firstAttemptedAt: first, failureAlertedAt: plus(first, DAY + HOUR) }
    expect(isPayoutFailureAlertDue(alerted, plus(first, 3 * DAY))).toBe(false)
  })

  it("is never due for a payout that was never attempted (waiting for a connected account)", () => {
    expect(isPayoutFailureAlertDue({ firstAttemptedAt: null, failureAlertedAt: null }, plus(first, 90 * DAY))).toBe(
      false
    )
  })
})

describe("existing-transfer check before re-sending a transfer key", () => {
  const created = at("2026-03-01T12:00:00.000Z")

  it("is needed once the key may have been sent more than 24 hours ago", () => {
    expect(TRANSFER_IDEMPOTENCY_KEY_LIFETIME_MS).toBe(DAY)
    const payout = { createdAt: created, firstAttemptedAt: null }
    expect(mayHaveForgottenTransferKey(payout, plus(created, 10 * MINUTE))).toBe(false)
    expect(mayHaveForgottenTransferKey(payout, plus(created, DAY))).toBe(false)
    expect(mayHaveForgottenTransferKey(payout, plus(created, DAY + 1))).toBe(true)
  })

  it("counts from the payout's creation even when the first recorded attempt came later", () => {
    // Settlement may have sent the key at creation and died before recording it.
    const payout = { createdAt: created, firstAttemptedAt: plus(created, 20 * HOUR) }
    expect(mayHaveForgottenTransferKey(payout, plus(created, 25 * HOUR))).toBe(true)
  })

  it("counts from a recorded first attempt that is earlier than the creation", () => {
    const payout = { createdAt: created, firstAttemptedAt: plus(created, -2 * DAY) }
    expect(mayHaveForgottenTransferKey(payout, plus(created, HOUR))).toBe(true)
  })
})
