import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { bearerCredential, parseApiKey, type ApiKeyEnvironment } from "../../lib/api-key"
import { deprecationHeaders } from "../../lib/api-deprecations"
import { scopeAllows, type ApiScope } from "../../lib/api-scopes"
import { platformErrorBody, type PlatformErrorCode } from "../../lib/error-bodies"
import { planWindows, type RateWindow } from "../../lib/rate-limits"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../modules/platform"
import { LAST_USED_RESOLUTION_MS } from "../../modules/platform/service"
import { apiKeyCache, shouldTouch } from "../utils/api-key-cache"
import { consume } from "../utils/rate-limit-store"
import { findApiKeyByHash } from "../../queries/platform-api-keys"
import { rateLimitsEnabled } from "../utils/rate-limit"
import { requestPath } from "../../lib/request-path"
import { GUEST_MESSAGES, isGuestWorkspaceExpired, isWriteMethod } from "../../lib/guest-workspace"
import { OPENAPI_PATH, resolveV1Path } from "./operations"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** What a /v1 request acts with, once its key is accepted. */
export type PlatformContext = {
  keyId: string
  /** The organization whose data the key reaches (the paired sandbox organization for a sandbox key). */
  organizationId: string
  environment: ApiKeyEnvironment
  scopes: string[]
}

export type PlatformRequest<Body = unknown> = MedusaRequest<Body> & { platform: PlatformContext }

/** The platform API's mounts: live `/v1`, the storefront variant `/api/v1`, and the sandbox's `/sandbox/v1`. */
const MOUNT = /^(\/sandbox\/v1|\/api\/v1|\/v1)(?=\/|$)/

export const PLATFORM_MESSAGES = {
  authenticationRequired: "Authentication required: send your API key as `Authorization: Bearer <key>`",
  malformedHeader: "The Authorization header must be `Bearer <key>`",
  malformedKey: "Invalid API key: it is not an Atelier API key (atl_live_... or atl_test_...)",
  checksum: "Invalid API key: its checksum does not match (mistyped or truncated?)",
  unknownKey: "Invalid API key",
  revokedKey: "This API key has been revoked",
  sandboxKeyOnLive: "This is a sandbox key (atl_test_): call the sandbox API at /sandbox/v1 (or a sandbox host)",
  liveKeyOnSandbox: "This is a live key (atl_live_): the sandbox API accepts sandbox keys (atl_test_) only; call /v1",
  insufficientScope: (scope: ApiScope) => `This API key lacks the ${scope} scope`,
  rateLimited: "Rate limit exceeded for this organization's plan: retry after the time in Retry-After",
  noSuchPath: (method: string, path: string) => `No such endpoint: ${method} ${path} (see /v1/openapi.json)`,
  methodNotAllowed: (method: string, allow: string[]) => `${method} is not allowed here: use ${allow.join(", ")}`,
} as const

function fail(res: MedusaResponse, status: number, code: PlatformErrorCode, message: string, reason: string, field: string | null = null) {
  res.status(status).json(platformErrorBody(code, message, field, reason))
}

/** Hosts on which /v1 is the sandbox (SANDBOX_HOSTS, comma-separated host names). */
let sandboxHostsMemo: { raw: string; hosts: Set<string> } | null = null
function sandboxHosts(): Set<string> {
  const raw = process.env.SANDBOX_HOSTS ?? ""
  if (sandboxHostsMemo?.raw !== raw) {
    sandboxHostsMemo = { raw, hosts: new Set(raw.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean)) }
  }
  return sandboxHostsMemo.hosts
}

/** The environment a request addresses: the sandbox at /sandbox/v1 or on a SANDBOX_HOSTS host, else live. */
export function requestEnvironment(req: MedusaRequest, mount: string): ApiKeyEnvironment {
  if (mount === "/sandbox/v1") return "sandbox"
  const hosts = sandboxHosts()
  return hosts.size && hosts.has((req.hostname ?? "").toLowerCase()) ? "sandbox" : "live"
}

/** PLATFORM_RATE_LIMIT_MULTIPLIER (default 1) raises every plan's limits, for load tests. */
function scaledPlanWindows(plan: string): RateWindow[] {
  const factor = Number(process.env.PLATFORM_RATE_LIMIT_MULTIPLIER || 1)
  const windows = planWindows(plan)
  return Number.isFinite(factor) && factor > 1 ? windows.map((w) => ({ ...w, points: Math.floor(w.points * factor) })) : windows
}

/**
 * Every /v1 request but the public OpenAPI document: the API key (format and checksum first, then one indexed
 * lookup, cached for half a second), its environment against the URL's, the plan's rate limits (live keys;
 * sandbox keys are unlimited), and deprecation headers. The key itself is never logged or kept.
 */
export function platformAuth(): Middleware {
  return async (req, res, next) => {
    const path = requestPath(req)
    const mount = MOUNT.exec(path)?.[1]
    if (!mount) return next()
    const rest = path.slice(mount.length) || "/"
    // The API's own 404 and 405 in its own body, before the key: which paths exist is public (the OpenAPI document).
    const route = resolveV1Path(req.method, rest)
    if (route.outcome === "not_found") {
      return fail(res, 404, "not_found", PLATFORM_MESSAGES.noSuchPath(req.method, path), "unknown_path")
    }
    if (route.outcome === "method_not_allowed") {
      res.set("Allow", route.allow.join(", "))
      return fail(res, 405, "method_not_allowed", PLATFORM_MESSAGES.methodNotAllowed(req.method, route.allow), "method_not_allowed")
    }
    if (rest === OPENAPI_PATH) return next()

    const credential = bearerCredential(req.get("authorization"))
    if (credential === null) {
      return fail(res, 401, "authentication_required", PLATFORM_MESSAGES.authenticationRequired, "missing", "Authorization")
    }
    if (credential === "") return fail(res, 401, "invalid_api_key", PLATFORM_MESSAGES.malformedHeader, "malformed", "Authorization")
    const parsed = parseApiKey(credential)
    if (!parsed.valid) {
      const message = parsed.reason === "checksum" ? PLATFORM_MESSAGES.checksum : PLATFORM_MESSAGES.malformedKey
      return fail(res, 401, "invalid_api_key", message, parsed.reason, "Authorization")
    }
    const environment = requestEnvironment(req, mount)
    if (parsed.environment !== environment) {
      const message = parsed.environment === "sandbox" ? PLATFORM_MESSAGES.sandboxKeyOnLive : PLATFORM_MESSAGES.liveKeyOnSandbox
      return fail(res, 401, "invalid_api_key", message, "wrong_environment", "Authorization")
    }

    try {
      const record = await apiKeyCache.get(parsed.hash, (hash) => findApiKeyByHash(req.scope, hash))
      if (!record) return fail(res, 401, "invalid_api_key", PLATFORM_MESSAGES.unknownKey, "unknown", "Authorization")
      if (record.revoked) return fail(res, 401, "invalid_api_key", PLATFORM_MESSAGES.revokedKey, "revoked", "Authorization")
      // The dashboard's rule for an expired guest workspace, for its keys too: reads stay, writes are refused.
      if (isWriteMethod(req.method) && isGuestWorkspaceExpired({ isGuest: record.is_guest, expiresAt: record.expires_at }, new Date())) {
        return fail(res, 403, "workspace_expired", GUEST_MESSAGES.expired, "expired")
      }
      ;(req as PlatformRequest).platform = {
        keyId: record.id,
        organizationId: record.data_organization_id,
        environment: record.environment,
        scopes: record.scopes,
      }
      if (shouldTouch(record.id, record.last_used_at, LAST_USED_RESOLUTION_MS)) touch(req, record.id)

      if (record.environment === "live" && rateLimitsEnabled()) {
        const decision = await consume("v1", scaledPlanWindows(record.plan), record.organization_id)
        res.set(decision.headers)
        if (!decision.allowed) return fail(res, 429, "rate_limit_exceeded", PLATFORM_MESSAGES.rateLimited, "rate_limited")
      }
    } catch (error) {
      return next(error)
    }
    res.set(deprecationHeaders(req.method, rest, req.query as Record<string, unknown>))
    next()
  }
}

/** Records the key's use off the request's path (a failure only delays `last_used_at`). */
function touch(req: MedusaRequest, keyId: string) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  platform.touchApiKey(keyId, new Date()).catch((error: Error) => {
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`Could not record the use of API key ${keyId}: ${error.message}`)
  })
}

/** After `platformAuth`: 403 `insufficient_scope` unless the key's scopes allow `scope`. */
export function requireScope(scope: ApiScope): Middleware {
  return (req, res, next) => {
    const platform = (req as PlatformRequest).platform
    if (!platform || !scopeAllows(platform.scopes, scope)) {
      return fail(res, 403, "insufficient_scope", PLATFORM_MESSAGES.insufficientScope(scope), `requires ${scope}`)
    }
    next()
  }
}
