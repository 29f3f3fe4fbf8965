import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  newReferralSessionId,
  parseReferralSessionId,
  REFERRAL_COOKIE,
  referralCookieSecure,
  serializeReferralCookie,
} from "../../../../../lib/referral-window"
import { trackReferralWorkflow } from "../../../../../workflows/referrals/workflows/track-referral"
import type { TrackReferralBody } from "../validators"

/**
 * POST /api/gallery/referral/track {org_id} (spec 4.6). No Authorization.
 *
 * The anonymous visitor is the `gallery_ref` cookie: a request that carries a valid (UUID) one keeps that session id,
 * otherwise a new random UUID is issued. A visitor's live referral to the same organization is returned as is on a
 * repeat visit (one window, counted once); a new referral starts once the previous one has expired. The cookie is
 * (re)set on every success: Max-Age 2592000, HttpOnly, SameSite=Lax, Path=/, Secure in production.
 *
 * Errors: 400 Organization ID required; 404 Organization not found (unknown or deleted; an organization not
 * approved for the gallery is found: a referral leads to the artist's own store).
 */
export async function POST(req: MedusaRequest<TrackReferralBody>, res: MedusaResponse) {
  const { org_id: organizationId } = req.validatedBody
  const cookies = (req as MedusaRequest & { cookies?: Record<string, unknown> }).cookies
  const sessionId = parseReferralSessionId(cookies?.[REFERRAL_COOKIE]) ?? newReferralSessionId()
  const now = new Date()
  const { result } = await trackReferralWorkflow(req.scope).run({
    input: { organizationId, sessionId, at: now.toISOString() },
  })
  res.append("Set-Cookie", serializeReferralCookie(sessionId, { secure: referralCookieSecure(process.env.NODE_ENV), now }))
  res.json({
    success: true,
    referral: {
      id: result.id,
      orgId: result.organization_id,
      sessionId: result.session_id,
      createdAt: result.created_at,
      expiresAt: result.expires_at,
    },
  })
}
