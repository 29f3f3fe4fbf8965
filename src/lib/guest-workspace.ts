// Guest workspaces (spec 2 "Guest workspace status"; the lifecycle is Atelier's, docs/settings-and-guest-workspaces.md):
// a trial organization that expires GUEST_TRIAL_DAYS after it starts unless its owner promotes it.

import { slugify } from "./slug"

const DAY_MS = 24 * 60 * 60 * 1000

export const DEFAULT_GUEST_TRIAL_DAYS = 14
const MAX_GUEST_TRIAL_DAYS = 365

export const GUEST_MESSAGES = {
  expired: "This guest workspace has expired",
  notOwner: "Only the owner can promote this guest workspace",
  notGuest: "This organization is not a guest workspace",
  expiredPromotion: "This guest workspace has expired and can no longer be promoted",
  incompleteAccount: (missing: readonly string[]) => `Complete your account before promoting: missing ${missing.join(", ")}`,
} as const

export type GuestWorkspaceFields = { isGuest: boolean; expiresAt: Date | null }

/** Who asks: promotion is the owner's, once the account is complete (`missingAccountFields` empty). */
export type GuestViewer = { isOwner: boolean; missingAccountFields: readonly string[] }

export type GuestWorkspaceStatus = {
  isGuest: boolean
  expiresAt: string | null
  daysRemaining: number | null
  isExpired: boolean
  canPromote: boolean
}

/** GUEST_TRIAL_DAYS: a whole number of days from 1 to 365; anything else (or nothing) is the default, 14. */
export function guestTrialDays(value: string | undefined): number {
  const days = Number(value)
  if (!value || !Number.isInteger(days) || days < 1) return DEFAULT_GUEST_TRIAL_DAYS
  return Math.min(days, MAX_GUEST_TRIAL_DAYS)
}

/**
 * The slug of a new guest workspace: its name slugified (at most 40 characters, "workspace" when nothing usable is
 * left), then `-guest-` and a random `suffix`, so two workspaces of the same name never collide on the slug.
 */
export function guestWorkspaceSlug(name: string, suffix: string): string {
  const base = slugify(name).slice(0, 40).replace(/-+$/, "") || "workspace"
  return `${base}-guest-${suffix}`
}

/** When a guest workspace started at `now` expires. */
export function guestExpiresAt(now: Date, trialDays: number): Date {
  return new Date(now.getTime() + trialDays * DAY_MS)
}

/** A guest workspace is expired at and after its expiry instant; one without an expiry never expires. */
export function isGuestWorkspaceExpired({ isGuest, expiresAt }: GuestWorkspaceFields, now: Date): boolean {
  return isGuest && expiresAt !== null && expiresAt.getTime() <= now.getTime()
}

/** Methods that change something: an expired guest workspace refuses them (reads stay allowed). */
export function isWriteMethod(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())
}

/**
 * What an owner's account lacks before a guest workspace can be promoted: the owner's first and last name (the
 * member record) and the workspace's public display name (account settings). Blank counts as missing.
 */
export function missingAccountFields(
  member: { first_name?: string | null; last_name?: string | null },
  account: { display_name?: string | null }
): string[] {
  const present = (value: string | null | undefined) => typeof value === "string" && value.trim().length > 0
  return [
    ...(present(member.first_name) ? [] : ["first_name"]),
    ...(present(member.last_name) ? [] : ["last_name"]),
    ...(present(account.display_name) ? [] : ["display_name"]),
  ]
}

export type PromotionRefusal = { status: 400 | 403; message: string }

/**
 * Why this viewer cannot promote this workspace now, or null when it can. In this order: not the owner (403), not a
 * guest workspace (400), expired (403: completing the account would not help), incomplete account (400, naming what
 * is missing).
 */
export function promotionRefusal(fields: GuestWorkspaceFields, viewer: GuestViewer, now: Date): PromotionRefusal | null {
  if (!viewer.isOwner) return { status: 403, message: GUEST_MESSAGES.notOwner }
  if (!fields.isGuest) return { status: 400, message: GUEST_MESSAGES.notGuest }
  if (isGuestWorkspaceExpired(fields, now)) return { status: 403, message: GUEST_MESSAGES.expiredPromotion }
  if (viewer.missingAccountFields.length) {
    return { status: 400, message: GUEST_MESSAGES.incompleteAccount(viewer.missingAccountFields) }
  }
  return null
}

/**
 * The spec's guest workspace status, as `viewer` sees it. Days remaining round up (half a day left is "1 day") and
 * never go below 0; `canPromote` is true exactly when `promotionRefusal` has nothing against it.
 */
export function guestWorkspaceStatus(fields: GuestWorkspaceFields, now: Date, viewer: GuestViewer): GuestWorkspaceStatus {
  const canPromote = promotionRefusal(fields, viewer, now) === null
  if (!fields.isGuest) return { isGuest: false, expiresAt: null, daysRemaining: null, isExpired: false, canPromote }
  if (!fields.expiresAt) return { isGuest: true, expiresAt: null, daysRemaining: null, isExpired: false, canPromote }
  const remainingMs = fields.expiresAt.getTime() - now.getTime()
  const isExpired = remainingMs <= 0
  return {
    isGuest: true,
    expiresAt: fields.expiresAt.toISOString(),
    daysRemaining: isExpired ? 0 : Math.ceil(remainingMs / DAY_MS),
    isExpired,
    canPromote,
  }
}
