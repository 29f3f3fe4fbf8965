import {
  foundingPeriodEnd,
  PLAN_COMMISSION_BASIS_POINTS,
  storeCommissionBasisPoints,
  storePlatformFeeCents,
} from "../plan-fees"

const at = new Date("2026-11-22T12:00:00.000Z")

describe("store commission by plan", () => {
  it.each([
    ["starter", 500],
    ["growth", 300],
    ["pro", 100],
  ] as const)("%s pays %i basis points", (plan, basisPoints) => {
    expect(PLAN_COMMISSION_BASIS_POINTS[plan]).toBe(basisPoints)
    expect(storeCommissionBasisPoints({ plan, founding_artist_since: null }, at)).toBe(basisPoints)
  })

  it("computes the fee in integer cents, rounded half-up", () => {
    // 5 % of $34.99 = 174.95 cents -> 175
    expect(storePlatformFeeCents({ plan: "starter", founding_artist_since: null }, 3499, at)).toBe(175)
    // 3 % of $0.50 = 1.5 cents -> 2
    expect(storePlatformFeeCents({ plan: "growth", founding_artist_since: null }, 50, at)).toBe(2)
    // 1 % of $12.95 = 12.95 cents -> 13
    expect(storePlatformFeeCents({ plan: "pro", founding_artist_since: null }, 1295, at)).toBe(13)
    expect(storePlatformFeeCents({ plan: "pro", founding_artist_since: null }, 0, at)).toBe(0)
  })
})

describe("founding artists", () => {
  const since = new Date("2025-03-10T08:30:15.000Z")
  const end = new Date("2027-03-10T08:30:15.000Z")
  const founding = { plan: "pro" as const, founding_artist_since: since }

  it("the free period ends two calendar years later, to the second", () => {
    expect(foundingPeriodEnd(since).toISOString()).toBe(end.toISOString())
  })

  it("pays 0 % from the founding instant until one millisecond before the end", () => {
    expect(storeCommissionBasisPoints(founding, since)).toBe(0)
    expect(storeCommissionBasisPoints(founding, new Date(end.getTime() - 1))).toBe(0)
    expect(storePlatformFeeCents(founding, 125000, new Date(end.getTime() - 1000))).toBe(0)
  })

  it("pays the plan's rate from the end instant on", () => {
    expect(storeCommissionBasisPoints(founding, end)).toBe(100)
    expect(storePlatformFeeCents(founding, 125000, end)).toBe(1250)
  })

  it("a founding date in the future does not exempt sales before it", () => {
    expect(storeCommissionBasisPoints({ plan: "starter", founding_artist_since: new Date("2027-01-01T00:00:00Z") }, at)).toBe(500)
  })

  it("a founding date of 29 February ends on 1 March two years later", () => {
    expect(foundingPeriodEnd(new Date("2024-02-29T00:00:00.000Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z")
  })
})
