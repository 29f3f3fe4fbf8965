// Requests an attacker shapes by hand (docs/decisions.md "Guards decide on the routed path", "Malformed requests are
// the caller's 4xx", "Personal responses are never cached", "A member's email is its login's", "An expired guest
// workspace's keys only read"): case and slash variants of guarded paths, malformed escapes in every family, paths
// and methods the platform API does not have, signed but malformed payment events, caching and server headers,
// registration with another email or a used token, and the keys of an expired guest workspace.

import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LOCAL_WEBHOOK_SECRET, signWebhookPayload } from "../../src/modules/payments"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { MALFORMED_PATH_MESSAGE } from "../../src/api/utils/error-response"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, selectRows } from "../helpers/db"
import { loginDemoAdmin, loginDemoMember, orgIdsBySlug, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

const ALL_SCOPES = ["read:products", "write:products", "read:orders", "write:orders", "admin"]
const BAD_ESCAPE = "%E0%A4%A"

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    let adminToken: string
    let northToken: string
    let northOrg: string

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      northOrg = (await orgIdsBySlug(container, ["studio-north"]))["studio-north"]
      adminToken = await loginDemoAdmin(api)
      northToken = await loginDemoMember(api, "north@atelier.test")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    async function createKey(ownerToken: string, orgId?: string): Promise<string> {
      const res = await api.post("/api/settings/api-keys", { name: "Hardening", scopes: ALL_SCOPES, org_id: orgId }, bearer(ownerToken))
      if (res.status !== 201) throw new Error(`key: ${res.status} ${JSON.stringify(res.data)}`)
      return res.data.key
    }

    describe("guards decide on the path the router matches", () => {
      it("answers 401 for case and trailing-slash variants of guarded dashboard, artist and admin routes", async () => {
        const paths = [
          "/API/products",
          "/Api/members/me",
          "/API/settings/api-keys",
          "/API/organizations/check-slug?slug=anything",
          "/api/Products",
          "/api/members/me/",
          "/API/GALLERY/ARTIST/ORDERS?org_id=x",
          "/Api/Admin/Organizations",
        ]
        for (const path of paths) {
          const res = await api.get(path, anyStatus)
          expect([path, res.status, res.data]).toEqual([path, 401, { error: "Unauthorized", message: expect.any(String) }])
        }
      })

      it("asks for an API key on every case variant of the platform API's mounts", async () => {
        for (const path of ["/V1/products", "/v1/PRODUCTS", "/Api/V1/orders", "/SANDBOX/v1/products", "/v1/products/"]) {
          const res = await api.get(path, anyStatus)
          expect([path, res.status, res.data.error?.code]).toEqual([path, 401, "authentication_required"])
        }
      })

      it("routes no doubled slash or encoded slash around a guard", async () => {
        for (const path of ["/api//members/me", "/api%2Fmembers%2Fme", "/api/members%2Fme", "/api/members/me//"]) {
          const res = await api.get(path, anyStatus)
          // Express routes none of these to the handler: the guard refuses them, or nothing answers.
          expect([path, [401, 404].includes(res.status), res.data?.member]).toEqual([path, true, undefined])
        }
      })
    })

    describe("malformed requests are the caller's 4xx, in the family's body", () => {
      it("answers a malformed escape in a path parameter with 400 in every family", async () => {
        const gallery = await api.get(`/api/gallery/products/${BAD_ESCAPE}`, anyStatus)
        expect([gallery.status, gallery.data]).toEqual([400, { error: MALFORMED_PATH_MESSAGE }])
        const tracking = await api.get(`/api/gallery/orders/${BAD_ESCAPE}`, anyStatus)
        expect([tracking.status, tracking.data]).toEqual([400, { error: MALFORMED_PATH_MESSAGE }])

        const admin = await api.get(`/api/admin/organizations/${BAD_ESCAPE}`, bearer(adminToken))
        expect([admin.status, admin.data]).toEqual([400, { error: MALFORMED_PATH_MESSAGE }])

        const dashboard = await api.get(`/api/products/${BAD_ESCAPE}`, bearer(northToken))
        expect([dashboard.status, dashboard.data]).toEqual([
          400,
          { error: MALFORMED_PATH_MESSAGE, code: "invalid_request", details: { field: "path" } },
        ])

        const key = await createKey(northToken, northOrg)
        const platform = await api.get(`/v1/orders/${BAD_ESCAPE}`, bearer(key))
        expect([platform.status, platform.data]).toEqual([
          400,
          { error: { code: "invalid_request", message: MALFORMED_PATH_MESSAGE, details: { field: "path", reason: MALFORMED_PATH_MESSAGE } } },
        ])

        const medusa = await api.get(`/admin/products/${BAD_ESCAPE}`, bearer(adminToken))
        expect(medusa.status).toBe(400)
        expect(medusa.data.message).toBe(MALFORMED_PATH_MESSAGE)
      })

      it("answers paths and methods /v1 does not have with 404 and 405 in the platform body", async () => {
        const key = await createKey(northToken, northOrg)
        for (const config of [anyStatus, bearer(key)]) {
          const missing = await api.get("/v1/customers", config)
          expect(missing.status).toBe(404)
          expect(missing.headers["content-type"]).toMatch(/application\/json/)
          expect(missing.data.error).toMatchObject({ code: "not_found", details: { field: null, reason: "unknown_path" } })

          const method = await api.delete("/v1/products", config)
          expect(method.status).toBe(405)
          expect(method.headers.allow).toBe("GET, POST, HEAD")
          expect(method.data.error).toMatchObject({ code: "method_not_allowed", details: { field: null, reason: "method_not_allowed" } })
        }
        const sandbox = await api.request({ method: "PUT", url: "/sandbox/v1/orders/ord_1", ...anyStatus })
        expect([sandbox.status, sandbox.headers.allow]).toEqual([405, "GET, HEAD"])

        // The document lists them among its error responses.
        const openapi = await api.get("/v1/openapi.json", anyStatus)
        expect(openapi.status).toBe(200)
        expect(openapi.data.paths["/v1/products"].get.responses["405"]).toBeDefined()
        expect(openapi.data.info.description).toContain("404 (not_found)")
      })

      it("answers a signed payment event with a malformed body with 400, recording nothing", async () => {
        const send = (event: unknown) => {
          const payload = JSON.stringify(event)
          return api.post("/api/webhooks/payments", payload, {
            headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET) },
            ...anyStatus,
          })
        }
        const before = await countRows(pg, "processed_webhook_event")
        const malformed = [
          { id: "evt_nul\u0000", type: "payment_intent.succeeded", data: { object: { id: "pi_1" } } },
          { id: "evt_nul_object", type: "payment_intent.succeeded", data: { object: { id: "pi_\u0000", metadata: {} } } },
          { id: "evt_long", type: "x".repeat(300), data: { object: {} } },
          { id: "evt_no_object", type: "payment_intent.succeeded", data: { object: null } },
        ]
        for (const event of malformed) {
          const res = await send(event)
          expect([event.id, res.status, res.data]).toEqual([event.id, 400, { error: "Invalid webhook payload" }])
        }
        expect(await countRows(pg, "processed_webhook_event")).toBe(before)
      })
    })

    describe("response headers", () => {
      it("never lets personal responses be cached, and names no server framework", async () => {
        const me = await api.get("/api/members/me", bearer(northToken))
        expect([me.status, me.headers["cache-control"]]).toEqual([200, "no-store"])
        const settings = await api.get("/api/settings/account", bearer(northToken))
        expect([settings.status, settings.headers["cache-control"]]).toEqual([200, "no-store"])
        const orders = await api.get(`/api/gallery/artist/orders?org_id=${northOrg}`, bearer(northToken))
        expect([orders.status, orders.headers["cache-control"]]).toEqual([200, "no-store"])
        const admin = await api.get("/api/admin/gallery-orders", bearer(adminToken))
        expect([admin.status, admin.headers["cache-control"]]).toEqual([200, "no-store"])
        // An order view (its credential is its URL) is personal even when it is not found.
        const tracking = await api.get("/api/gallery/orders/GAL-2026-ZZZZZZ", anyStatus)
        expect([tracking.status, tracking.headers["cache-control"]]).toEqual([404, "no-store"])

        // The public catalogue stays cacheable.
        const catalogue = await api.get("/api/gallery/products", anyStatus)
        expect(catalogue.status).toBe(200)
        expect(catalogue.headers["cache-control"]).toBeUndefined()

        for (const path of ["/health", "/api/gallery/products", "/v1/openapi.json", "/api/members/me", "/store/regions"]) {
          const res = await api.get(path, anyStatus)
          expect([path, res.headers["x-powered-by"]]).toEqual([path, undefined])
        }
        const login = await api.post("/auth/member/emailpass", { email: "nobody@atelier.test", password: "wrong" }, anyStatus)
        expect([login.status, login.headers["x-powered-by"]]).toEqual([401, undefined])
      })
    })

    describe("registration", () => {
      async function registrationToken(email: string): Promise<string> {
        const res = await api.post("/auth/member/emailpass/register", { email, password: "secret-pass" }, anyStatus)
        expect(res.status).toBe(200)
        return res.data.token
      }

      it("makes the member with the email its login proved: another email is refused, naming the field", async () => {
        const token = await registrationToken("squatter@atelier.test")
        const claimed = await api.post("/api/members", { email: "ceo@bigco.example" }, bearer(token))
        expect([claimed.status, claimed.data, claimed.headers["x-error-field"]]).toEqual([
          400,
          { error: "email must be the email this login was registered with", code: "invalid_request", details: { field: "email" } },
          "email",
        ])
        expect(await countRows(pg, "member", "email = ?", ["ceo@bigco.example"])).toBe(0)

        // The real owner of that address can still register.
        const owner = await registrationToken("ceo@bigco.example")
        const created = await api.post("/api/members", { first_name: "Chief" }, bearer(owner))
        expect([created.status, created.data.member.email]).toEqual([201, "ceo@bigco.example"])

        // The same email in another case is the same email.
        const cased = await registrationToken("mixed-case@atelier.test")
        const same = await api.post("/api/members", { email: "Mixed-Case@Atelier.test" }, bearer(cased))
        expect([same.status, same.data.member.email]).toEqual([201, "mixed-case@atelier.test"])
      })

      it("refuses a registration token used twice, also when both uses race", async () => {
        const token = await registrationToken("twice@atelier.test")
        const first = await api.post("/api/members", {}, bearer(token))
        expect(first.status).toBe(201)
        const second = await api.post("/api/members", {}, bearer(token))
        expect([second.status, second.data.error]).toEqual([400, "This login already belongs to a member"])

        const racing = await registrationToken("racing@atelier.test")
        const results = await Promise.all([1, 2].map(() => api.post("/api/members", {}, bearer(racing))))
        expect(results.map((r) => r.status).sort()).toEqual([201, 400])
        expect(await countRows(pg, "member", "email = ? AND deleted_at IS NULL", ["racing@atelier.test"])).toBe(1)
      })
    })

    describe("keys of an expired guest workspace", () => {
      it("still read, but every write is refused with 403 workspace_expired", async () => {
        const organizations = container.resolve<OrganizationModuleService>(ORGANIZATION_MODULE)
        const south = (await orgIdsBySlug(container, ["studio-south"]))["studio-south"]
        const southToken = await loginDemoMember(api, "south@atelier.test")
        const key = await createKey(southToken, south)
        await organizations.updateOrganizations({ id: south, is_guest: true, expires_at: new Date(Date.now() - 60_000) })
        try {
          const read = await api.get("/v1/products", bearer(key))
          expect(read.status).toBe(200)
          const write = await api.post("/v1/products", { title: "Blocked" }, bearer(key))
          expect([write.status, write.data.error.code, write.data.error.message]).toEqual([
            403,
            "workspace_expired",
            "This guest workspace has expired",
          ])
          const [{ count }] = await selectRows(pg, "SELECT count(*)::int AS count FROM product WHERE title = 'Blocked'")
          expect(count).toBe(0)
        } finally {
          await organizations.updateOrganizations({ id: south, is_guest: false, expires_at: null })
        }
      })
    })
  },
})
