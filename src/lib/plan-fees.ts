// The platform's commission on an artist's own-store sales (spec part 2 "Fees and amounts" 6-7). The gallery's 12 %
// never applies here, not even to a sale a gallery referral brought (attributed sales carry no gallery commission).
import { percentOfCents } from "./money"

/** The organization plans (the organization model's `plan` values). */
export type PlanName = "starter" | "growth" | "pro"

/** Commission per plan, in basis points (1 bp = 0.01 %): the one table of plan rates (README and docs/ repeat it). */
export const PLAN_COMMISSION_BASIS_POINTS: Readonly<Record<PlanName, number>> = {
  starter: 500,
  growth: 300,
  pro: 100,
}

/** Founding artists pay nothing for this many calendar years after `founding_artist_since`. */
export const FOUNDING_ARTIST_FREE_YEARS = 2

/**
 * The instant a founding artist's free period ends: the same calendar date and time of day (UTC), two years later.
 * A start on 29 February ends on 1 March (JavaScript's date arithmetic rolls the missing day over).
 */
export function foundingPeriodEnd(foundingArtistSince: Date): Date {
  const end = new Date(foundingArtistSince.getTime())
  end.setUTCFullYear(end.getUTCFullYear() + FOUNDING_ARTIST_FREE_YEARS)
  return end
}

export type PlanFeeOrganization = { plan: PlanName; founding_artist_since: Date | null }

/** The commission rate (basis points) an organization pays on a store sale made at `at`. */
export function storeCommissionBasisPoints(organization: PlanFeeOrganization, at: Date): number {
  const since = organization.founding_artist_since
  if (since && at.getTime() >= since.getTime() && at.getTime() < foundingPeriodEnd(since).getTime()) return 0
  return PLAN_COMMISSION_BASIS_POINTS[organization.plan]
}

/** The platform fee (`application_fee_amount`, integer cents) of a store sale of `subtotalCents`, rounded half-up. */
export function storePlatformFeeCents(organization: PlanFeeOrganization, subtotalCents: number, at: Date): number {
  return percentOfCents(subtotalCents, storeCommissionBasisPoints(organization, at))
}
