import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { randomUUID } from "node:crypto"
import { anyStatus, type Api } from "../helpers/accounts"
import { responseCookie, withCookie } from "../helpers/cookies"
import { orgIdsBySlug, seedDemo } from "../helpers/demo-data"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { REFERRALS_MODULE } from "../../src/modules/referrals"
import type ReferralsModuleService from "../../src/modules/referrals/service"
import { NEWSLETTER_MODULE } from "../../src/modules/newsletter"
import type NewsletterModuleService from "../../src/modules/newsletter/service"
import type { SubscriberRecord } from "../../src/modules/newsletter/service"
import { SALES_DIGEST_TEMPLATE } from "../../src/processes/sales-digest/send-sales-digests"

jest.setTimeout(240000)

const REF_COOKIE = "gallery_ref"
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const DAY_MS = 24 * 60 * 60 * 1000
const SLUGS = ["studio-north", "studio-south", "studio-east", "studio-pending"] as const
type Slug = (typeof SLUGS)[number]

type HttpResponse = Awaited<ReturnType<Api["post"]>>

const withRef = (sessionId: string) => withCookie(REF_COOKIE, sessionId)
const refCookie = (res: HttpResponse) => responseCookie(res, REF_COOKIE)

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    let referrals: ReferralsModuleService
    const org = {} as Record<Slug, string>

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      expect(Object.keys(org).sort()).toEqual([...SLUGS].sort())
    })

    beforeEach(() => {
      referrals = container.resolve(REFERRALS_MODULE)
    })

    const track = (body: unknown, config: object = anyStatus) => api.post("/api/gallery/referral/track", body, config)
    const subscribe = (body: unknown) => api.post("/api/gallery/newsletter/subscribe", body, anyStatus)
    const unsubscribe = (body: unknown) => api.post("/api/gallery/newsletter/unsubscribe", body, anyStatus)

    async function referralRows(sessionId?: string) {
      const { rows } = await pg.raw(
        `SELECT id, organization_id, session_id, created_at, expires_at FROM referral
         ${sessionId ? "WHERE session_id = ?" : ""} ORDER BY created_at, id`,
        sessionId ? [sessionId] : []
      )
      return rows as { id: string; organization_id: string; session_id: string; created_at: Date; expires_at: Date }[]
    }

    async function subscriberRows(email?: string) {
      const { rows } = await pg.raw(
        `SELECT id, email, first_name, last_name, is_active, subscribed_at, unsubscribed_at FROM newsletter_subscriber
         ${email ? "WHERE email = ?" : ""} ORDER BY created_at, id`,
        email ? [email] : []
      )
      return rows as SubscriberRecord[]
    }

    /** Moves a referral `days` into the past (creation and expiry together, as if it had been tracked then). */
    async function ageReferral(id: string, days: number) {
      await pg.raw(
        `UPDATE referral SET created_at = created_at - ?::float8 * interval '1 day',
                             expires_at = expires_at - ?::float8 * interval '1 day' WHERE id = ?`,
        [days, days, id]
      )
    }

    describe("POST /api/gallery/referral/track", () => {
      it("answers 400 Organization ID required without a usable org_id, and sets no cookie", async () => {
        for (const body of [undefined, {}, { org_id: "" }, { org_id: "   " }, { org_id: 42 }, { org_id: null }, { orgId: org["studio-north"] }, []]) {
          const res = await track(body)
          expect([body, res.status]).toEqual([body, 400])
          expect(res.data).toEqual({ error: "Organization ID required" })
          expect(refCookie(res)).toBeNull()
        }
        expect(await referralRows()).toEqual([])
      })

      it("answers 404 Organization not found for an unknown or deleted organization, and sets no cookie", async () => {
        for (const id of ["org_does_not_exist", `${org["studio-north"]}x`, "'; DROP TABLE referral; --"]) {
          const res = await track({ org_id: id })
          expect([id, res.status]).toEqual([id, 404])
          expect(res.data).toEqual({ error: "Organization not found" })
          expect(refCookie(res)).toBeNull()
        }
        const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        await organizations.softDeleteOrganizations([org["studio-east"]])
        const deleted = await track({ org_id: org["studio-east"] })
        expect(deleted.status).toBe(404)
        expect(deleted.data).toEqual({ error: "Organization not found" })
        expect(await referralRows()).toEqual([])
      })

      it("records an anonymous referral valid 30 days and sets the gallery_ref cookie (HttpOnly, Lax, Path=/, 30 days)", async () => {
        const before = Date.now()
        const res = await track({ org_id: ` ${org["studio-north"]} ` })
        const after = Date.now()
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          success: true,
          referral: {
            id: expect.stringMatching(/^ref_/),
            orgId: org["studio-north"],
            sessionId: expect.stringMatching(UUID),
            createdAt: expect.stringMatching(ISO),
            expiresAt: expect.stringMatching(ISO),
          },
        })
        const { referral } = res.data
        const created = Date.parse(referral.createdAt)
        expect(created).toBeGreaterThanOrEqual(before)
        expect(created).toBeLessThanOrEqual(after)
        expect(Date.parse(referral.expiresAt) - created).toBe(30 * DAY_MS)

        const cookie = refCookie(res)!
        expect(cookie.value).toBe(referral.sessionId)
        expect(cookie.attrs.get("max-age")).toBe("2592000")
        expect(cookie.attrs.get("httponly")).toBe(true)
        expect(cookie.attrs.get("samesite")).toBe("Lax")
        expect(cookie.attrs.get("path")).toBe("/")
        expect(cookie.attrs.has("secure")).toBe(false) // not production
        expect(Date.parse(cookie.attrs.get("expires") as string)).toBeGreaterThan(after + 30 * DAY_MS - 2000)

        expect(await referralRows()).toEqual([
          {
            id: referral.id,
            organization_id: org["studio-north"],
            session_id: referral.sessionId,
            created_at: new Date(referral.createdAt),
            expires_at: new Date(referral.expiresAt),
          },
        ])
      })

      it("stores nothing personal: the referral tables hold ids, times and amounts only", async () => {
        const { rows } = await pg.raw(
          `SELECT table_name, column_name FROM information_schema.columns
           WHERE table_name IN ('referral', 'referral_conversion') ORDER BY table_name, ordinal_position`
        )
        const columns = (table: string) =>
          (rows as { table_name: string; column_name: string }[]).filter((r) => r.table_name === table).map((r) => r.column_name)
        expect(columns("referral").sort()).toEqual(
          ["id", "organization_id", "session_id", "expires_at", "created_at", "updated_at", "deleted_at"].sort()
        )
        expect(columns("referral_conversion").sort()).toEqual(
          ["id", "referral_id", "order_id", "order_type", "amount_cents", "converted_at", "created_at", "updated_at", "deleted_at"].sort()
        )
      })

      it("counts an organization that is not approved for the gallery (a referral leads to the artist's own store)", async () => {
        const res = await track({ org_id: org["studio-pending"] })
        expect(res.status).toBe(200)
        expect(res.data.referral.orgId).toBe(org["studio-pending"])
        expect(refCookie(res)?.value).toBe(res.data.referral.sessionId)
      })

      it("keeps the visitor's session from a valid gallery_ref cookie; a repeat visit returns the same live referral", async () => {
        const first = await track({ org_id: org["studio-north"] })
        const sessionId = first.data.referral.sessionId

        const other = await track({ org_id: org["studio-south"] }, withRef(sessionId))
        expect(other.status).toBe(200)
        expect(other.data.referral).toMatchObject({ orgId: org["studio-south"], sessionId })
        expect(other.data.referral.id).not.toBe(first.data.referral.id)
        expect(refCookie(other)?.value).toBe(sessionId) // re-set: 30 days from this visit

        // Same visitor, same organization, within the window: the same referral, its window unchanged.
        const again = await track({ org_id: org["studio-north"] }, withRef(sessionId.toUpperCase()))
        expect(again.status).toBe(200)
        expect(again.data.referral).toEqual(first.data.referral)
        expect(refCookie(again)?.value).toBe(sessionId)
        expect(refCookie(again)?.attrs.get("max-age")).toBe("2592000")

        expect((await referralRows(sessionId)).map((r) => r.organization_id).sort()).toEqual(
          [org["studio-north"], org["studio-south"]].sort()
        )
      })

      it("starts a new session when the cookie is absent or not a UUID", async () => {
        const a = await track({ org_id: org["studio-north"] })
        const b = await track({ org_id: org["studio-north"] })
        const c = await track({ org_id: org["studio-north"] }, withRef("not-a-uuid"))
        const sessions = [a, b, c].map((r) => r.data.referral.sessionId)
        for (const s of sessions) expect(s).toMatch(UUID)
        expect(new Set(sessions).size).toBe(3)
        expect(refCookie(c)?.value).toBe(c.data.referral.sessionId)
        expect(await referralRows()).toHaveLength(3)
      })

      it("starts a new 30-day referral once the previous one has expired", async () => {
        const first = await track({ org_id: org["studio-north"] })
        const sessionId = first.data.referral.sessionId
        await ageReferral(first.data.referral.id, 30)
        const next = await track({ org_id: org["studio-north"] }, withRef(sessionId))
        expect(next.status).toBe(200)
        expect(next.data.referral.id).not.toBe(first.data.referral.id)
        expect(next.data.referral.sessionId).toBe(sessionId)
        expect(Date.parse(next.data.referral.expiresAt) - Date.parse(next.data.referral.createdAt)).toBe(30 * DAY_MS)
        expect(await referralRows(sessionId)).toHaveLength(2)
      })

      it("records one referral when the same visitor's tracks race", async () => {
        const sessionId = randomUUID()
        const results = await Promise.all(
          Array.from({ length: 8 }, () => track({ org_id: org["studio-south"] }, withRef(sessionId)))
        )
        for (const res of results) expect(res.status).toBe(200)
        expect(new Set(results.map((r) => r.data.referral.id)).size).toBe(1)
        expect(await referralRows(sessionId)).toHaveLength(1)
      })

      it("marks the cookie Secure in production", async () => {
        const previous = process.env.NODE_ENV
        process.env.NODE_ENV = "production"
        let res: HttpResponse
        try {
          res = await track({ org_id: org["studio-north"] })
        } finally {
          process.env.NODE_ENV = previous
        }
        expect(res.status).toBe(200)
        const cookie = refCookie(res)!
        expect(cookie.attrs.get("secure")).toBe(true)
        expect(cookie.attrs.get("httponly")).toBe(true)
        expect(cookie.attrs.get("samesite")).toBe("Lax")
      })
    })

    describe("referral conversions (referrals module)", () => {
      async function trackedSession(slugs: Slug[]) {
        const sessionId = randomUUID()
        const ids = {} as Record<Slug, string>
        for (const slug of slugs) {
          const res = await track({ org_id: org[slug] }, withRef(sessionId))
          expect(res.status).toBe(200)
          ids[slug] = res.data.referral.id
        }
        return { sessionId, ids }
      }

      async function conversionRows(orderId?: string) {
        const { rows } = await pg.raw(
          `SELECT c.referral_id, r.organization_id, c.order_id, c.order_type, c.amount_cents
           FROM referral_conversion c JOIN referral r ON r.id = c.referral_id
           ${orderId ? "WHERE c.order_id = ?" : ""} ORDER BY r.organization_id`,
          orderId ? [orderId] : []
        )
        return rows as { referral_id: string; organization_id: string; order_id: string; order_type: string; amount_cents: number }[]
      }

      it("records one conversion per live referral of the session whose organization is in the order, once", async () => {
        const { sessionId, ids } = await trackedSession(["studio-north", "studio-south"])
        const at = new Date()
        const input = {
          sessionId,
          orderId: "gord_test_1",
          orderType: "gallery" as const,
          amountsByOrganization: { [org["studio-north"]]: 120000, [org["studio-south"]]: 3499, [org["studio-east"]]: 1295 },
          at,
        }
        const created = await referrals.recordConversions(input)
        const expected = [
          { slug: "studio-north" as const, amount: 120000 },
          { slug: "studio-south" as const, amount: 3499 },
        ]
          .map(({ slug, amount }) => ({
            id: expect.stringMatching(/^rconv_/),
            referral_id: ids[slug],
            organization_id: org[slug],
            order_id: "gord_test_1",
            order_type: "gallery",
            amount_cents: amount,
            converted_at: at,
          }))
          .sort((a, b) => a.organization_id.localeCompare(b.organization_id))
        expect(created).toEqual(expected)

        // A replay (webhook after confirm, retried job) records nothing more, even when it races.
        expect(await referrals.recordConversions(input)).toEqual([])
        const replays = await Promise.all(Array.from({ length: 5 }, () => referrals.recordConversions(input)))
        expect(replays.flat()).toEqual([])
        expect(await conversionRows("gord_test_1")).toHaveLength(2)

        // Another order of the same visitor is another conversion; a store order is recorded the same way
        // (a raw cookie value in another case still names the session).
        const store = await referrals.recordConversions({
          ...input,
          sessionId: ` ${sessionId.toUpperCase()} `,
          orderId: "order_store_1",
          orderType: "store",
          amountsByOrganization: { [org["studio-south"]]: 5000 },
        })
        expect(store).toEqual([expect.objectContaining({ organization_id: org["studio-south"], order_type: "store", amount_cents: 5000 })])
      })

      it("racing first recordings of one order end in one conversion per organization", async () => {
        const { sessionId } = await trackedSession(["studio-north", "studio-south"])
        const input = {
          sessionId,
          orderId: "gord_race",
          orderType: "gallery" as const,
          amountsByOrganization: { [org["studio-north"]]: 100, [org["studio-south"]]: 200 },
          at: new Date(),
        }
        const results = await Promise.all(Array.from({ length: 6 }, () => referrals.recordConversions(input)))
        expect(results.flat()).toHaveLength(2)
        const rows = await conversionRows("gord_race")
        expect(Object.fromEntries(rows.map((r) => [r.organization_id, r.amount_cents]))).toEqual({
          [org["studio-north"]]: 100,
          [org["studio-south"]]: 200,
        })
        expect(rows).toHaveLength(2)
      })

      it("ignores expired referrals, referrals made after the purchase, other sessions and other organizations", async () => {
        const { sessionId, ids } = await trackedSession(["studio-north", "studio-south"])
        // studio-north's referral expired a minute ago.
        await pg.raw(`UPDATE referral SET expires_at = now() - interval '1 minute' WHERE id = ?`, [ids["studio-north"]])
        const now = new Date()
        const live = await referrals.findLiveReferrals(sessionId, now)
        expect(live.map((r) => r.id)).toEqual([ids["studio-south"]])

        const amounts = { [org["studio-north"]]: 1000, [org["studio-south"]]: 2000 }
        const created = await referrals.recordConversions({
          sessionId,
          orderId: "gord_expiry",
          orderType: "gallery",
          amountsByOrganization: amounts,
          at: now,
        })
        expect(created.map((c) => c.organization_id)).toEqual([org["studio-south"]])

        // A purchase before the referral existed is not credited to it.
        const before = await referrals.recordConversions({
          sessionId,
          orderId: "gord_before",
          orderType: "gallery",
          amountsByOrganization: amounts,
          at: new Date(Date.now() - DAY_MS),
        })
        expect(before).toEqual([])
        expect(await referrals.findLiveReferrals(sessionId, new Date(Date.now() - DAY_MS))).toEqual([])

        // Another visitor, an organization the visitor was not referred to, an empty order.
        for (const input of [
          { sessionId: randomUUID(), amountsByOrganization: amounts },
          { sessionId, amountsByOrganization: { [org["studio-east"]]: 500 } },
          { sessionId, amountsByOrganization: {} },
        ]) {
          expect(await referrals.recordConversions({ ...input, orderId: "gord_other", orderType: "gallery", at: now })).toEqual([])
        }
        expect(await conversionRows()).toHaveLength(1)

        // The live window ends exactly at expires_at.
        const [south] = await referralRows(sessionId).then((rows) => rows.filter((r) => r.id === ids["studio-south"]))
        expect(await referrals.findLiveReferrals(sessionId, new Date(south.expires_at.getTime() - 1))).toHaveLength(1)
        expect(await referrals.findLiveReferrals(sessionId, south.expires_at)).toEqual([])
      })

      it("credits an order once per organization even if the visitor was referred again after the first referral expired", async () => {
        const { sessionId, ids } = await trackedSession(["studio-north"])
        const paidAt = new Date()
        const input = {
          sessionId,
          orderId: "gord_replay_late",
          orderType: "gallery" as const,
          amountsByOrganization: { [org["studio-north"]]: 4200 },
          at: paidAt,
        }
        expect(await referrals.recordConversions(input)).toHaveLength(1)
        await ageReferral(ids["studio-north"], 31)
        const renewed = await track({ org_id: org["studio-north"] }, withRef(sessionId))
        expect(renewed.data.referral.id).not.toBe(ids["studio-north"])
        // A late replay that uses "now" as the time still records nothing.
        expect(await referrals.recordConversions({ ...input, at: new Date() })).toEqual([])
        expect(await conversionRows("gord_replay_late")).toHaveLength(1)
      })

      it("refuses amounts that are not whole non-negative cents and unknown order types", async () => {
        const { sessionId } = await trackedSession(["studio-north"])
        const base = { sessionId, orderId: "gord_bad", orderType: "gallery" as const, at: new Date() }
        for (const amount of [-1, 10.5, Number.NaN]) {
          await expect(
            referrals.recordConversions({ ...base, amountsByOrganization: { [org["studio-north"]]: amount } })
          ).rejects.toThrow(/whole number of cents/)
        }
        await expect(
          referrals.recordConversions({
            ...base,
            orderType: "marketplace" as any,
            amountsByOrganization: { [org["studio-north"]]: 1 },
          })
        ).rejects.toThrow(/order type/)
        expect(await conversionRows()).toEqual([])
      })
    })

    describe("POST /api/gallery/newsletter/subscribe", () => {
      it("answers 400 Email is required when the email is missing, blank or not a string", async () => {
        for (const body of [undefined, {}, { email: "" }, { email: "   " }, { email: null }, { email: 42 }, { Email: "a@b.co" }]) {
          const res = await subscribe(body)
          expect([body, res.status]).toEqual([body, 400])
          expect(res.data).toEqual({ error: "Email is required" })
        }
        expect(await subscriberRows()).toEqual([])
      })

      it("answers 400 Invalid email address when the email does not match the pattern", async () => {
        for (const email of ["not-an-email", "a@b", "a b@c.co", "@b.co", "a@.co", "a@b.", "a@@b.co", "a@b .co", `${"x".repeat(250)}@b.co`]) {
          const res = await subscribe({ email })
          expect([email, res.status]).toEqual([email, 400])
          expect(res.data).toEqual({ error: "Invalid email address" })
        }
        expect(await subscriberRows()).toEqual([])
      })

      it("answers 400 for names that are not strings or too long", async () => {
        const first = await subscribe({ email: "a@b.co", firstName: 5 })
        expect(first.status).toBe(400)
        expect(first.data).toEqual({ error: "First name must be a string of at most 100 characters" })
        const last = await subscribe({ email: "a@b.co", lastName: "x".repeat(101) })
        expect(last.status).toBe(400)
        expect(last.data).toEqual({ error: "Last name must be a string of at most 100 characters" })
        expect(await subscriberRows()).toEqual([])
      })

      it("creates an active subscriber (email stored lower-case) and answers 200 with its public fields", async () => {
        const before = Date.now()
        const res = await subscribe({ email: "  Ada.Lovelace@Example.COM ", firstName: " Ada ", lastName: "Lovelace" })
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          success: true,
          subscriber: {
            id: expect.stringMatching(/^nsub_/),
            email: "ada.lovelace@example.com",
            isActive: true,
            subscribedAt: expect.stringMatching(ISO),
          },
        })
        expect(Date.parse(res.data.subscriber.subscribedAt)).toBeGreaterThanOrEqual(before)
        expect(await subscriberRows()).toEqual([
          {
            id: res.data.subscriber.id,
            email: "ada.lovelace@example.com",
            first_name: "Ada",
            last_name: "Lovelace",
            is_active: true,
            subscribed_at: new Date(res.data.subscriber.subscribedAt),
            unsubscribed_at: null,
          },
        ])
      })

      it("returns the existing subscriber (case-insensitively) unchanged: same id, original subscribedAt, names kept", async () => {
        const first = await subscribe({ email: "grace@example.com", firstName: "Grace" })
        const again = await subscribe({ email: "GRACE@Example.com", firstName: "Someone", lastName: "Hopper" })
        expect(again.status).toBe(200)
        expect(again.data).toEqual(first.data)
        const [row] = await subscriberRows("grace@example.com")
        // An anonymous caller cannot rename a subscriber; a missing name is filled in.
        expect(row).toMatchObject({ first_name: "Grace", last_name: "Hopper", is_active: true })
        expect(await subscriberRows()).toHaveLength(1)
      })

      it("two racing subscribes of one email end in one record", async () => {
        const variants = ["race@example.com", "RACE@example.com", "Race@Example.Com", " race@example.com"]
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) => subscribe({ email: variants[i % variants.length] }))
        )
        for (const res of results) expect(res.status).toBe(200)
        expect(new Set(results.map((r) => r.data.subscriber.id)).size).toBe(1)
        expect(new Set(results.map((r) => r.data.subscriber.subscribedAt)).size).toBe(1)
        expect(await subscriberRows("race@example.com")).toHaveLength(1)
        expect(await subscriberRows()).toHaveLength(1)
      })

      it("sends no email", async () => {
        const notifications = container.resolve(Modules.NOTIFICATION)
        // Counted for the address and in all but the hourly sales digests (a background job's emails, not ours).
        const count = async (filters: Record<string, unknown>) => (await notifications.listNotifications(filters)).length
        const allButDigests = { template: { $nin: [SALES_DIGEST_TEMPLATE] } }
        const before = await count(allButDigests)
        await subscribe({ email: "quiet@example.com" })
        await unsubscribe({ email: "quiet@example.com" })
        await subscribe({ email: "quiet@example.com" })
        expect(await count({ to: "quiet@example.com" })).toBe(0)
        expect(await count(allButDigests)).toBe(before)
      })
    })

    describe("POST /api/gallery/newsletter/unsubscribe", () => {
      it("answers 400 Email is required when the email is missing, blank or not a string", async () => {
        for (const body of [undefined, {}, { email: "" }, { email: "  " }, { email: 7 }]) {
          const res = await unsubscribe(body)
          expect([body, res.status]).toEqual([body, 400])
          expect(res.data).toEqual({ error: "Email is required" })
        }
      })

      it("answers 404 Email not found for an email that never subscribed (well-formed or not)", async () => {
        await subscribe({ email: "someone@example.com" })
        for (const email of ["nobody@example.com", "not-an-email", "someone@example.co"]) {
          const res = await unsubscribe({ email })
          expect([email, res.status]).toEqual([email, 404])
          expect(res.data).toEqual({ error: "Email not found" })
        }
        expect((await subscriberRows("someone@example.com"))[0].is_active).toBe(true)
      })

      it("deactivates the subscriber and keeps the record; subscribing again reactivates the same record", async () => {
        const subscribed = await subscribe({ email: "linus@example.com", firstName: "Linus" })
        const id = subscribed.data.subscriber.id

        const before = Date.now()
        const res = await unsubscribe({ email: " LINUS@example.com " })
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ success: true })
        const [unsubscribed] = await subscriberRows("linus@example.com")
        expect(unsubscribed).toMatchObject({ id, is_active: false, first_name: "Linus" })
        expect(unsubscribed.unsubscribed_at!.getTime()).toBeGreaterThanOrEqual(before - 1000)

        // Unsubscribing again succeeds and keeps the first unsubscription time.
        const twice = await unsubscribe({ email: "linus@example.com" })
        expect(twice.status).toBe(200)
        expect(twice.data).toEqual({ success: true })
        expect((await subscriberRows("linus@example.com"))[0].unsubscribed_at).toEqual(unsubscribed.unsubscribed_at)

        const back = await subscribe({ email: "Linus@Example.com" })
        expect(back.status).toBe(200)
        expect(back.data.subscriber).toMatchObject({ id, email: "linus@example.com", isActive: true })
        expect(Date.parse(back.data.subscriber.subscribedAt)).toBeGreaterThan(Date.parse(subscribed.data.subscriber.subscribedAt))
        expect(await subscriberRows()).toEqual([
          {
            id,
            email: "linus@example.com",
            first_name: "Linus",
            last_name: null,
            is_active: true,
            subscribed_at: new Date(back.data.subscriber.subscribedAt),
            unsubscribed_at: null,
          },
        ])
      })

      it("racing unsubscribe and subscribe leave one record in a consistent state", async () => {
        await subscribe({ email: "flip@example.com" })
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 ? subscribe({ email: "flip@example.com" }) : unsubscribe({ email: "FLIP@example.com" })))
        )
        for (const res of results) expect(res.status).toBe(200)
        const rows = await subscriberRows()
        expect(rows).toHaveLength(1)
        const [row] = rows
        expect(row.is_active ? row.unsubscribed_at === null : row.unsubscribed_at !== null).toBe(true)
      })
    })

    describe("newsletter module", () => {
      it("compensation helpers put a subscriber back as it was", async () => {
        const newsletter: NewsletterModuleService = container.resolve(NEWSLETTER_MODULE)
        const { subscriber, created, previous } = await newsletter.subscribe({ email: "Undo@Example.com", at: new Date() })
        expect(created).toBe(true)
        expect(previous).toBeNull()
        const result = await newsletter.unsubscribe({ email: "undo@example.com", at: new Date() })
        expect(result?.subscriber.is_active).toBe(false)
        await newsletter.restoreSubscriberState(result!.previous)
        expect(await subscriberRows("undo@example.com")).toEqual([
          expect.objectContaining({ id: subscriber.id, is_active: true, unsubscribed_at: null }),
        ])
        await expect(newsletter.subscribe({ email: "broken", at: new Date() })).rejects.toThrow("Invalid email address")
        expect(await newsletter.unsubscribe({ email: "nobody@example.com", at: new Date() })).toBeNull()
      })
    })
  },
})
