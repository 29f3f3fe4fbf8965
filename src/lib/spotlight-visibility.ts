/**
 * Spec part 3 (Other state sets): a spotlight is visible when isActive is true, publishedAt is not in the future
 * and expiresAt is absent or not passed (an expiry at exactly `now` has passed). Pure; the SQL filter in
 * queries/curation.ts states the same predicate.
 */
export type SpotlightTiming = {
  isActive: boolean
  publishedAt: Date | string
  expiresAt?: Date | string | null
}

const time = (value: Date | string) => (value instanceof Date ? value.getTime() : new Date(value).getTime())

export function isSpotlightVisible(spotlight: SpotlightTiming, now: Date = new Date()): boolean {
  if (!spotlight.isActive) return false
  const published = time(spotlight.publishedAt)
  if (!Number.isFinite(published) || published > now.getTime()) return false
  if (spotlight.expiresAt === null || spotlight.expiresAt === undefined) return true
  const expires = time(spotlight.expiresAt)
  return Number.isFinite(expires) && expires > now.getTime()
}

/** A spotlight's window is valid when it has no expiry or expires strictly after it is published. */
export function isSpotlightWindowValid(publishedAt: Date, expiresAt: Date | null | undefined): boolean {
  return expiresAt === null || expiresAt === undefined || expiresAt.getTime() > publishedAt.getTime()
}
