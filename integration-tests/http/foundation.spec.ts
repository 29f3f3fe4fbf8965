import { readdirSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { createOrganizationWorkflow } from "../../src/workflows/organization/workflows/create-organization"
import { OWN_FAMILY_FOLDERS, PUBLIC_OAUTH_CALLBACK_ROUTES, PUBLIC_STOREFRONT_ROUTES } from "../../src/api/api/route-families"
import {
  anyStatus,
  bearer,
  createAdmin,
  createOrganization,
  decodeJwt,
  login,
  registerMember,
  type Api,
} from "../helpers/accounts"

jest.setTimeout(240000)

const API_DIR = join(__dirname, "../../src/api/api")
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const

/** Every route.ts below `dir` (absolute paths). */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(path)
    return entry.name === "route.ts" ? [path] : []
  })
}

/**
 * The routes that need an authenticated caller, read from the filesystem: the artist routes, the administrators'
 * routes, and the creator-dashboard family (every /api folder but gallery, admin, webhooks and sandbox, and but the
 * public storefront routes, which the test below checks are really answered without a token). Each with
 * the HTTP methods its route file exports, and its path parameters filled in.
 */
async function guardedRoutes(): Promise<{ method: string; path: string }[]> {
  const dashboardFolders = readdirSync(API_DIR, { withFileTypes: true })
    // v1 is the platform API's storefront variant, authenticated by API keys (platform-api.spec.ts).
    .filter((entry) => entry.isDirectory() && !(OWN_FAMILY_FOLDERS as readonly string[]).includes(entry.name))
    .map((entry) => join(API_DIR, entry.name))
  const files = [join(API_DIR, "gallery/artist"), join(API_DIR, "admin"), ...dashboardFolders].flatMap(routeFiles)
  const routes: { method: string; path: string }[] = []
  for (const file of files) {
    const exported = Object.keys(await import(file))
    const path = `/api/${relative(API_DIR, file).split(sep).slice(0, -1).join("/")}`.replace(/\[(\w+)\]/g, "test_$1")
    const publicRoutes = [...PUBLIC_STOREFRONT_ROUTES, ...PUBLIC_OAUTH_CALLBACK_ROUTES]
    if (publicRoutes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) continue
    for (const method of HTTP_METHODS) if (exported.includes(method)) routes.push({ method, path })
  }
  return routes
}

/** `/api/members/me` -> `/Api/Members/Me`: the first letter of each segment upper-cased. */
const mixedCase = (path: string) => path.replace(/\/(\w)/g, (_, letter: string) => `/${letter.toUpperCase()}`)

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let adminToken: string
    let north: { token: string; member: { id: string } }
    let south: { token: string; member: { id: string } }
    let northOrg: { id: string; slug: string }
    let southOrg: { id: string; slug: string }

    beforeAll(async () => {
      adminToken = await createAdmin(getContainer(), api, "boss@atelier.test")
      north = await registerMember(api, "north-artist@atelier.test")
      south = await registerMember(api, "south-artist@atelier.test")
      northOrg = await createOrganization(api, north.token, "Studio North", "test-north")
      southOrg = await createOrganization(api, south.token, "Studio South", "test-south")
    })

    describe("organizations and their sales channels", () => {
      it("creates an organization with its own linked sales channel and the creator as owner", async () => {
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "organization",
          fields: ["id", "slug", "plan", "gallery_approved", "sales_channel.id", "sales_channel.name", "memberships.role", "memberships.member_id"],
          filters: { id: northOrg.id },
        })
        expect(data[0]).toMatchObject({
          slug: "test-north",
          plan: "starter",
          gallery_approved: false,
          sales_channel: { name: "Studio North" },
          memberships: [{ role: "owner", member_id: north.member.id }],
        })
      })

      it("rolls the organization and its sales channel back together when a later step fails", async () => {
        const container = getContainer()
        const salesChannels = container.resolve(Modules.SALES_CHANNEL)
        // An owner that does not exist makes the last step (the membership) fail after the channel and link exist.
        const { errors } = await createOrganizationWorkflow(container).run({
          input: { organization: { name: "Doomed Studio", slug: "doomed-studio" }, owner_member_id: "mem_missing" },
          throwOnError: false,
        })
        expect(errors.length).toBeGreaterThan(0)
        const organizationService: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        const organizations = await organizationService.listOrganizations({ slug: "doomed-studio" })
        expect(organizations).toHaveLength(0)
        expect(await salesChannels.listSalesChannels({ name: "Doomed Studio" })).toHaveLength(0)
        const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const links = await pg("organization_organization_sales_channel_sales_channel").whereNull("deleted_at")
        expect(links).toHaveLength(2)
      })

      it("refuses a duplicate or malformed slug with the application error body", async () => {
        const duplicate = await api.post("/api/organizations", { name: "Again", slug: "test-north" }, bearer(north.token))
        expect(duplicate.status).toBe(422)
        expect(duplicate.data).toEqual({
          error: "Organization with this slug already exists",
          code: "validation_error",
          details: { field: "slug" },
        })
        const malformed = await api.post("/api/organizations", { name: "Bad", slug: "Bad Slug!" }, bearer(north.token))
        expect(malformed.status).toBe(400)
        expect(malformed.data.code).toBe("invalid_request")
        expect(malformed.data.error).toMatch(/Slug must be lowercase/)
      })

      it("checks slug availability", async () => {
        const taken = await api.get("/api/organizations/check-slug?slug=test-north", bearer(north.token))
        expect(taken.data).toEqual({ available: false, slug: "test-north" })
        const own = await api.get(`/api/organizations/check-slug?slug=test-north&exclude_org_id=${northOrg.id}`, bearer(north.token))
        expect(own.data).toEqual({ available: true, slug: "test-north" })
        const free = await api.get("/api/organizations/check-slug?slug=brand-new", bearer(north.token))
        expect(free.data).toEqual({ available: true, slug: "brand-new" })
      })
    })

    describe("organization context", () => {
      it("comes from org_id in the query", async () => {
        const res = await api.get(`/api/guest/status?org_id=${northOrg.id}`, bearer(north.token))
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          organizationId: northOrg.id,
          organizationName: "Studio North",
          isGuest: false,
          expiresAt: null,
          daysRemaining: null,
          isExpired: false,
          canPromote: false,
        })
      })

      it("comes from the X-Organization-ID header", async () => {
        const res = await api.get("/api/guest/status", {
          headers: { authorization: `Bearer ${north.token}`, "x-organization-id": northOrg.id },
          ...anyStatus,
        })
        expect(res.status).toBe(200)
        expect(res.data.organizationId).toBe(northOrg.id)
      })

      it("falls back to the member's only organization, and needs a choice when there are several", async () => {
        const only = await api.get("/api/guest/status", bearer(south.token))
        expect(only.status).toBe(200)
        expect(only.data.organizationId).toBe(southOrg.id)

        await createOrganization(api, south.token, "South Two", "test-south-two")
        const ambiguous = await api.get("/api/guest/status", bearer(south.token))
        expect(ambiguous.status).toBe(400)
        expect(ambiguous.data).toEqual({ error: "Organization ID required", code: "invalid_request", details: { field: "org_id" } })
      })

      it("refuses another organization's context with 403, by query or by header", async () => {
        const byQuery = await api.get(`/api/guest/status?org_id=${southOrg.id}`, bearer(north.token))
        expect(byQuery.status).toBe(403)
        expect(byQuery.data).toEqual({ error: "Forbidden", message: "You are not a member of this organization" })
        const byHeader = await api.get("/api/guest/status", {
          headers: { authorization: `Bearer ${north.token}`, "x-organization-id": southOrg.id },
          ...anyStatus,
        })
        expect(byHeader.status).toBe(403)
      })

      it("needs a member token: 401 without one, 401 for a bad one, 403 for an administrator", async () => {
        const none = await api.get(`/api/guest/status?org_id=${northOrg.id}`, anyStatus)
        expect(none.status).toBe(401)
        expect(none.data).toEqual({ error: "Unauthorized", message: "Authentication required" })
        expect((await api.get("/api/guest/status", bearer("not-a-jwt"))).status).toBe(401)
        const admin = await api.get(`/api/guest/status?org_id=${northOrg.id}`, bearer(adminToken))
        expect(admin.status).toBe(403)
        expect(admin.data.error).toBe("Forbidden")
      })
    })

    describe("administrators", () => {
      it("list and update organizations", async () => {
        const list = await api.get("/api/admin/organizations", bearer(adminToken))
        expect(list.status).toBe(200)
        expect(list.data.count).toBe(2)
        expect(list.data.organizations.map((o: { slug: string }) => o.slug)).toEqual(["test-north", "test-south"])

        const patched = await api.patch(
          `/api/admin/organizations/${northOrg.id}`,
          { galleryApproved: true, plan: "pro", foundingArtistSince: "2026-01-15T00:00:00.000Z" },
          bearer(adminToken)
        )
        expect(patched.status).toBe(200)
        expect(patched.data.organization).toMatchObject({
          id: northOrg.id,
          galleryApproved: true,
          plan: "pro",
          foundingArtistSince: "2026-01-15T00:00:00.000Z",
        })
        const approved = await api.get("/api/admin/organizations?gallery_approved=true", bearer(adminToken))
        expect(approved.data.organizations.map((o: { id: string }) => o.id)).toEqual([northOrg.id])
      })

      it("answer validation and missing organizations with the gallery error body", async () => {
        const badPlan = await api.patch(`/api/admin/organizations/${northOrg.id}`, { plan: "enterprise" }, bearer(adminToken))
        expect(badPlan.status).toBe(400)
        expect(Object.keys(badPlan.data)).toEqual(["error"])
        expect(typeof badPlan.data.error).toBe("string")
        const missing = await api.patch("/api/admin/organizations/org_missing", { plan: "pro" }, bearer(adminToken))
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Organization not found" })
      })

      it("are the only ones on /api/admin and /admin: members get 403 and 401", async () => {
        const none = await api.get("/api/admin/organizations", anyStatus)
        expect(none.status).toBe(401)
        expect(none.data).toEqual({ error: "Unauthorized", message: "Authentication required" })
        const member = await api.get("/api/admin/organizations", bearer(north.token))
        expect(member.status).toBe(403)
        expect(member.data).toEqual({ error: "Forbidden", message: "Administrator access required" })
        const memberPatch = await api.patch(`/api/admin/organizations/${northOrg.id}`, { plan: "pro" }, bearer(north.token))
        expect(memberPatch.status).toBe(403)
        for (const path of ["/admin/products", "/admin/orders", "/admin/users/me"]) {
          expect((await api.get(path, bearer(north.token))).status).toBe(401)
        }
        expect((await api.get("/admin/users/me", bearer(adminToken))).status).toBe(200)
      })
    })

    describe("tokens", () => {
      it("live one hour and can be refreshed", async () => {
        const token = await login(api, "member", "north-artist@atelier.test", "secret-pass")
        const claims = decodeJwt(token) as { exp: number; iat: number; actor_type: string; actor_id: string }
        expect(claims.exp - claims.iat).toBe(3600)
        expect(claims).toMatchObject({ actor_type: "member", actor_id: north.member.id })
        const refreshed = await api.post("/auth/token/refresh", {}, bearer(token))
        expect(refreshed.status).toBe(200)
        const renewed = decodeJwt(refreshed.data.token) as { exp: number; iat: number; actor_id: string }
        expect(renewed.exp - renewed.iat).toBe(3600)
        expect(renewed.actor_id).toBe(north.member.id)
        expect((await api.get("/api/members/me", bearer(refreshed.data.token))).status).toBe(200)
      })

      it("refuses an expired token with 401", async () => {
        const { projectConfig } = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE)
        const claims = decodeJwt(north.token)
        const expired = jwt.sign({ ...claims, iat: 1000, exp: 2000 }, projectConfig.http.jwtSecret as string)
        const res = await api.get("/api/members/me", bearer(expired))
        expect(res.status).toBe(401)
        expect(res.data.error).toBe("Unauthorized")
      })
    })

    describe("every guarded route, including any added later", () => {
      it("leaves only the public storefront routes open: they answer without a token (validation, not 401)", async () => {
        expect([...PUBLIC_STOREFRONT_ROUTES].sort()).toEqual(["/api/cart/email", "/api/create-payment-intent", "/api/unsubscribe"])
        const capture = await api.post("/api/cart/email", {}, anyStatus)
        expect(capture.status).toBe(400)
        const unsubscribe = await api.post("/api/unsubscribe/not-a-token", {}, anyStatus)
        expect(unsubscribe.status).toBe(400)
        // Anything else under /api/cart is still the dashboard's, guarded.
        expect((await api.get("/api/cart/other", anyStatus)).status).toBe(401)
        // The Etsy OAuth callback is reached by a browser redirect (its state is the credential): without Etsy
        // configured here it answers 503, not 401; the other channel routes stay guarded.
        expect([...PUBLIC_OAUTH_CALLBACK_ROUTES]).toEqual(["/api/channels/etsy/callback"])
        expect((await api.get("/api/channels/etsy/callback", anyStatus)).status).toBe(503)
        expect((await api.get("/api/channels/etsy/auth", anyStatus)).status).toBe(401)
      })

      it("answers 401 without a token: every artist, administrator and dashboard route on disk", async () => {
        const routes = await guardedRoutes()
        // The walk really found the families (so it cannot pass by finding nothing).
        expect(routes).toEqual(
          expect.arrayContaining([
            { method: "GET", path: "/api/gallery/artist/orders" },
            { method: "POST", path: "/api/gallery/artist/orders/test_id/ship" },
            { method: "POST", path: "/api/gallery/artist/orders/test_id/status" },
            { method: "GET", path: "/api/gallery/artist/analytics" },
            { method: "DELETE", path: "/api/admin/collections/test_id/items/test_itemId" },
            { method: "POST", path: "/api/members" },
            { method: "GET", path: "/api/members/me" },
            { method: "GET", path: "/api/guest/status" },
          ])
        )
        // Express routes paths case-insensitively and with a trailing slash: every variant it routes is guarded too.
        const variants = (path: string) => [path, path.toUpperCase(), mixedCase(path), `${path}/`]
        for (const { method, path: routePath } of routes) {
          for (const path of variants(routePath)) {
            for (const config of [anyStatus, bearer("not-a-jwt")]) {
              const res = await api.request({ method, url: path, data: method === "GET" || method === "DELETE" ? undefined : {}, ...config })
              expect([method, path, res.status, res.data]).toEqual([
                method,
                path,
                401,
                { error: "Unauthorized", message: expect.any(String) },
              ])
            }
          }
        }
      })

      it("lets public routes stay public", async () => {
        for (const path of ["/api/gallery/products", "/api/gallery/collections", "/api/gallery/spotlights", "/api/gallery/cart"]) {
          const res = await api.get(path, anyStatus)
          expect([path, res.status]).toEqual([path, 200])
        }
        const webhook = await api.post("/api/webhooks/payments", { id: "evt_1" }, anyStatus)
        expect(webhook.status).toBe(400) // the signature, not a token, is its credential
      })
    })

    describe("cross-origin callers", () => {
      it("get CORS headers per family, preflight answered before authentication", async () => {
        const origin = "http://localhost:8000"
        const preflight = await api.request({
          method: "OPTIONS",
          url: "/api/admin/organizations",
          headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
          ...anyStatus,
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers["access-control-allow-origin"]).toBe(origin)
        expect(preflight.headers["access-control-allow-credentials"]).toBe("true")

        const dashboard = await api.get("/api/members/me", { headers: { origin, authorization: `Bearer ${north.token}` }, ...anyStatus })
        expect(dashboard.headers["access-control-allow-origin"]).toBe(origin)

        const stranger = await api.get("/api/members/me", {
          headers: { origin: "https://evil.example", authorization: `Bearer ${north.token}` },
          ...anyStatus,
        })
        expect(stranger.headers["access-control-allow-origin"]).toBeUndefined()
      })
    })

    describe("members", () => {
      it("see themselves and their organizations", async () => {
        const res = await api.get("/api/members/me", bearer(north.token))
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          member: { id: north.member.id, email: "north-artist@atelier.test", first_name: "Test", last_name: null },
          organizations: [{ id: northOrg.id, name: "Studio North", slug: "test-north", role: "owner", gallery_approved: false }],
        })
      })

      it("cannot register the same login twice", async () => {
        const registered = await api.post("/auth/member/emailpass/register", { email: "north-artist@atelier.test", password: "another-secret" }, anyStatus)
        expect(registered.status).toBe(401)
        const again = await api.post("/api/members", { email: "north-artist@atelier.test" }, bearer(north.token))
        expect(again.status).toBe(400)
        expect(again.data.error).toBe("This login already belongs to a member")
      })
    })
  },
})
