import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { generateEntityId } from "@medusajs/framework/utils"
import { expireGuestWorkspaces } from "../../src/jobs/expire-guest-workspaces"
import { GUEST_MESSAGES } from "../../src/lib/guest-workspace"
import { DEFAULT_SETTINGS } from "../../src/lib/organization-settings"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { anyStatus, bearer, createOrganization, login, type Api } from "../helpers/accounts"
import { countQueries, countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

jest.setTimeout(240000)

const DAY_MS = 24 * 60 * 60 * 1000
const OWNER_ONLY = { error: "Forbidden", message: "Only organization owners can change settings" }
const EXPIRED = { error: "Forbidden", message: GUEST_MESSAGES.expired }

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let container: MedusaContainer
    let pg: Knex
    let organizations: OrganizationModuleService
    let org: Record<string, string>
    let product: Record<string, string>
    let northToken: string
    let southToken: string

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
    })

    beforeEach(async () => {
      // The runner restores the database before every test: seed data stays, tokens stay valid.
      container = getContainer()
      organizations = container.resolve(ORGANIZATION_MODULE)
      org = await orgIdsBySlug(container, ["studio-north", "studio-south"])
      product = await productIdsByHandle(container, ["studio-north-print", "studio-south-print"])
      northToken = await loginDemoMember(api, "north@atelier.test")
      southToken = await loginDemoMember(api, "south@atelier.test")
    })

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    const put = (url: string, data: unknown, token?: string) =>
      api.request({ method: "PUT", url, data, ...(token ? bearer(token) : anyStatus) })
    const settingsRows = (organizationId: string) =>
      selectRows(pg, `SELECT * FROM organization_settings WHERE organization_id = ? AND deleted_at IS NULL`, [organizationId])

    /** A member registered without names (an incomplete account), logged in. */
    async function registerBareMember(email: string) {
      const password = "secret-pass"
      const registered = await api.post("/auth/member/emailpass/register", { email, password }, anyStatus)
      expect(registered.status).toBe(200)
      const created = await api.post("/api/members", { email }, bearer(registered.data.token))
      expect(created.status).toBe(201)
      return { id: created.data.member.id as string, token: await login(api, "member", email, password) }
    }

    /** A plain member (role `member`) of studio-north. */
    async function northPlainMember() {
      const plain = await registerBareMember("plain@north.test")
      await organizations.createMemberships({ member_id: plain.id, organization_id: org["studio-north"], role: "member" })
      return plain
    }

    async function startGuestWorkspace(token: string, name = "Trial Studio") {
      const res = await api.post("/api/guest/workspaces", { name }, bearer(token))
      expect(res.status).toBe(201)
      return res
    }

    // ---------------------------------------------------------------------------------------------------------

    describe("settings", () => {
      it("answer the defaults for existing organizations without a row and for new ones", async () => {
        const fresh = await createOrganization(api, northToken, "Fresh Studio", "fresh-studio")
        for (const organizationId of [org["studio-north"], fresh.id]) {
          for (const kind of ["storefront", "account", "notifications"] as const) {
            const res = await api.get(`/api/settings/${kind}?org_id=${organizationId}`, bearer(northToken))
            expect([kind, res.status, res.data]).toEqual([kind, 200, { settings: DEFAULT_SETTINGS[kind] }])
          }
        }
        expect(DEFAULT_SETTINGS).toEqual({
          storefront: { bio: "", social_links: {}, theme: "classic", custom_colors: {} },
          account: { display_name: null, email: null, avatar_url: null },
          notifications: { email_orders: true, email_marketing: false, email_digest: "weekly" },
        })
        // Reading writes nothing.
        expect(await countRows(pg, "organization_settings")).toBe(0)

        // First saves racing: one row, every change kept.
        const racing = await Promise.all([
          put("/api/settings/storefront", { org_id: fresh.id, bio: "racing" }, northToken),
          put("/api/settings/storefront", { org_id: fresh.id, theme: "bold" }, northToken),
          put("/api/settings/account", { org_id: fresh.id, display_name: "Fresh" }, northToken),
          put("/api/settings/notifications", { org_id: fresh.id, email_digest: "none" }, northToken),
        ])
        expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200])
        const rows = await settingsRows(fresh.id)
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({ bio: "racing", theme: "bold", display_name: "Fresh", email_digest: "none" })

        // The same race closer, at the service: the creates collide on the unique index and the losers update.
        const other = await createOrganization(api, northToken, "Other Studio", "other-studio")
        const saves = await Promise.all(
          (["bio", "theme", "display_name", "email"] as const).map((field, i) =>
            organizations.saveOrganizationSettings(other.id, { [field]: field === "theme" ? "dark" : field === "email" ? "a@b.io" : `v${i}` })
          )
        )
        expect(new Set(saves.map((s) => s.saved.id)).size).toBe(1)
        expect(await settingsRows(other.id)).toEqual([
          expect.objectContaining({ bio: "v0", theme: "dark", display_name: "v2", email: "a@b.io" }),
        ])
      })

      it("PUT changes only the fields given, each kind in one row per organization; null puts a default back", async () => {
        const url = "/api/settings/storefront"
        const first = await put(url, { org_id: org["studio-north"], bio: "  Painter of northern light  ", theme: "minimal" }, northToken)
        expect(first.status).toBe(200)
        expect(first.data).toEqual({
          settings: { bio: "Painter of northern light", social_links: {}, theme: "minimal", custom_colors: {} },
        })
        const second = await put(
          url,
          {
            org_id: org["studio-north"],
            social_links: { instagram: "https://instagram.com/north", website: "https://north.example" },
            custom_colors: { primary: "#1A2B3C", accent: "#FFF" },
          },
          northToken
        )
        expect(second.data.settings).toEqual({
          bio: "Painter of northern light",
          social_links: { instagram: "https://instagram.com/north", website: "https://north.example" },
          theme: "minimal",
          custom_colors: { primary: "#1a2b3c", accent: "#fff" },
        })
        expect((await api.get(`${url}?org_id=${org["studio-north"]}`, bearer(northToken))).data).toEqual(second.data)

        // The organization context works by header and by the member's only organization too.
        const account = await put(
          "/api/settings/account",
          { display_name: "Studio North", email: "  Hello@North.Example ", avatar_url: "https://cdn.example/a.png" },
          southToken
        )
        expect(account.status).toBe(200)
        expect(account.data.settings).toEqual({
          display_name: "Studio North",
          email: "hello@north.example",
          avatar_url: "https://cdn.example/a.png",
        })
        const notifications = await api.request({
          method: "PUT",
          url: "/api/settings/notifications",
          data: { email_digest: "daily", email_marketing: true },
          headers: { authorization: `Bearer ${northToken}`, "x-organization-id": org["studio-north"] },
          ...anyStatus,
        })
        expect(notifications.data.settings).toEqual({ email_orders: true, email_marketing: true, email_digest: "daily" })

        // The kinds share the organization's row and do not touch each other.
        const [row] = await settingsRows(org["studio-north"])
        expect(row).toMatchObject({ bio: "Painter of northern light", theme: "minimal", email_digest: "daily", email_orders: null })
        expect(await countRows(pg, "organization_settings")).toBe(2)
        expect((await api.get("/api/settings/account", bearer(southToken))).data.settings.display_name).toBe("Studio North")
        expect((await api.get(`/api/settings/account?org_id=${org["studio-north"]}`, bearer(northToken))).data.settings).toEqual(
          DEFAULT_SETTINGS.account
        )

        // null resets a field to its default; an empty body changes nothing.
        const reset = await put(url, { org_id: org["studio-north"], theme: null, social_links: null }, northToken)
        expect(reset.data.settings).toMatchObject({ theme: "classic", social_links: {}, bio: "Painter of northern light" })
        const empty = await put(url, { org_id: org["studio-north"] }, northToken)
        expect(empty.status).toBe(200)
        expect(empty.data).toEqual(reset.data)
      })

      it("refuse bad input with 400, details.field, and write nothing", async () => {
        await put("/api/settings/storefront", { org_id: org["studio-north"], bio: "kept" }, northToken)
        const before = await settingsRows(org["studio-north"])
        const cases: [string, Record<string, unknown>, string | undefined, RegExp][] = [
          ["storefront", { social_links: { instagram: "not a url" } }, "social_links.instagram", /https URL/],
          ["storefront", { social_links: { instagram: "http://instagram.com/north" } }, "social_links.instagram", /https URL/],
          ["storefront", { social_links: { instagram: "javascript:alert(1)" } }, "social_links.instagram", /https URL/],
          ["storefront", { social_links: { instagram: 42 } }, "social_links.instagram", /https URL/],
          ["storefront", { social_links: { myspace: "https://myspace.com/north" } }, "social_links.myspace", /unknown key "myspace"/],
          ["storefront", { social_links: "https://instagram.com/north" }, "social_links", /must be an object/],
          ["storefront", { social_links: ["https://instagram.com/north"] }, "social_links", /must be an object/],
          ["storefront", { custom_colors: { primary: "#12345" } }, "custom_colors.primary", /hex colour/],
          ["storefront", { custom_colors: { primary: "red" } }, "custom_colors.primary", /hex colour/],
          ["storefront", { custom_colors: { border: "#fff" } }, "custom_colors.border", /unknown key "border"/],
          ["storefront", { theme: "neon" }, "theme", /theme must be one of: classic, minimal/],
          ["storefront", { theme: 3 }, "theme", /theme must be one of/],
          ["storefront", { bio: "x".repeat(2001) }, "bio", /at most 2000 characters/],
          ["storefront", { bio: 42 }, "bio", /bio must be a string/],
          ["storefront", { layout: "grid" }, undefined, /layout/],
          ["account", { email: "not-an-email" }, "email", /valid email/],
          ["account", { email: `${"a".repeat(250)}@x.io` }, "email", /valid email/],
          ["account", { avatar_url: "http://cdn.example/a.png" }, "avatar_url", /https URL/],
          ["account", { avatar_url: "x".repeat(10000) }, "avatar_url", /https URL/],
          ["account", { display_name: "x".repeat(101) }, "display_name", /at most 100/],
          ["account", { display_name: ["Ada"] }, "display_name", /display_name must be a string/],
          ["notifications", { email_orders: "false" }, "email_orders", /email_orders must be a boolean/],
          ["notifications", { email_marketing: 1 }, "email_marketing", /email_marketing must be a boolean/],
          ["notifications", { email_digest: "monthly" }, "email_digest", /daily, weekly, none/],
          ["notifications", { email_digest: true }, "email_digest", /daily, weekly, none/],
        ]
        for (const [kind, body, field, message] of cases) {
          const res = await put(`/api/settings/${kind}`, { org_id: org["studio-north"], ...body }, northToken)
          const shown = { kind, body: JSON.stringify(body).slice(0, 80) }
          expect({ ...shown, status: res.status, code: res.data.code }).toEqual({ ...shown, status: 400, code: "invalid_request" })
          expect({ ...shown, field: res.data.details.field }).toEqual({ ...shown, field })
          expect(res.data.error).toMatch(message)
        }
        // A NUL byte is refused too.
        const nul = await put("/api/settings/storefront", { org_id: org["studio-north"], bio: "a\u0000b" }, northToken)
        expect(nul.status).toBe(400)
        expect(await settingsRows(org["studio-north"])).toEqual(before)
        expect(await countRows(pg, "organization_settings")).toBe(1)
      })

      it("members read them, only owners change them; another organization is 403, no token 401", async () => {
        const plain = await northPlainMember()
        const north = org["studio-north"]
        for (const kind of ["storefront", "account", "notifications"]) {
          const read = await api.get(`/api/settings/${kind}?org_id=${north}`, bearer(plain.token))
          expect([kind, read.status]).toEqual([kind, 200])
          const write = await put(`/api/settings/${kind}`, { org_id: north }, plain.token)
          expect([kind, write.status, write.data]).toEqual([kind, 403, OWNER_ONLY])

          const otherRead = await api.get(`/api/settings/${kind}?org_id=${org["studio-south"]}`, bearer(northToken))
          expect([kind, otherRead.status, otherRead.data.message]).toEqual([kind, 403, "You are not a member of this organization"])
          const otherWrite = await put(`/api/settings/${kind}`, { org_id: org["studio-south"] }, northToken)
          expect([kind, otherWrite.status]).toEqual([kind, 403])

          const anonymous = await api.get(`/api/settings/${kind}?org_id=${north}`, anyStatus)
          expect([kind, anonymous.status, anonymous.data.error]).toEqual([kind, 401, "Unauthorized"])
          expect((await put(`/api/settings/${kind}`, { org_id: north })).status).toBe(401)
        }
        const realChange = await put("/api/settings/notifications", { org_id: north, email_orders: false }, plain.token)
        expect(realChange.status).toBe(403)
        expect(await countRows(pg, "organization_settings")).toBe(0)
      })

      it("email_orders false stops the artist's new-order email; the customer's confirmation still goes out", async () => {
        const off = await put("/api/settings/notifications", { org_id: org["studio-north"], email_orders: false }, northToken)
        expect(off.data.settings.email_orders).toBe(false)
        // studio-south turned it off and on again: it still gets its email.
        await put("/api/settings/notifications", { email_orders: false }, southToken)
        await put("/api/settings/notifications", { email_orders: true }, southToken)

        const sessionId = crypto.randomUUID()
        for (const handle of ["studio-north-print", "studio-south-print"]) {
          await pg.raw(
            `INSERT INTO gallery_cart_item (id, session_id, product_id, quantity, created_at, updated_at)
             VALUES (?, ?, ?, 1, now(), now())`,
            [generateEntityId(undefined, "gci"), sessionId, product[handle]]
          )
        }
        const checkout = await api.post(
          "/api/gallery/checkout",
          { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
          anyStatus
        )
        expect(checkout.status).toBe(200)
        const [order] = await selectRows(pg, `SELECT id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
        const paid = await api.post(
          `/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`,
          { payment_method: "pm_card_visa" },
          anyStatus
        )
        expect(paid.status).toBe(200)
        expect(await outboxDrained(pg)).toBe(0)
        const notifications = await waitFor(
          () => selectRows(pg, `SELECT "to", template FROM notification ORDER BY "to"`),
          (list) => list.length >= 2
        )
        expect(notifications).toEqual([
          { to: COLLECTOR_EMAIL, template: "gallery-order-confirmation" },
          { to: "south@atelier.test", template: "gallery-artist-new-order" },
        ])
        // North's artist order is paid like the others: only its email was skipped.
        expect(await countRows(pg, "gallery_artist_order", "gallery_order_id = ? AND status = 'paid'", [order.id])).toBe(2)
      })
    })

    // ---------------------------------------------------------------------------------------------------------

    describe("guest workspaces", () => {
      it("a member starts one: an organization with its sales channel, owned by the caller, expiring in 14 days", async () => {
        const guest = await registerBareMember("guest@trial.test")
        const before = Date.now()
        const res = await startGuestWorkspace(guest.token, "Trial Studio")
        const { organization, guest: status } = res.data
        expect(organization).toMatchObject({ name: "Trial Studio", isGuest: true, galleryApproved: false, plan: "starter" })
        expect(organization.slug).toMatch(/^trial-studio-guest-[0-9a-f]{8}$/)
        const expiresAt = new Date(organization.expiresAt).getTime()
        expect(expiresAt).toBeGreaterThanOrEqual(before + 14 * DAY_MS)
        expect(expiresAt).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS)
        expect(status).toEqual({
          isGuest: true,
          expiresAt: new Date(expiresAt).toISOString(),
          daysRemaining: 14,
          isExpired: false,
          canPromote: false,
        })
        const [membership] = await organizations.listMemberships({ organization_id: organization.id })
        expect(membership).toMatchObject({ member_id: guest.id, role: "owner" })
        expect(
          await countRows(pg, "organization_organization_sales_channel_sales_channel", "organization_id = ? AND deleted_at IS NULL", [
            organization.id,
          ])
        ).toBe(1)

        // The same name twice gives two workspaces.
        const again = await startGuestWorkspace(guest.token, "Trial Studio")
        expect(again.data.organization.slug).not.toBe(organization.slug)

        const status2 = await api.get(`/api/guest/status?org_id=${organization.id}`, bearer(guest.token))
        expect(status2.data).toEqual({ organizationId: organization.id, organizationName: "Trial Studio", ...status })

        // Bad input, no token.
        const cases: [unknown, string][] = [
          [{}, "name"],
          [{ name: "   " }, "name"],
          [{ name: "x".repeat(10 * 1024) }, "name"],
          [{ name: 7 }, "name"],
        ]
        for (const [body, field] of cases) {
          const bad = await api.post("/api/guest/workspaces", body, bearer(guest.token))
          expect([bad.status, bad.data.details]).toEqual([400, { field }])
        }
        expect((await api.post("/api/guest/workspaces", { name: "Nope" }, anyStatus)).status).toBe(401)
        expect(await countRows(pg, "organization", "is_guest")).toBe(2)
      })

      it("promotion: owner only, complete account only, guest workspaces only; it clears the expiry", async () => {
        const guest = await registerBareMember("guest@trial.test")
        const { organization } = (await startGuestWorkspace(guest.token)).data
        const promote = (token: string, body: Record<string, unknown> = { org_id: organization.id }) =>
          api.post("/api/guest/promote", body, bearer(token))

        // Another organization's member: not a member (403). A plain member of the workspace: not the owner (403).
        expect((await promote(northToken)).status).toBe(403)
        const helper = await registerBareMember("helper@trial.test")
        await organizations.createMemberships({ member_id: helper.id, organization_id: organization.id, role: "member" })
        const byMember = await promote(helper.token)
        expect([byMember.status, byMember.data]).toEqual([403, { error: "Forbidden", message: GUEST_MESSAGES.notOwner }])

        // The owner's account is incomplete: names (member) and the workspace's display name (account settings).
        const incomplete = await promote(guest.token)
        expect(incomplete.status).toBe(400)
        expect(incomplete.data).toEqual({
          error: "Complete your account before promoting: missing first_name, last_name, display_name",
          code: "invalid_request",
          details: {},
        })
        const named = await api.patch("/api/members/me", { first_name: "Grace", last_name: " Hopper " }, bearer(guest.token))
        expect(named.status).toBe(200)
        expect(named.data.member).toMatchObject({ first_name: "Grace", last_name: "Hopper" })
        expect((await api.patch("/api/members/me", { first_name: 5 }, bearer(guest.token))).data.details).toEqual({ field: "first_name" })
        expect((await promote(guest.token)).data.error).toBe("Complete your account before promoting: missing display_name")
        expect((await put("/api/settings/account", { org_id: organization.id, display_name: "Grace Hopper Prints" }, guest.token)).status).toBe(200)

        const ready = await api.get(`/api/guest/status?org_id=${organization.id}`, bearer(guest.token))
        expect(ready.data.canPromote).toBe(true)
        // canPromote is the caller's: the plain member still cannot.
        expect((await api.get(`/api/guest/status?org_id=${organization.id}`, bearer(helper.token))).data.canPromote).toBe(false)

        const promoted = await promote(guest.token)
        expect(promoted.status).toBe(200)
        expect(promoted.data.organization).toMatchObject({ id: organization.id, isGuest: false, expiresAt: null })
        expect(promoted.data.guest).toEqual({ isGuest: false, expiresAt: null, daysRemaining: null, isExpired: false, canPromote: false })
        const [row] = await selectRows(pg, `SELECT is_guest, expires_at FROM organization WHERE id = ?`, [organization.id])
        expect(row).toEqual({ is_guest: false, expires_at: null })

        // Not (or no longer) a guest workspace: 400.
        const twice = await promote(guest.token)
        expect([twice.status, twice.data.error]).toEqual([400, GUEST_MESSAGES.notGuest])
        const regular = await promote(northToken, { org_id: org["studio-north"] })
        expect([regular.status, regular.data.error]).toEqual([400, GUEST_MESSAGES.notGuest])
        expect((await promote(guest.token, { org_id: 42 })).data.details).toEqual({ field: "org_id" })
        expect((await api.post("/api/guest/promote", { org_id: organization.id }, anyStatus)).status).toBe(401)
      })

      it("an expired workspace refuses writes (403) but still reads; promotion refused; the job marks it once", async () => {
        const guest = await registerBareMember("guest@trial.test")
        const { organization } = (await startGuestWorkspace(guest.token, "Expired Studio")).data
        const { organization: live } = (await startGuestWorkspace(guest.token, "Live Studio")).data
        await api.patch("/api/members/me", { first_name: "Grace", last_name: "Hopper" }, bearer(guest.token))
        await put("/api/settings/account", { org_id: organization.id, display_name: "Grace" }, guest.token)
        await organizations.updateOrganizations({ id: organization.id, expires_at: new Date(Date.now() - 60_000) })

        const write = await put("/api/settings/storefront", { org_id: organization.id, bio: "late" }, guest.token)
        expect([write.status, write.data]).toEqual([403, EXPIRED])
        const byHeader = await api.request({
          method: "PUT",
          url: "/api/settings/account",
          data: { display_name: "Later" },
          headers: { authorization: `Bearer ${guest.token}`, "x-organization-id": organization.id },
          ...anyStatus,
        })
        expect([byHeader.status, byHeader.data]).toEqual([403, EXPIRED])
        const promote = await api.post("/api/guest/promote", { org_id: organization.id }, bearer(guest.token))
        expect([promote.status, promote.data]).toEqual([403, EXPIRED])
        expect((await settingsRows(organization.id))[0]).toMatchObject({ bio: null, display_name: "Grace" })

        const read = await api.get(`/api/settings/account?org_id=${organization.id}`, bearer(guest.token))
        expect([read.status, read.data.settings.display_name]).toEqual([200, "Grace"])
        const status = await api.get(`/api/guest/status?org_id=${organization.id}`, bearer(guest.token))
        expect(status.data).toMatchObject({ isGuest: true, isExpired: true, daysRemaining: 0, canPromote: false })
        // The artist routes (another family, same act-for point) still read; a route on one object (the organization
        // taken from the object) refuses the write too.
        expect((await api.get(`/api/gallery/artist/orders?org_id=${organization.id}`, bearer(guest.token))).status).toBe(200)
        await pg.raw(
          `INSERT INTO gallery_order (id, public_id, status, email, shipping_option, subtotal_cents, gallery_fee_cents,
             stripe_fee_cents, total_cents, transfer_group, cart_session_id)
           VALUES ('gord_expired', 'GO-EXPIRED', 'paid', ?, 'single_address', 1000, 120, 62, 1182, 'tg_expired', 'cart_expired')`,
          [COLLECTOR_EMAIL]
        )
        await pg.raw(
          `INSERT INTO gallery_artist_order (id, organization_id, artist_name, status, subtotal_cents, payout_cents, gallery_order_id)
           VALUES ('aord_expired', ?, 'Expired Studio', 'paid', 1000, 880, 'gord_expired')`,
          [organization.id]
        )
        const objectWrite = await api.post("/api/gallery/artist/orders/aord_expired/status", { status: "processing" }, bearer(guest.token))
        expect([objectWrite.status, objectWrite.data]).toEqual([403, EXPIRED])
        const [artistOrder] = await selectRows(pg, `SELECT status FROM gallery_artist_order WHERE id = 'aord_expired'`)
        expect(artistOrder.status).toBe("paid")

        // Other workspaces of the same member are untouched.
        expect((await put("/api/settings/storefront", { org_id: live.id, bio: "on time" }, guest.token)).status).toBe(200)

        // The job marks the expired one only, once.
        expect(await expireGuestWorkspaces(container)).toBe(1)
        const marked = await selectRows(pg, `SELECT id, expired_at FROM organization WHERE expired_at IS NOT NULL`)
        expect(marked.map((r) => r.id)).toEqual([organization.id])
        expect(await expireGuestWorkspaces(container)).toBe(0)
        const [again] = await selectRows(pg, `SELECT expired_at FROM organization WHERE id = ?`, [organization.id])
        expect(again.expired_at).toEqual(marked[0].expired_at)
      })

      it("the expiry rule costs no query on the hot path: one membership lookup per request, as before", async () => {
        const url = `/api/settings/storefront?org_id=${org["studio-north"]}`
        await api.get(url, bearer(northToken)) // warm up
        const { result, queries } = await countQueries(pg, () => api.get(url, bearer(northToken)))
        expect(result.status).toBe(200)
        // The membership (joined with the organization's guest fields) and the settings row.
        expect(queries).toBe(2)
      })
    })
  },
})
