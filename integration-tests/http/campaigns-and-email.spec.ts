import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { Webhook } from "svix"
import { deliverCampaign } from "../../src/processes/campaigns/deliver-campaigns"
import { runCampaignSends } from "../../src/processes/campaigns/run-campaign-sends"
import { CAMPAIGN_MESSAGES } from "../../src/api/api/campaigns/validators"
import { SEGMENT_MESSAGES } from "../../src/api/api/segments/validators"
import { EMAIL_WEBHOOK_MESSAGES } from "../../src/api/api/webhooks/email/route"
import { CAMPAIGN_CONFLICTS, CAMPAIGN_RETRY_SECONDS, campaignEmailKey, RECIPIENT_MAX_ATTEMPTS } from "../../src/lib/campaigns"
import { MARKETING_MODULE } from "../../src/modules/marketing"
import type MarketingModuleService from "../../src/modules/marketing/service"
import { sendGalleryOrderPaidEmails } from "../../src/processes/outbox/handlers/order-paid-emails"
import { ensureOrderBookSetup } from "../../src/workflows/order-book/utils/shipping-setup"
import { sendNotificationsOnce } from "../../src/workflows/common/notifications"
import { SALES_DIGEST_TEMPLATE, sendSalesDigests } from "../../src/processes/sales-digest/send-sales-digests"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows, waitFor } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"
import { type FakeResend, startFakeResend } from "../helpers/fake-resend"

/**
 * Campaigns, segments, the email provider and email events (docs/campaigns-and-email.md), end to end. The app boots
 * with the Resend notification provider (the real `resend` SDK) pointed at the fake Resend server of the test
 * helpers, so every email of the suite — order confirmations, new-order and shipping emails, campaigns, digests —
 * goes through Resend's API as in production, and the email events are signed as Resend (Svix) signs them.
 *
 * Wiring as in stripe-contract.spec.ts: medusa-config.ts is read before the runner applies `env`, so the outer
 * beforeAll also sets the variables on process.env (restored in afterAll).
 */

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const WEBHOOK_SECRET = `whsec_${Buffer.from("campaigns-suite-webhook-secret-0123").toString("base64")}`
const SENDER = "Atelier <mail@atelier.test>"
const HANDLES = ["studio-north-original", "studio-north-print", "studio-south-print"]
const ORG_SLUGS = ["studio-north", "studio-south", "studio-east"]
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

// The audience of studio-north built in beforeAll (paid orders only):
const ADA = "ada@collector.test" // two gallery orders of the print: 69.98 + 34.99
const BO = "bo@collector.test" // the gallery original: 1250
const CY = "cy@collector.test" // the print with studio-south's print in one gallery checkout: 34.99
const WALKIN = "walkin@store.test" // a paid store order: 300
const UNPAID = "dee@collector.test" // an unpaid gallery checkout: not in the audience
const WINDOW = "window@store.test" // an unpaid store order: not in the audience
const NORTH_AUDIENCE = [ADA, BO, CY, WALKIN].sort()

const env: Record<string, string> = {}
let fake: FakeResend

describe("campaigns, segments, email provider and events (Resend SDK against the fake Resend server)", () => {
  const previousEnv = new Map<string, string | undefined>()

  beforeAll(async () => {
    fake = await startFakeResend()
    Object.assign(env, {
      RESEND_API_KEY: fake.apiKey,
      RESEND_API_BASE: fake.apiBase,
      RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET,
      EMAIL_FROM: SENDER,
    })
    for (const [key, value] of Object.entries(env)) {
      previousEnv.set(key, process.env[key])
      process.env[key] = value
    }
  })

  afterAll(async () => {
    for (const [key, value] of previousEnv) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    await fake?.close()
  })

  medusaIntegrationTestRunner({
    env,
    testSuite: ({ api: rawApi, getContainer }) => {
      const api = rawApi as unknown as Api
      let container: MedusaContainer
      let pg: Knex
      let marketing: MarketingModuleService
      const product: Record<string, string> = {}
      const org: Record<string, string> = {}
      const token: Record<string, string> = {}

      const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)

      async function salesChannelOf(slug: string): Promise<string> {
        const [row] = await rows(
          `SELECT sales_channel_id FROM organization_organization_sales_channel_sales_channel WHERE organization_id = ?`,
          [org[slug]]
        )
        return row.sales_channel_id
      }

      /** A gallery checkout by `email` (sandbox payment + confirm when `pay`), its emails delivered. */
      async function galleryOrder(email: string, lines: [string, number][], pay = true) {
        const sessionId = crypto.randomUUID()
        const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
        for (const [handle, quantity] of lines) {
          expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)).status).toBe(200)
        }
        const checkout = await api.post(
          "/api/gallery/checkout",
          { sessionId, email, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
          anyStatus
        )
        expect(checkout.status).toBe(200)
        const [order] = await rows(`SELECT id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
        if (!pay) return
        const intent = order.payment_intent_id
        expect((await api.post(`/api/sandbox/payment-intents/${intent}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)).status).toBe(200)
        expect((await api.post("/api/gallery/checkout/confirm", { paymentIntentId: intent }, anyStatus)).status).toBe(200)
        expect(await outboxDrained(pg, 30000)).toBe(0)
      }

      /** A store order of studio-north (a Medusa order from the start), paid when a capture covers its total. */
      async function storeOrder(email: string, amount: number, paid: boolean) {
        const setup = await ensureOrderBookSetup(container)
        const { result } = await createOrderWorkflow(container).run({
          input: {
            region_id: setup.regionId,
            sales_channel_id: await salesChannelOf("studio-north"),
            email,
            items: [{ title: "Commission", quantity: 1, unit_price: amount }],
            metadata: { source: "store" },
          },
        })
        if (paid) {
          await container.resolve(Modules.ORDER).addOrderTransactions({
            order_id: result.id,
            amount,
            currency_code: "usd",
            reference: "capture",
          })
        }
      }

      beforeAll(async () => {
        container = getContainer()
        pg = await seedDemo(container)
        Object.assign(product, await productIdsByHandle(container, HANDLES))
        Object.assign(org, await orgIdsBySlug(container, ORG_SLUGS))
        token.admin = await loginDemoAdmin(api)
        token.north = await loginDemoMember(api, "north@atelier.test")
        token.member = await loginDemoMember(api, "member@atelier.test")
        token.south = await loginDemoMember(api, "south@atelier.test")
        token.east = await loginDemoMember(api, "east@atelier.test")

        await galleryOrder(ADA, [["studio-north-print", 2]])
        await galleryOrder(ADA.toUpperCase(), [["studio-north-print", 1]])
        await galleryOrder(BO, [["studio-north-original", 1]])
        await galleryOrder(CY, [["studio-north-print", 1], ["studio-south-print", 1]])
        await galleryOrder(UNPAID, [["studio-north-print", 1]], false)
        await storeOrder(WALKIN, 300, true)
        await storeOrder(WINDOW, 120, false)
        // The hourly send-sales-digests job (at :15) emails every owner last period's digest once. Sent here, they are
        // part of the snapshot every test starts from, so a tick during a test finds nothing to send and never adds an
        // email to the fake provider, takes one of its planned failures or races a test's exact counts.
        await sendSalesDigests(container)
      })

      beforeEach(() => {
        container = getContainer()
        pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        marketing = container.resolve(MARKETING_MODULE)
      })

      const auth = (who: string) => bearer(token[who])
      const createSegment = async (filters: Record<string, unknown> = {}, who = "north", name = "Collectors") => {
        const res = await api.post("/api/segments", { name, filters }, auth(who))
        expect(res.status).toBe(201)
        return res.data.segment
      }
      const campaignBody = (segmentId: string, extra: Record<string, unknown> = {}) => ({
        name: "Spring drop",
        subject: "New prints this spring",
        content: "<h1>Spring</h1><p>New <strong>prints</strong> are in.</p>",
        segment_id: segmentId,
        ...extra,
      })
      const createCampaign = async (segmentId: string, extra: Record<string, unknown> = {}, who = "north") => {
        const res = await api.post("/api/campaigns", campaignBody(segmentId, extra), auth(who))
        expect(res.status).toBe(201)
        return res.data.campaign
      }
      const campaign = async (id: string) => (await api.get(`/api/campaigns/${id}`, auth("north"))).data.campaign
      /** A campaign to north's four collectors, `sending` with its recipients as the send route leaves it, but not nudged. */
      const startedWithoutNudge = async () => {
        const draft = await createCampaign((await createSegment()).id)
        const started = await marketing.startCampaignSend({ campaignId: draft.id, from: ["draft"], emails: NORTH_AUDIENCE, at: new Date() })
        expect(started?.recipients).toBe(4)
        return draft
      }
      const settled = (id: string) =>
        waitFor(() => campaign(id), (c) => c.status === "sent" || c.status === "failed", 30000)
      const recipients = (campaignId: string) =>
        rows(`SELECT * FROM marketing_campaign_recipient WHERE campaign_id = ? ORDER BY email`, [campaignId])
      /**
       * Waits until the send's own run has ended with failures: it has cut its lease to the retry pause. Until then it
       * still holds the campaign (its recipients' attempts are written before that), and a job run would claim nothing.
       */
      const heldForRetry = (campaignId: string) =>
        waitFor(
          () => rows(`SELECT claimed_until <= now() + make_interval(secs => ?) AS held FROM marketing_campaign WHERE id = ?`, [CAMPAIGN_RETRY_SECONDS, campaignId]),
          (r) => r[0]?.held === true,
          20000
        )
      const notificationsOf = (campaignId: string) =>
        rows(`SELECT * FROM notification WHERE resource_id = ? AND template = 'marketing-campaign' ORDER BY "to"`, [campaignId])

      describe("the email provider", () => {
        it("sends the order emails through Resend: each a notification with Resend's message id as external_id", async () => {
          const confirmations = await rows(
            `SELECT * FROM notification WHERE template = 'gallery-order-confirmation' AND "to" = ? ORDER BY created_at`,
            [BO]
          )
          expect(confirmations).toHaveLength(1)
          expect(confirmations[0]).toMatchObject({ provider_id: "resend", status: "success" })
          const [sent] = fake.to(BO)
          expect(sent).toMatchObject({ id: confirmations[0].external_id, from: SENDER })
          expect(sent.subject).toMatch(/^Your gallery order /)
          expect(sent.html).toContain("Total charged")

          // The artist's new-order emails too (studio-north's owner), and Medusa's admin lists them by address.
          const admin = await api.get(`/admin/notifications?to=${encodeURIComponent(BO)}&fields=+external_id`, auth("admin"))
          expect(admin.status).toBe(200)
          expect(admin.data.notifications.map((n: Row) => n.external_id)).toEqual([sent.id])
          expect(fake.to("north@atelier.test").length).toBeGreaterThanOrEqual(4)
          // Every request carried the API key. Each email went alone, under its own notification's idempotency key
          // (never one derived from the emails it happened to be dispatched with): one request per notification.
          expect(fake.requests.every((r) => r.authorization === `Bearer ${fake.apiKey}`)).toBe(true)
          const sentRows = await rows(`SELECT idempotency_key, external_id FROM notification WHERE provider_id = 'resend' ORDER BY idempotency_key`)
          expect(sentRows.length).toBeGreaterThanOrEqual(10)
          expect(fake.requests.map((r) => [r.path, r.idempotencyKey, r.ids]).sort()).toEqual(
            sentRows.map((n) => ["/emails", n.idempotency_key, [n.external_id]]).sort()
          )
          expect(fake.requests.find((r) => r.ids[0] === sent.id)?.idempotencyKey).toBe(confirmations[0].idempotency_key)
          expect(confirmations[0].idempotency_key).toBe(`gallery-order-confirmation:${confirmations[0].resource_id}`)
        })

        it("an order's emails re-sent after a crash mid-dispatch, with other orders this time, reach nobody twice", async () => {
          // The dispatch that sent bo's and ada's order emails died after Resend accepted them and before the module
          // marked them sent: their notifications are left pending, and the outbox delivers the messages again, now
          // in one dispatch with each other (another batch than the first time).
          const orderIds = (await rows(`SELECT id FROM gallery_order WHERE lower(email) IN (?, ?) AND status = 'paid'`, [ADA, BO])).map((r) => r.id)
          expect(orderIds).toHaveLength(3)
          const before = await rows(
            `SELECT id, "to", template, idempotency_key, external_id FROM notification
             WHERE resource_id = ANY(?::text[]) OR resource_id IN (SELECT id FROM gallery_artist_order WHERE gallery_order_id = ANY(?::text[]))
             ORDER BY idempotency_key`,
            [orderIds, orderIds]
          )
          expect(before.length).toBeGreaterThanOrEqual(6)
          const delivered = fake.emails.length
          fake.requests.length = 0
          await pg.raw(`UPDATE notification SET status = 'pending' WHERE id = ANY(?::text[])`, [before.map((n) => n.id)])

          await sendGalleryOrderPaidEmails(container, orderIds.map((id) => ({ id, referral_session_id: null, charge_id: null })))

          // Each email asked again under its own key, answered by Resend with the first id; nothing delivered again.
          expect(fake.requests.map((r) => [r.path, r.idempotencyKey, r.replayed, r.ids]).sort()).toEqual(
            before.map((n) => ["/emails", n.idempotency_key, true, [n.external_id]]).sort()
          )
          expect(fake.emails).toHaveLength(delivered)
          expect(fake.to(BO)).toHaveLength(1)
          const after = await rows(
            `SELECT "to", template, idempotency_key, external_id, status FROM notification WHERE idempotency_key = ANY(?::text[]) ORDER BY idempotency_key`,
            [before.map((n) => n.idempotency_key)]
          )
          expect(after).toEqual(before.map((n) => ({ to: n.to, template: n.template, idempotency_key: n.idempotency_key, external_id: n.external_id, status: "success" })))
        })
      })

      describe("segments", () => {
        it("CRUD with a live count over the paid orders' customers (store and gallery), per filter", async () => {
          const all = await createSegment()
          expect(all).toMatchObject({
            org_id: org["studio-north"],
            name: "Collectors",
            count: NORTH_AUDIENCE.length,
            filters: { ordered_since: null, ordered_before: null, total_spent_gte: null, product_type: null, source: null },
          })
          const count = async (filters: Record<string, unknown>) => (await createSegment(filters)).count
          expect(await count({ product_type: "original" })).toBe(1) // bo
          expect(await count({ product_type: "print" })).toBe(2) // ada, cy
          expect(await count({ source: "store" })).toBe(1) // walkin (the unpaid store order does not count)
          expect(await count({ source: "gallery" })).toBe(3)
          // ada's two orders add up (104.97), whatever the case of the address she gave.
          expect(await count({ total_spent_gte: 100 })).toBe(3) // ada, bo, walkin
          expect(await count({ total_spent_gte: 300 })).toBe(2) // bo, walkin
          expect(await count({ source: "gallery", total_spent_gte: 100 })).toBe(2)
          expect(await count({ ordered_since: new Date(Date.now() + DAY_MS).toISOString() })).toBe(0)
          expect(await count({ ordered_before: "2020-01-01" })).toBe(0)
          expect(await count({ ordered_since: "2020-01-01", ordered_before: new Date(Date.now() + DAY_MS).toISOString() })).toBe(4)
          // studio-south's audience is its own: cy only.
          expect((await createSegment({}, "south")).count).toBe(1)

          const list = await api.get("/api/segments", auth("north"))
          expect(list.status).toBe(200)
          expect(list.data.segments).toHaveLength(11)
          expect(list.data.segments.every((s: Row) => s.org_id === org["studio-north"] && typeof s.count === "number")).toBe(true)

          const got = await api.get(`/api/segments/${all.id}`, auth("member"))
          expect(got.status).toBe(200)
          expect(got.data.segment).toMatchObject({ id: all.id, count: 4 })

          const patched = await api.patch(`/api/segments/${all.id}`, { filters: { product_type: "original" } }, auth("member"))
          expect(patched.status).toBe(200)
          expect(patched.data.segment).toMatchObject({ name: "Collectors", count: 1, filters: { product_type: "original", source: null } })
          const renamed = await api.request({ method: "PUT", url: `/api/segments/${all.id}`, data: { name: "Big spenders" }, ...auth("north") })
          expect(renamed.data.segment).toMatchObject({ name: "Big spenders", filters: { product_type: "original" } })

          const deleted = await api.delete(`/api/segments/${all.id}`, auth("north"))
          expect(deleted.status).toBe(200)
          expect(deleted.data).toEqual({ id: all.id, object: "segment", deleted: true })
          expect((await api.get(`/api/segments/${all.id}`, auth("north"))).status).toBe(404)
        })

        it("refuses bad filters and names with 400 and writes nothing", async () => {
          const cases: [string, Record<string, unknown>, string, string][] = [
          ["a bad date", { filters: { ordered_since: "yesterday" } }, `ordered_since ${SEGMENT_MESSAGES.dateInvalid}`, "filters.ordered_since"],
          ["an empty range", { filters: { ordered_since: "2026-02-01", ordered_before: "2026-01-01" } }, SEGMENT_MESSAGES.rangeInvalid, "filters.ordered_before"],
          ["a negative total", { filters: { total_spent_gte: -1 } }, SEGMENT_MESSAGES.totalInvalid, "filters.total_spent_gte"],
          ["tenths of cents", { filters: { total_spent_gte: 1.001 } }, SEGMENT_MESSAGES.totalInvalid, "filters.total_spent_gte"],
          ["a total as text", { filters: { total_spent_gte: "100" } }, SEGMENT_MESSAGES.totalInvalid, "filters.total_spent_gte"],
          ["an unknown product type", { filters: { product_type: "poster" } }, SEGMENT_MESSAGES.productTypeInvalid, "filters.product_type"],
          ["an unknown source", { filters: { source: "etsy" } }, SEGMENT_MESSAGES.sourceInvalid, "filters.source"],
          ["no name", { name: " " }, SEGMENT_MESSAGES.nameInvalid, "name"],
                  ]
          for (const [name, change, message, field] of cases) {
            const res = await api.post("/api/segments", { name: "X", filters: {}, ...change }, auth("north"))
            expect([name, res.status, res.data]).toEqual([name, 400, { error: message, code: "invalid_request", details: { field } }])
          }
          expect(await rows(`SELECT id FROM marketing_segment`)).toHaveLength(0)
        })

        it("refuses unknown filters; 401 without a token; 403 for another organization; 409 deleting a segment a draft uses", async () => {
          const unknown = await api.post("/api/segments", { name: "X", filters: { city: "Portland" } }, auth("north"))
          expect(unknown.status).toBe(400)
          expect((await api.get("/api/segments", anyStatus)).status).toBe(401)
          const segment = await createSegment()
          for (const res of [
            await api.get(`/api/segments/${segment.id}`, auth("south")),
            await api.patch(`/api/segments/${segment.id}`, { name: "Mine" }, auth("south")),
            await api.delete(`/api/segments/${segment.id}`, auth("south")),
            await api.get(`/api/segments?org_id=${org["studio-north"]}`, auth("south")),
          ]) {
            expect(res.status).toBe(403)
            expect(res.data.error).toBe("Forbidden")
          }
          expect((await api.get(`/api/segments/seg_missing`, auth("north"))).status).toBe(404)

          await createCampaign(segment.id)
          const inUse = await api.delete(`/api/segments/${segment.id}`, auth("north"))
          expect(inUse.status).toBe(409)
          expect(inUse.data).toEqual({ error: SEGMENT_MESSAGES.inUse, code: "conflict", details: {} })
          expect((await api.get(`/api/segments/${segment.id}`, auth("north"))).status).toBe(200)
        })
      })

      describe("campaigns", () => {
        it("creates a sanitised draft; members draft, only owners send; 401/403/404", async () => {
          const segment = await createSegment()
          const res = await api.post(
            "/api/campaigns",
            campaignBody(segment.id, {
              content:
                `<p onclick="steal()">Hello <a href="javascript:alert(1)">x</a> <a href="https://studio.test" target="_self">shop</a></p>` +
                `<script>alert(1)</script><style>p{}</style><iframe src="https://evil.test"></iframe>` +
                `<img src="http://tracker.test/p.gif"><img src="https://cdn.test/a.jpg" alt="A" onerror="x()">` +
                `<p style="color:red;position:fixed">Styled</p>`,
            }),
            auth("member")
          )
          expect(res.status).toBe(201)
          const draft = res.data.campaign
          expect(draft).toMatchObject({
            org_id: org["studio-north"],
            status: "draft",
            segment_id: segment.id,
            scheduled_at: null,
            recipients: 0,
            stats: { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0, failed: 0 },
          })
          expect(draft.content).toBe(
            `<p>Hello <a>x</a> <a href="https://studio.test" target="_blank" rel="noopener noreferrer">shop</a></p>` +
              `<img /><img src="https://cdn.test/a.jpg" alt="A" />` +
              `<p style="color:red">Styled</p>`
          )
          const [stored] = await rows(`SELECT content FROM marketing_campaign WHERE id = ?`, [draft.id])
          expect(stored.content).toBe(draft.content)

          const list = await api.get("/api/campaigns", auth("member"))
          expect(list.data).toMatchObject({ count: 1, limit: 50, offset: 0 })
          expect(list.data.campaigns.map((c: Row) => c.id)).toEqual([draft.id])
          expect((await api.get("/api/campaigns?status=sent", auth("north"))).data.campaigns).toEqual([])
          expect((await api.get("/api/campaigns?status=lost", auth("north"))).status).toBe(400)

          const byMember = await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("member"))
          expect(byMember.status).toBe(403)
          expect(byMember.data).toEqual({ error: "Forbidden", message: CAMPAIGN_MESSAGES.ownersOnly })
          expect((await api.post(`/api/campaigns/${draft.id}/send`, {}, anyStatus)).status).toBe(401)
          expect((await api.get(`/api/campaigns/${draft.id}`, anyStatus)).status).toBe(401)
          expect((await api.get(`/api/campaigns/${draft.id}`, auth("south"))).status).toBe(403)
          expect((await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("south"))).status).toBe(403)
          expect((await api.get(`/api/campaigns/camp_missing`, auth("north"))).status).toBe(404)
          expect((await campaign(draft.id)).status).toBe("draft")
        })

        it("refuses bad campaigns (400, unknown segment 404) and writes nothing", async () => {
          const segment = await createSegment()
          const cases: [string, (segmentId: string) => Record<string, unknown>, number, string, string][] = [
          ["a subject with a line break", (id) => campaignBody(id, { subject: "Hi\r\nBcc: all@x.test" }), 400, CAMPAIGN_MESSAGES.subjectInvalid, "subject"],
          ["content that sanitises to nothing", (id) => campaignBody(id, { content: "<script>alert(1)</script>" }), 400, CAMPAIGN_MESSAGES.contentEmpty, "content"],
          ["scheduled_at in the past", (id) => campaignBody(id, { scheduled_at: "2020-01-01T00:00:00Z" }), 400, CAMPAIGN_MESSAGES.scheduledAtPast, "scheduled_at"],
          ["scheduled_at not a date", (id) => campaignBody(id, { scheduled_at: "soon" }), 400, CAMPAIGN_MESSAGES.scheduledAtInvalid, "scheduled_at"],
          ["no segment", (id) => campaignBody(id, { segment_id: undefined }), 400, CAMPAIGN_MESSAGES.segmentInvalid, "segment_id"],
          ["an unknown segment", (id) => campaignBody(id, { segment_id: "seg_missing" }), 404, CAMPAIGN_MESSAGES.segmentNotFound, "segment_id"],
                  ]
          for (const [name, body, status, message, field] of cases) {
            const res = await api.post("/api/campaigns", body(segment.id), auth("north"))
            const code = status === 404 ? "not_found" : "invalid_request"
            expect([name, res.status, res.data]).toEqual([name, status, { error: message, code, details: { field } }])
          }
          expect(await rows(`SELECT id FROM marketing_campaign`)).toHaveLength(0)
        })

        it("another organization's segment reads as unknown", async () => {
          const southSegment = await createSegment({}, "south")
          const res = await api.post("/api/campaigns", campaignBody(southSegment.id), auth("north"))
          expect(res.status).toBe(404)
          expect(await rows(`SELECT id FROM marketing_campaign`)).toHaveLength(0)
        })

        it("previews the email as a recipient gets it and tests it on the member's own address; the campaign does not change", async () => {
          fake.reset()
          const draft = await createCampaign((await createSegment()).id)

          // Any member previews: addressed to them, the store's footer and their own unsubscribe link included.
          const preview = await api.get(`/api/campaigns/${draft.id}/preview`, auth("member"))
          expect(preview.status).toBe(200)
          const shown = preview.data.preview
          expect(shown).toMatchObject({ from_name: "Studio North", to: "member@atelier.test", subject: "New prints this spring" })
          expect(shown.html).toContain("<h1>Spring</h1><p>New <strong>prints</strong> are in.</p>")
          expect(shown.html).toContain("You receive this email because you bought from Studio North.")
          const unsubscribe = /href="(http:\/\/localhost:\d+\/api\/unsubscribe\/[\w-]+\.[\w-]+)"/.exec(shown.html)?.[1]
          expect(unsubscribe).toBeTruthy()
          expect(shown.text).toContain("Spring New prints are in.")
          expect(shown.text).toContain("Unsubscribe from Studio North's emails.")

          // The test goes to the member asking, once, as Resend receives a campaign email, the subject marked.
          const tested = await api.post(`/api/campaigns/${draft.id}/test-send`, {}, auth("member"))
          expect([tested.status, tested.data]).toEqual([200, { success: true, to: "member@atelier.test" }])
          expect(fake.emails.map((e) => e.to)).toEqual(["member@atelier.test"])
          const [email] = fake.emails
          expect(email).toMatchObject({ from: `"Studio North" <mail@atelier.test>`, subject: "[Test] New prints this spring" })
          expect(email.html).toBe(shown.html)
          expect(email.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" })
          const [recorded] = await waitFor(
            () => rows(`SELECT * FROM notification WHERE resource_id = ? AND template = 'marketing-campaign-test'`, [draft.id]),
            (found) => found[0]?.status === "success"
          )
          expect(recorded).toMatchObject({ to: "member@atelier.test", status: "success", external_id: email.id })
          expect(await notificationsOf(draft.id)).toEqual([])

          // Neither a send nor a recipient: the campaign is the draft it was.
          expect(await campaign(draft.id)).toMatchObject({ status: "draft", recipients: 0, stats: { sent: 0 } })
          expect(await recipients(draft.id)).toEqual([])

          // 401 without a token, 403 for another organization's member (or org_id), 404 for an unknown campaign, 400 for a body.
          for (const [path, method] of [["preview", "get"], ["test-send", "post"]] as const) {
            const call = (id: string, config: object, body: object = {}) =>
              method === "get" ? api.get(`/api/campaigns/${id}/${path}`, config) : api.post(`/api/campaigns/${id}/${path}`, body, config)
            expect([path, (await call(draft.id, anyStatus)).status]).toEqual([path, 401])
            const other = await call(draft.id, auth("south"))
            expect([path, other.status, other.data]).toEqual([path, 403, { error: "Forbidden", message: CAMPAIGN_MESSAGES.forbidden }])
            const missing = await call("camp_missing", auth("north"))
            expect([path, missing.status, missing.data.error]).toEqual([path, 404, CAMPAIGN_MESSAGES.notFound])
          }
          expect((await api.post(`/api/campaigns/${draft.id}/test-send`, { to: "someone@else.test" }, auth("north"))).status).toBe(400)
          expect(fake.emails).toHaveLength(1)
        })

        it("sends to each recipient once, even when send is called twice or concurrently; one-click unsubscribe on every email", async () => {
          fake.reset()
          const segment = await createSegment()
          const draft = await createCampaign(segment.id)
          const [first, second] = await Promise.all([
            api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north")),
            api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north")),
          ])
          const [won, lost] = first.status === 200 ? [first, second] : [second, first]
          expect(won.status).toBe(200)
          expect(won.data).toEqual({ success: true, recipients: 4, campaign_id: draft.id, status: "sending" })
          expect(lost.status).toBe(409)
          expect([CAMPAIGN_CONFLICTS.sending, CAMPAIGN_CONFLICTS.sent]).toContain(lost.data.error)
          expect(lost.data.code).toBe("conflict")

          const sent = await settled(draft.id)
          expect(sent).toMatchObject({ status: "sent", recipients: 4, stats: { sent: 4, failed: 0 } })
          expect(sent.sent_at).toBeTruthy()
          const again = await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))
          expect(again.status).toBe(409)
          expect(again.data.error).toBe(CAMPAIGN_CONFLICTS.sent)
          // A job run afterwards finds nothing to do.
          expect((await runCampaignSends(container)).deliveries).toEqual([])

          // Exactly one email per address at the provider, one notification each, one recipient row each.
          for (const address of NORTH_AUDIENCE) expect([address, fake.to(address).length]).toEqual([address, 1])
          expect(fake.emails.map((e) => e.to).sort()).toEqual(NORTH_AUDIENCE)
          const notifications = await notificationsOf(draft.id)
          expect(notifications.map((n) => n.to)).toEqual(NORTH_AUDIENCE)
          const byAddress = new Map((await recipients(draft.id)).map((r) => [r.email, r]))
          for (const n of notifications) {
            const email = fake.to(n.to)[0]
            const recipient = byAddress.get(n.to) as Row
            expect(n).toMatchObject({ status: "success", provider_id: "resend", external_id: email.id })
            expect(recipient).toMatchObject({ status: "sent", message_id: email.id, notification_id: n.id, attempts: 1 })
            expect(n.idempotency_key).toBe(campaignEmailKey(draft.id, recipient.id))
            expect(n.data).toMatchObject({ campaign_id: draft.id, recipient_id: recipient.id, subject: "New prints this spring" })
            const url = n.data.unsubscribe_url as string
            expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/unsubscribe\/[\w-]+\.[\w-]+$/)
            expect(n.data.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" })
            // What Resend received: the headers, the store as sender name, the content with the unsubscribe footer.
            expect(email.headers).toEqual(n.data.headers)
            expect(email.from).toBe(`"Studio North" <mail@atelier.test>`)
            expect(email.subject).toBe("New prints this spring")
            expect(email.html).toContain("<h1>Spring</h1>")
            expect(email.html).toContain(`href="${url}"`)
            expect(email.tags).toEqual([{ name: "campaign_id", value: draft.id }])
          }
          // Batch sending: the four went in one request.
          expect(fake.requests.filter((r) => r.path === "/emails/batch").map((r) => r.count)).toEqual([4])
          const admin = await api.get(`/admin/notifications?to=${encodeURIComponent(WALKIN)}&fields=+external_id`, auth("admin"))
          expect(admin.data.notifications.map((n: Row) => n.data.campaign_id)).toContain(draft.id)
        })

        it("a nudge that finds the campaign's row locked for a moment waits for it and delivers", async () => {
          fake.reset()
          const draft = await startedWithoutNudge()
          // As the losing request of two concurrent sends does, another transaction holds the campaign's row.
          const holder = await pg.transaction()
          await holder.raw(`SELECT id FROM marketing_campaign WHERE id = ? FOR UPDATE`, [draft.id])
          const nudge = deliverCampaign(container, { campaignId: draft.id })
          await new Promise((resolve) => setTimeout(resolve, 300))
          await holder.commit()
          expect(await nudge).toMatchObject({ campaignId: draft.id, sent: 4, status: "sent" })
          for (const address of NORTH_AUDIENCE) expect([address, fake.to(address).length]).toEqual([address, 1])
        })

        it("resumes after a crash mid-way without emailing anyone twice", async () => {
          fake.reset()
          // A run started the campaign, emailed bo, and died before updating bo's row (its lease is long gone).
          const draft = await startedWithoutNudge()
          const bo = (await recipients(draft.id)).find((r) => r.email === BO) as Row
          await sendNotificationsOnce(container, [
            { to: BO, channel: "email", template: "marketing-campaign", idempotency_key: campaignEmailKey(draft.id, bo.id), data: { campaign_id: draft.id }, content: { subject: "x", html: "<p>x</p>" } },
          ])
          expect(fake.to(BO)).toHaveLength(1)
          await pg.raw(`UPDATE marketing_campaign SET claimed_until = now() - interval '1 minute' WHERE id = ?`, [draft.id])

          // A run that finds the lease of a live run leaves it alone.
          await pg.raw(`UPDATE marketing_campaign SET claimed_until = now() + interval '5 minutes' WHERE id = ?`, [draft.id])
          expect(await deliverCampaign(container, { campaignId: draft.id })).toBeNull()
          await pg.raw(`UPDATE marketing_campaign SET claimed_until = now() - interval '1 minute' WHERE id = ?`, [draft.id])

          // Two runs race (two workers): together they email each of the others once, and bo not again.
          const runs = await Promise.all([runCampaignSends(container), runCampaignSends(container)])
          expect(runs.flatMap((r) => r.deliveries).map((d) => d.status)).toEqual(["sent"])
          expect(fake.to(BO)).toHaveLength(1)
          for (const address of NORTH_AUDIENCE) expect([address, fake.to(address).length]).toEqual([address, 1])
          const rowsAfter = await recipients(draft.id)
          expect(rowsAfter.every((r) => r.status === "sent" && r.message_id)).toBe(true)
          expect((rowsAfter.find((r) => r.email === BO) as Row).message_id).toBe(fake.to(BO)[0].id)
          expect(await campaign(draft.id)).toMatchObject({ status: "sent", stats: { sent: 4 } })
        })

        it("a scheduled campaign waits for its time, then the job sends it", async () => {
          fake.reset()
          const segment = await createSegment({ source: "gallery" })
          const at = new Date(Date.now() + 2 * HOUR_MS)
          const draft = await createCampaign(segment.id, { scheduled_at: at.toISOString() })
          expect(draft.scheduled_at).toBe(at.toISOString())
          const res = await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))
          expect(res.status).toBe(200)
          expect(res.data).toEqual({ success: true, recipients: 3, campaign_id: draft.id, status: "scheduled" })
          const twice = await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))
          expect(twice.status).toBe(409)
          expect(twice.data.error).toBe(CAMPAIGN_CONFLICTS.scheduled)

          expect(await runCampaignSends(container, new Date(at.getTime() - 60_000))).toEqual({ started: [], deliveries: [] })
          expect(await campaign(draft.id)).toMatchObject({ status: "scheduled", recipients: 0 })
          expect(fake.emails).toHaveLength(0)

          const run = await runCampaignSends(container, new Date(at.getTime() + 30_000))
          expect(run.started).toEqual([draft.id])
          const sent = await settled(draft.id)
          expect(sent).toMatchObject({ status: "sent", recipients: 3, stats: { sent: 3 } })
          expect(fake.emails.map((e) => e.to).sort()).toEqual([ADA, BO, CY])
        })

        it("retries recipients the provider failed, gives up after the attempts, and a failed campaign can be sent again", async () => {
          fake.reset()
          const segment = await createSegment({ product_type: "original" }) // bo
          const draft = await createCampaign(segment.id)
          fake.failNext(1)
          expect((await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))).status).toBe(200)
          await heldForRetry(draft.id)
          const [bo] = await recipients(draft.id)
          expect(bo).toMatchObject({ status: "pending", attempts: 1 })
          expect(bo.last_error).toMatch(/500|Something went wrong/)
          expect((await campaign(draft.id)).status).toBe("sending")

          // The next job run (after the retry pause) sends it.
          const later = new Date(Date.now() + 2 * 60_000)
          const run = await runCampaignSends(container, later)
          expect(run.deliveries).toEqual([{ campaignId: draft.id, sent: 1, skipped: 0, failed: 0, status: "sent" }])
          expect(fake.to(BO)).toHaveLength(1)

          // A provider down for every attempt: the campaign ends failed; sending it again retries only those.
          fake.reset()
          const down = await createCampaign(segment.id, { name: "Down" })
          fake.failNext(RECIPIENT_MAX_ATTEMPTS)
          await api.post(`/api/campaigns/${down.id}/send`, {}, auth("north"))
          await heldForRetry(down.id)
          for (let i = 2; i <= RECIPIENT_MAX_ATTEMPTS; i++) await runCampaignSends(container, new Date(Date.now() + i * 60_000))
          expect(await campaign(down.id)).toMatchObject({ status: "failed", stats: { sent: 0, failed: 1 } })
          expect(fake.emails).toHaveLength(0)
          const resend = await api.post(`/api/campaigns/${down.id}/send`, {}, auth("north"))
          expect(resend.data).toMatchObject({ success: true, recipients: 1, status: "sending" })
          expect(await settled(down.id)).toMatchObject({ status: "sent", stats: { sent: 1, failed: 0 } })
          expect(fake.to(BO)).toHaveLength(1)
        })

        it("an address the provider refuses fails alone in its batch; the campaign is sent to the others", async () => {
          fake.reset()
          fake.refuseAddress(CY)
          const segment = await createSegment()
          const draft = await createCampaign(segment.id)
          await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))
          await heldForRetry(draft.id)
          expect(fake.emails.map((e) => e.to).sort()).toEqual([ADA, BO, WALKIN])
          for (let i = 2; i <= RECIPIENT_MAX_ATTEMPTS; i++) await runCampaignSends(container, new Date(Date.now() + i * 60_000))
          expect(await campaign(draft.id)).toMatchObject({ status: "sent", stats: { sent: 3, failed: 1 } })
          const cy = (await recipients(draft.id)).find((r) => r.email === CY) as Row
          expect(cy).toMatchObject({ status: "failed", attempts: RECIPIENT_MAX_ATTEMPTS, message_id: null })
          // Alone in later runs, the email goes through the single-send endpoint: Resend's 422 names the address.
          expect(cy.last_error).toContain("Invalid `to` field: cy@collector.test")
          expect(fake.emails.map((e) => e.to).sort()).toEqual([ADA, BO, WALKIN])
        })
      })

      describe("unsubscribing", () => {
        const unsubscribePath = (address: string) => {
          const header = fake.to(address).at(-1)?.headers["List-Unsubscribe"] as string
          return new URL(header.slice(1, -1)).pathname
        }

        it("works from the email's link without a login, refuses a tampered token, and stops later campaigns of that store only", async () => {
          fake.reset()
          const segment = await createSegment()
          const first = await createCampaign(segment.id)
          await api.post(`/api/campaigns/${first.id}/send`, {}, auth("north"))
          await settled(first.id)
          const path = unsubscribePath(WALKIN)

          const page = await api.get(path, anyStatus)
          expect(page.status).toBe(200)
          expect(page.headers["content-type"]).toMatch(/text\/html/)
          expect(page.data).toContain(WALKIN)
          const [payload, signature] = path.split("/").at(-1)!.split(".")
          const tampered = `/api/unsubscribe/${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`
          expect((await api.get(tampered, anyStatus)).status).toBe(400)
          expect((await api.post(tampered, "List-Unsubscribe=One-Click", anyStatus)).status).toBe(400)
          expect(await rows(`SELECT * FROM email_suppression`)).toHaveLength(0)

          // The mail client's one-click POST (RFC 8058): a form body, no login.
          const oneClick = await api.post(path, "List-Unsubscribe=One-Click", {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            ...anyStatus,
          })
          expect(oneClick.status).toBe(200)
          expect(oneClick.data).toEqual({ success: true, email: WALKIN })
          expect(await rows(`SELECT organization_id, email, reason FROM email_suppression`)).toEqual([
            { organization_id: org["studio-north"], email: WALKIN, reason: "unsubscribed" },
          ])

          // The audience and the next campaign leave the address out.
          expect((await api.get(`/api/segments/${segment.id}`, auth("north"))).data.segment.count).toBe(3)
          fake.reset()
          const second = await createCampaign(segment.id, { name: "Second" })
          expect((await api.post(`/api/campaigns/${second.id}/send`, {}, auth("north"))).data.recipients).toBe(3)
          await settled(second.id)
          expect(fake.to(WALKIN)).toHaveLength(0)
          expect(fake.emails.map((e) => e.to).sort()).toEqual([ADA, BO, CY])

          // Unsubscribing from studio-north leaves studio-south's emails alone.
          await api.post(unsubscribePath(CY), "List-Unsubscribe=One-Click", { headers: { "content-type": "application/x-www-form-urlencoded" }, ...anyStatus })
          expect((await createSegment({}, "north")).count).toBe(2)
          expect((await createSegment({}, "south")).count).toBe(1)
        })

        it("skips an address that unsubscribed after the campaign started", async () => {
          fake.reset()
          const segment = await createSegment()
          const draft = await createCampaign(segment.id)
          await marketing.startCampaignSend({ campaignId: draft.id, from: ["draft"], emails: [ADA, BO], at: new Date() })
          const { url } = marketing.unsubscribeLink({ organizationId: org["studio-north"], email: ADA })
          expect((await api.post(new URL(url).pathname, {}, anyStatus)).status).toBe(200)
          const delivery = await deliverCampaign(container, { campaignId: draft.id })
          expect(delivery).toMatchObject({ sent: 1, skipped: 1, failed: 0, status: "sent" })
          expect(fake.emails.map((e) => e.to)).toEqual([BO])
          expect((await recipients(draft.id)).map((r) => [r.email, r.status])).toEqual([[ADA, "skipped"], [BO, "sent"]])
          expect(await campaign(draft.id)).toMatchObject({ status: "sent", recipients: 2, stats: { sent: 1 } })
        })
      })

      describe("POST /api/webhooks/email", () => {
        const signer = new Webhook(WEBHOOK_SECRET)
        let svixCounter = 0
        type Signed = { id?: string; at?: Date; secret?: string }
        const post = (event: unknown, signed: Signed = {}) => {
          const body = JSON.stringify(event)
          const id = signed.id ?? `msg_${++svixCounter}_${Date.now()}`
          const at = signed.at ?? new Date()
          const signature = (signed.secret ? new Webhook(signed.secret) : signer).sign(id, at, body)
          return api.post("/api/webhooks/email", body, {
            headers: {
              "content-type": "application/json",
              "svix-id": id,
              "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
              "svix-signature": signature,
            },
            ...anyStatus,
          })
        }
        const event = (type: string, emailId: string, extra: Record<string, unknown> = {}) => ({
          type,
          created_at: new Date().toISOString(),
          data: { email_id: emailId, to: ["someone@example.test"], subject: "New prints this spring", ...extra },
        })
        const events = () => rows(`SELECT * FROM marketing_email_event ORDER BY created_at`)

        it("verifies Svix signatures (bad signature, stale timestamp -> 400, nothing recorded), de-duplicates, applies each kind", async () => {
          fake.reset()
          const segment = await createSegment()
          const draft = await createCampaign(segment.id)
          await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))
          await settled(draft.id)
          const messageOf = new Map((await recipients(draft.id)).map((r) => [r.email, r.message_id as string]))
          const ada = messageOf.get(ADA) as string

          const forged = await post(event("email.delivered", ada), { secret: `whsec_${Buffer.from("not-the-secret-at-all").toString("base64")}` })
          expect(forged.status).toBe(400)
          expect(forged.data).toEqual({ error: EMAIL_WEBHOOK_MESSAGES.invalidSignature })
          const stale = await post(event("email.delivered", ada), { at: new Date(Date.now() - 10 * 60_000) })
          expect(stale.status).toBe(400)
          const future = await post(event("email.delivered", ada), { at: new Date(Date.now() + 10 * 60_000) })
          expect(future.status).toBe(400)
          const unsigned = await api.post("/api/webhooks/email", event("email.delivered", ada), anyStatus)
          expect(unsigned.status).toBe(400)
          const notAnEvent = await post(["not", "an", "event"])
          expect(notAnEvent.data).toEqual({ error: EMAIL_WEBHOOK_MESSAGES.invalidPayload })
          expect(await events()).toHaveLength(0)
          expect((await campaign(draft.id)).stats.delivered).toBe(0)

          const delivered = await post(event("email.delivered", ada), { id: "msg_delivered_ada" })
          expect(delivered.status).toBe(200)
          expect(delivered.data).toEqual({ received: true, applied: true })
          const replay = await post(event("email.delivered", ada), { id: "msg_delivered_ada" })
          expect(replay.data).toEqual({ received: true, duplicate: true })
          // A second delivery report of the same email (another svix id) counts once in the stats.
          expect((await post(event("email.delivered", ada))).data.applied).toBe(true)
          expect((await post(event("email.delivered", messageOf.get(WALKIN) as string))).data.applied).toBe(true)

          await post(event("email.opened", ada))
          await post(event("email.opened", ada))
          await post(event("email.clicked", ada, { click: { link: "https://studio.test" } }))
          const bounced = await post(event("email.bounced", messageOf.get(BO) as string, { bounce: { type: "Permanent" } }))
          expect(bounced.data.applied).toBe(true)
          await post(event("email.complained", messageOf.get(CY) as string))

          const ignoredUnknown = await post(event("email.delivered", "00000000-0000-4000-8000-000000000000"))
          expect(ignoredUnknown.status).toBe(200)
          expect(ignoredUnknown.data).toEqual({ received: true, applied: false })
          const ignoredType = await post(event("email.sent", ada))
          expect(ignoredType.data).toEqual({ received: true, applied: false })
          const ignoredOther = await post({ type: "contact.created", created_at: new Date().toISOString(), data: { id: "c_1" } })
          expect(ignoredOther.data).toEqual({ received: true, applied: false })

          expect(await campaign(draft.id)).toMatchObject({
            status: "sent",
            stats: { sent: 4, delivered: 2, opened: 1, clicked: 1, bounced: 1, complained: 1, failed: 0 },
          })
          const byEmail = new Map((await recipients(draft.id)).map((r) => [r.email, r]))
          expect(byEmail.get(ADA)).toMatchObject({ open_count: 2, click_count: 1 })
          expect(byEmail.get(ADA)?.delivered_at).toBeTruthy()
          expect(byEmail.get(ADA)?.opened_at).toBeTruthy()
          expect(byEmail.get(BO)?.bounced_at).toBeTruthy()
          expect(byEmail.get(CY)?.complained_at).toBeTruthy()
          const recorded = await events()
          expect(recorded).toHaveLength(11)
          expect(recorded.filter((e) => e.outcome === "ignored")).toHaveLength(3)
          expect(recorded.filter((e) => e.svix_id === "msg_delivered_ada")).toHaveLength(1)

          // Bounced and complained addresses are suppressed for studio-north only: its next campaign skips them.
          expect(await rows(`SELECT organization_id, email, reason FROM email_suppression ORDER BY email`)).toEqual([
            { organization_id: org["studio-north"], email: BO, reason: "bounced" },
            { organization_id: org["studio-north"], email: CY, reason: "complained" },
          ])
          expect((await createSegment({}, "north")).count).toBe(2)
          expect((await createSegment({}, "south")).count).toBe(1)
        })
      })

      describe("notification settings", () => {
        const putSettings = (who: string, data: Record<string, unknown>) =>
          api.request({ method: "PUT", url: "/api/settings/notifications", data, ...auth(who) })
        /** The digests sent to `to` since `since` (those of the snapshot, sent before every test, left out). */
        const digests = (to: string, since: Date) =>
          rows(`SELECT * FROM notification WHERE template = ? AND "to" = ? AND created_at >= ? ORDER BY created_at`, [
            SALES_DIGEST_TEMPLATE,
            to,
            since,
          ])

        it("sends each owner the sales digest its settings ask for (daily, weekly, none), once per period", async () => {
          fake.reset()
          const since = new Date()
          expect((await putSettings("north", { email_digest: "daily" })).status).toBe(200)
          expect((await putSettings("east", { email_digest: "none" })).status).toBe(200)
          // studio-south keeps the default: weekly.
          const [{ day }] = await rows(`SELECT min(created_at) AS day FROM "order"`)
          const orderDay = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()))
          const nextDay = new Date(orderDay.getTime() + DAY_MS + HOUR_MS)

          const run = await sendSalesDigests(container, nextDay)
          // North's daily digest (the weekly ones of last week are in the snapshot; a new week adds south's).
          expect(run.sent).toBeGreaterThanOrEqual(1)
          const [north] = await digests("north@atelier.test", since)
          expect(north.data).toMatchObject({
            frequency: "daily",
            period_start: orderDay.toISOString(),
            orders: 5,
            revenue: 1689.96,
            storeOrders: 1,
            galleryOrders: 4,
            toShip: 5,
          })
          expect(north.data.topProducts[0]).toMatchObject({ quantity: 1, revenue: 1250 })
          const sent = fake.to("north@atelier.test").at(-1)
          expect(sent?.subject).toBe(`Studio North: your sales on ${orderDay.toISOString().slice(0, 10)}`)
          expect(sent?.html).toContain("5 orders yesterday for $1689.96")
          expect(await digests("member@atelier.test", since)).toHaveLength(0) // not an owner
          expect(await digests("east@atelier.test", since)).toHaveLength(0) // none
          expect((await sendSalesDigests(container, nextDay)).sent).toBe(0) // once per period

          // The weekly digest of the week holding the orders, the Monday after.
          const monday = new Date(orderDay.getTime() + (((8 - orderDay.getUTCDay()) % 7) || 7) * DAY_MS + HOUR_MS)
          await sendSalesDigests(container, monday)
          const south = (await digests("south@atelier.test", since)).find((d) => d.data.orders > 0) as Row
          expect(south.data).toMatchObject({ frequency: "weekly", orders: 1, revenue: 45.5, galleryOrders: 1 })
          expect(await digests("east@atelier.test", since)).toHaveLength(0)
        })

        it("order-email and digest settings never block the artist's own campaigns", async () => {
          fake.reset()
          expect((await putSettings("north", { email_orders: false, email_marketing: false, email_digest: "none" })).status).toBe(200)
          const segment = await createSegment()
          const draft = await createCampaign(segment.id)
          await api.post(`/api/campaigns/${draft.id}/send`, {}, auth("north"))
          expect(await settled(draft.id)).toMatchObject({ status: "sent", stats: { sent: 4 } })
          expect(fake.emails.map((e) => e.to).sort()).toEqual(NORTH_AUDIENCE)
        })
      })
    },
  })
})
