import {
  DEFAULT_GUEST_TRIAL_DAYS,
  GUEST_MESSAGES,
  guestExpiresAt,
  guestTrialDays,
  guestWorkspaceSlug,
  guestWorkspaceStatus,
  isGuestWorkspaceExpired,
  isWriteMethod,
  missingAccountFields,
  promotionRefusal,
  type GuestViewer,
} from "../guest-workspace"

const now = new Date("2026-03-01T12:00:00Z")
const owner: GuestViewer = { isOwner: true, missingAccountFields: [] }
const member: GuestViewer = { isOwner: false, missingAccountFields: [] }
const incomplete: GuestViewer = { isOwner: true, missingAccountFields: ["last_name", "display_name"] }
const guest = { isGuest: true, expiresAt: new Date("2026-03-03T00:00:00Z") }
const expired = { isGuest: true, expiresAt: new Date("2026-02-01T00:00:00Z") }

describe("guestWorkspaceStatus", () => {
  it("a regular organization is no guest and cannot be promoted", () => {
    expect(guestWorkspaceStatus({ isGuest: false, expiresAt: new Date("2026-03-02T00:00:00Z") }, now, owner)).toEqual({
      isGuest: false,
      expiresAt: null,
      daysRemaining: null,
      isExpired: false,
      canPromote: false,
    })
  })

  it("a guest without an expiry never expires", () => {
    expect(guestWorkspaceStatus({ isGuest: true, expiresAt: null }, now, owner)).toMatchObject({
      daysRemaining: null,
      isExpired: false,
      canPromote: true,
    })
  })

  it("counts a partial day as a whole day", () => {
    expect(guestWorkspaceStatus(guest, now, owner)).toEqual({
      isGuest: true,
      expiresAt: "2026-03-03T00:00:00.000Z",
      daysRemaining: 2,
      isExpired: false,
      canPromote: true,
    })
  })

  it("is expired at and after the expiry instant", () => {
    expect(guestWorkspaceStatus({ isGuest: true, expiresAt: now }, now, owner)).toMatchObject({
      daysRemaining: 0,
      isExpired: true,
      canPromote: false,
    })
    expect(guestWorkspaceStatus(expired, now, owner)).toMatchObject({ daysRemaining: 0, isExpired: true })
  })

  it("lets only an owner with a complete account promote", () => {
    expect(guestWorkspaceStatus(guest, now, member).canPromote).toBe(false)
    expect(guestWorkspaceStatus(guest, now, incomplete).canPromote).toBe(false)
    expect(guestWorkspaceStatus(guest, now, owner).canPromote).toBe(true)
  })
})

describe("promotionRefusal", () => {
  it("refuses a non-owner (403) before anything else", () => {
    expect(promotionRefusal({ isGuest: false, expiresAt: null }, member, now)).toEqual({ status: 403, message: GUEST_MESSAGES.notOwner })
  })

  it("refuses an organization that is not a guest workspace (400)", () => {
    expect(promotionRefusal({ isGuest: false, expiresAt: null }, owner, now)).toEqual({ status: 400, message: GUEST_MESSAGES.notGuest })
  })

  it("refuses an expired workspace (403) even with an incomplete account", () => {
    expect(promotionRefusal(expired, incomplete, now)).toEqual({ status: 403, message: GUEST_MESSAGES.expiredPromotion })
  })

  it("names what an incomplete account lacks (400)", () => {
    expect(promotionRefusal(guest, incomplete, now)).toEqual({
      status: 400,
      message: "Complete your account before promoting: missing last_name, display_name",
    })
  })

  it("accepts an owner with a complete account of a live guest workspace", () => {
    expect(promotionRefusal(guest, owner, now)).toBeNull()
    expect(promotionRefusal({ isGuest: true, expiresAt: null }, owner, now)).toBeNull()
  })
})

describe("missingAccountFields", () => {
  it("lists the owner's names and the display name when absent or blank", () => {
    expect(missingAccountFields({ first_name: null, last_name: "  " }, {})).toEqual(["first_name", "last_name", "display_name"])
    expect(missingAccountFields({ first_name: "Ada", last_name: "Lovelace" }, { display_name: "Ada's Studio" })).toEqual([])
    expect(missingAccountFields({ first_name: "Ada", last_name: "Lovelace" }, { display_name: null })).toEqual(["display_name"])
  })
})

describe("trial length and expiry", () => {
  it("reads GUEST_TRIAL_DAYS as whole days from 1 to 365, else 14", () => {
    expect(guestTrialDays(undefined)).toBe(DEFAULT_GUEST_TRIAL_DAYS)
    expect(guestTrialDays("")).toBe(14)
    expect(guestTrialDays("abc")).toBe(14)
    expect(guestTrialDays("0")).toBe(14)
    expect(guestTrialDays("-3")).toBe(14)
    expect(guestTrialDays("2.5")).toBe(14)
    expect(guestTrialDays("30")).toBe(30)
    expect(guestTrialDays("9999")).toBe(365)
  })

  it("expires trialDays after the start", () => {
    expect(guestExpiresAt(now, 14).toISOString()).toBe("2026-03-15T12:00:00.000Z")
  })

  it("only a guest workspace with a past expiry is expired", () => {
    expect(isGuestWorkspaceExpired(expired, now)).toBe(true)
    expect(isGuestWorkspaceExpired({ isGuest: true, expiresAt: now }, now)).toBe(true)
    expect(isGuestWorkspaceExpired(guest, now)).toBe(false)
    expect(isGuestWorkspaceExpired({ isGuest: false, expiresAt: expired.expiresAt }, now)).toBe(false)
    expect(isGuestWorkspaceExpired({ isGuest: true, expiresAt: null }, now)).toBe(false)
  })

  it("treats everything but GET, HEAD and OPTIONS as a write", () => {
    expect(["GET", "head", "OPTIONS"].map(isWriteMethod)).toEqual([false, false, false])
    expect(["POST", "PUT", "PATCH", "DELETE"].map(isWriteMethod)).toEqual([true, true, true, true])
  })
})

describe("guestWorkspaceSlug", () => {
  it("slugifies the name, bounded, with a suffix", () => {
    expect(guestWorkspaceSlug("Café Prints & Posters!", "a1b2c3")).toBe("cafe-prints-posters-guest-a1b2c3")
    expect(guestWorkspaceSlug("!!!", "x9")).toBe("workspace-guest-x9")
    const long = guestWorkspaceSlug("a ".repeat(100), "s")
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    expect(long.length).toBeLessThanOrEqual(40 + "-guest-s".length)
  })
})
