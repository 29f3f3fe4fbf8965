import type {
  AuthenticatedMedusaRequest,
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { authenticate } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FULFILMENT_MESSAGES } from "../../lib/gallery-fulfilment"
import { GUEST_MESSAGES, isGuestWorkspaceExpired, isWriteMethod } from "../../lib/guest-workspace"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import type { MembershipRole } from "../../modules/organization/models/membership"
import { ADMIN_ACTOR, MEMBER_ACTOR } from "../../lib/actors"
import { requestPath } from "../../lib/request-path"
import { findMemberships, type MembershipRow } from "../../queries/memberships"
import { fieldError, sendAuthError } from "./error-response"

export { ADMIN_ACTOR, MEMBER_ACTOR }

export type OrganizationContext = { id: string; role: MembershipRole }

/** A member's request after `resolveOrganization`: the organization it acts for, membership checked. */
export type OrganizationScopedRequest<Body = unknown> = AuthenticatedMedusaRequest<Body> & {
  organization: OrganizationContext
}

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

type AuthType = "bearer" | "session"

// Medusa's `authenticate` answers failures itself with its own body; running it in "optional" mode lets
// Atelier answer 401/403 with the spec's `{error, message}` body instead.
function identify(actorTypes: string[], authTypes: AuthType[] = ["bearer"]): Middleware {
  return authenticate(actorTypes, authTypes, { allowUnauthenticated: true }) as Middleware
}

function requireActor(actor: string, authTypes: AuthType[] = ["bearer"]): Middleware[] {
  return [
    identify([ADMIN_ACTOR, MEMBER_ACTOR], authTypes),
    (req, res, next) => {
      const auth = (req as AuthenticatedMedusaRequest).auth_context
      if (!auth?.actor_id) return sendAuthError(res, 401, "Authentication required")
      if (auth.actor_type !== actor) {
        return sendAuthError(res, 403, actor === ADMIN_ACTOR ? "Administrator access required" : "Artist access required")
      }
      next()
    },
  ]
}

/**
 * Gallery administrators: Medusa admin users (actor type `user`), with a bearer token or the Medusa admin's session
 * cookie (`POST /auth/session` after logging in at /app), so the admin extension's pages call /api/admin/* on the
 * session the administrator already has, like Medusa's own /admin routes (docs/admin-extension.md).
 */
export const requireAdmin = (): Middleware[] => requireActor(ADMIN_ACTOR, ["session", "bearer"])

/** Artists: organization members (actor type `member`). */
export const requireMember = (): Middleware[] => requireActor(MEMBER_ACTOR)

/**
 * Creator-dashboard routes that a token WITHOUT a member may call: completing a registration (the token of
 * `POST /auth/member/emailpass/register` has an auth identity but no member yet). Still 401 without a token.
 */
const REGISTRATION_ROUTES = [{ method: "POST", path: "/api/members" }]

/**
 * The guard of the whole creator-dashboard family (src/api/api/route-families.ts): a member token, except for
 * registration, which needs an authenticated identity, and for the `publicRoutes` a browser reaches without an
 * account (those paths exactly).
 */
export function requireDashboardMember(options: { publicRoutes: readonly string[] }): Middleware[] {
  const [identifyMember, checkMember] = requireMember()
  const registration = authenticate(MEMBER_ACTOR, ["bearer"], { allowUnregistered: true, allowUnauthenticated: true }) as Middleware
  return [
    (req, res, next) => {
      const path = requestPath(req)
      if (options.publicRoutes.includes(path)) return next()
      const isRegistration = REGISTRATION_ROUTES.some((route) => route.method === req.method && route.path === path)
      if (!isRegistration) return identifyMember(req, res, () => checkMember(req, res, next))
      return registration(req, res, () => {
        const auth = (req as AuthenticatedMedusaRequest).auth_context
        if (!auth?.auth_identity_id) return sendAuthError(res, 401, "Authentication required")
        next()
      })
    },
  ]
}

function organizationRequired() {
  return fieldError(MedusaError.Types.INVALID_DATA, "Organization ID required", "org_id")
}

function requestedOrganizationId(req: MedusaRequest): string | undefined {
  const fromQuery = req.query?.org_id
  if (typeof fromQuery === "string" && fromQuery.trim()) return fromQuery.trim()
  const body = req.body as { org_id?: unknown } | undefined
  if (body && typeof body.org_id === "string" && body.org_id.trim()) return body.org_id.trim()
  return undefined
}

/**
 * The organization a member acts for: `org_id` (query or body), else header X-Organization-ID,
 * else the member's only organization. Membership is checked: another organization gets 403.
 * `explicit` (the gallery artist routes) accepts only `org_id` and answers 400 without it.
 */
export function resolveOrganization(options: { explicit?: boolean } = {}): Middleware {
  return async (req, res, next) => {
    const memberId = (req as AuthenticatedMedusaRequest).auth_context.actor_id
    let organizationId = requestedOrganizationId(req)
    if (!organizationId && !options.explicit) {
      const header = req.get("x-organization-id")
      if (header) organizationId = header
    }
    if (!organizationId && options.explicit) return next(organizationRequired())
    const memberships = await findMemberships(req.scope, memberId, organizationId ?? null, 2)
    if (!organizationId) {
      if (memberships.length !== 1) return next(organizationRequired())
    } else if (memberships.length === 0) {
      return sendAuthError(res, 403, "You are not a member of this organization")
    }
    actFor(req, res, memberships[0], next)
  }
}

/**
 * The one place where a request starts acting for an organization (every resolver below ends here), so that a rule
 * about the organization itself applies to every route of the family: an expired guest workspace is read-only
 * (403 on any write, docs/settings-and-guest-workspaces.md).
 */
function actFor(req: MedusaRequest, res: MedusaResponse, membership: MembershipRow, next: MedusaNextFunction) {
  if (isWriteMethod(req.method)) {
    const expiresAt = membership.expires_at ? new Date(membership.expires_at) : null
    if (isGuestWorkspaceExpired({ isGuest: membership.is_guest, expiresAt }, new Date())) {
      return sendAuthError(res, 403, GUEST_MESSAGES.expired)
    }
  }
  ;(req as OrganizationScopedRequest).organization = { id: membership.organization_id, role: membership.role }
  next()
}

/** After a resolver: only the organization's owners may go on (403 `message` for a plain member). */
export function requireOwner(message: string): Middleware {
  return (req, res, next) => {
    if ((req as OrganizationScopedRequest).organization?.role !== "owner") return sendAuthError(res, 403, message)
    next()
  }
}

/** Looks up the organization of the object a route acts on: null when there is no such object. */
export type ObjectOrganizationLookup = (req: MedusaRequest, id: string) => Promise<string | null | undefined>

/**
 * Routes on one object (a product, an order, ...): the caller acts for the object's organization, so no org_id is
 * needed. 404 `notFound` for an unknown object; 403 when an org_id (query or body) or X-Organization-ID header names
 * another organization, or when the caller is not a member of the object's. The object id is the path's `param`.
 * Runs after the route's input validation (a given org_id is then a safe, bounded string).
 */
export function resolveObjectOrganization(
  lookup: ObjectOrganizationLookup,
  messages: { notFound: string; forbidden: string },
  param = "id"
): Middleware {
  return async (req, res, next) => {
    const memberId = (req as AuthenticatedMedusaRequest).auth_context.actor_id
    const objectId = typeof req.params[param] === "string" ? req.params[param].trim() : ""
    const organizationId = objectId ? await lookup(req, objectId) : null
    if (!organizationId) return next(new MedusaError(MedusaError.Types.NOT_FOUND, messages.notFound))
    const requested = requestedOrganizationId(req) ?? req.get("x-organization-id")?.trim()
    if (requested && requested !== organizationId) return sendAuthError(res, 403, messages.forbidden)
    const [membership] = await findMemberships(req.scope, memberId, organizationId, 1)
    if (!membership) return sendAuthError(res, 403, messages.forbidden)
    actFor(req, res, membership, next)
  }
}

/** The organization of the artist order named by the path's `{id}` (gallery ship and status). */
export function resolveArtistOrderOrganization(): Middleware {
  return resolveObjectOrganization(
    async (req, id) => {
      const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
      const [artistOrder] = await gallery.listArtistOrders({ id }, { select: ["id", "organization_id"], take: 1 })
      return artistOrder?.organization_id
    },
    { notFound: FULFILMENT_MESSAGES.orderNotFound, forbidden: FULFILMENT_MESSAGES.forbidden }
  )
}
