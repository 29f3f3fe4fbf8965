import { guestWorkspaceStatus } from "../guest-workspace"

const now = new Date("2026-03-01T12:00:00Z")

describe("guestWorkspaceStatus", () => {
  it("a regular organization is no guest and cannot be promoted", () => {
    expect(guestWorkspaceStatus({ isGuest: false, expiresAt: new Date("2026-03-02T00:00:00Z") }, now)).toEqual({
      isGuest: false,
      expiresAt: null,
      daysRemaining: null,
      isExpired: false,
      canPromote: false,
    })
  })

  it("a guest without an expiry never expires", () => {
    expect(guestWorkspaceStatus({ isGuest: true, expiresAt: null }, now)).toMatchObject({
      daysRemaining: null,
      isExpired: false,
      canPromote: true,
    })
  })

  it("counts a partial day as a whole day", () => {
    const status = guestWorkspaceStatus({ isGuest: true, expiresAt: new Date("2026-03-03T00:00:00Z") }, now)
    expect(status).toEqual({
      isGuest: true,
      expiresAt: "2026-03-03T00:00:00.000Z",
      daysRemaining: 2,
      isExpired: false,
      canPromote: true,
    })
  })

  it("is expired at and after the expiry instant", () => {
    expect(guestWorkspaceStatus({ isGuest: true, expiresAt: now }, now)).toMatchObject({
      daysRemaining: 0,
      isExpired: true,
      canPromote: false,
    })
    expect(guestWorkspaceStatus({ isGuest: true, expiresAt: new Date("2026-02-01T00:00:00Z") }, now)).toMatchObject({
      daysRemaining: 0,
      isExpired: true,
    })
  })
})
