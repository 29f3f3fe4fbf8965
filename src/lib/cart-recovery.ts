// Abandoned-cart reminders of an artist's store (docs/store-cart-recovery.md).

/** Minutes after a capture before its reminder goes out (CART_REMINDER_DELAY_MINUTES). */
export const DEFAULT_CART_REMINDER_DELAY_MINUTES = 60
/** A captured cart is kept, and remindable, this long. */
export const CART_RECOVERY_TTL_DAYS = 30

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** CART_REMINDER_DELAY_MINUTES: a non-negative number of minutes; anything else falls back to the default. */
export function cartReminderDelayMinutes(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_CART_REMINDER_DELAY_MINUTES
  const minutes = Number(value)
  return Number.isFinite(minutes) && minutes >= 0 ? minutes : DEFAULT_CART_REMINDER_DELAY_MINUTES
}

/** The window of captures whose reminder is due at `now`: captured at or before `dueBefore`, after `expiredBefore`. */
export function cartReminderWindow(now: Date, delayMinutes: number): { dueBefore: Date; expiredBefore: Date } {
  return {
    dueBefore: new Date(now.getTime() - delayMinutes * MINUTE_MS),
    expiredBefore: cartRecoveryExpiry(now),
  }
}

/** Captures at or before this instant have expired. */
export function cartRecoveryExpiry(now: Date): Date {
  return new Date(now.getTime() - CART_RECOVERY_TTL_DAYS * DAY_MS)
}

/** One reminder per capture: the Notification module's idempotency key of a capture's reminder. */
export function cartReminderKey(cartId: string, capturedAt: Date): string {
  return `store-cart-reminder:${cartId}:${capturedAt.getTime()}`
}
