const DAY_MS = 24 * 60 * 60 * 1000

export type GuestWorkspaceFields = { isGuest: boolean; expiresAt: Date | null }

export type GuestWorkspaceStatus = {
  isGuest: boolean
  expiresAt: string | null
  daysRemaining: number | null
  isExpired: boolean
  canPromote: boolean
}

/**
 * The spec's guest workspace status. Days remaining round up (half a day left is "1 day") and never go
 * below 0; a workspace can be promoted to a full account while it is a guest one that has not expired.
 */
export function guestWorkspaceStatus({ isGuest, expiresAt }: GuestWorkspaceFields, now: Date): GuestWorkspaceStatus {
  if (!isGuest) return { isGuest: false, expiresAt: null, daysRemaining: null, isExpired: false, canPromote: false }
  if (!expiresAt) return { isGuest: true, expiresAt: null, daysRemaining: null, isExpired: false, canPromote: true }
  const remainingMs = expiresAt.getTime() - now.getTime()
  const isExpired = remainingMs <= 0
  return {
    isGuest: true,
    expiresAt: expiresAt.toISOString(),
    daysRemaining: isExpired ? 0 : Math.ceil(remainingMs / DAY_MS),
    isExpired,
    canPromote: !isExpired,
  }
}
