import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { Webhook } from "svix"
import { deliverCampaign } from "../../src/campaigns/deliver-campaigns"
import { runCampaignSends } from "../../src/campaigns/run-campaign-sends"
import { CAMPAIGN_MESSAGES } from "../../src/api/api/campaigns/validators"
import { SEGMENT_MESSAGES } from "../../src/api/api/segments/validators"
import { EMAIL_WEBHOOK_MESSAGES } from "../../src/api/api/webhooks/email/route"
import { CAMPAIGN_CONFLICTS, campaignEmailKey, RECIPIENT_MAX_ATTEMPTS } from "../../src/lib/campaigns"
import { MARKETING_MODULE } from "../../src/modules/marketing"
import type MarketingModuleService from "../../src/modules/marketing/service"
import { ensureOrderBookSetup } from "../../src/order-book/shipping-setup"
import { sendNotificationsOnce } from "../../src/outbox/notifications"
import { SALES_DIGEST_TEMPLATE, sendSalesDigests } from "../../src/sales-digest/send-sales-digests"
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

        await galleryOrder(ADA, [["studio-north-print", 2]])
        await galleryOrder(ADA.toUpperCase(), [["studio-north-print", 1]])
        await galleryOrder(BO, [["studio-north-original", 1]])
        await galleryOrder(CY, [["studio-north-print", 1], ["studio-south-print", 1]])
        await galleryOrder(UNPAID, [["studio-north-print", 1]], false)
        await storeOrder(WALKIN, 300, true)
        await storeOrder(WINDOW, 120, false)
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
      const settled = (id: string) =>
        waitFor(() => campaign(id), (c) => c.status === "sent" || c.status === "failed", 30000)
      const recipients = (campaignId: string) =>
        rows(`SELECT * FROM marketing_campaign_recipient WHERE campaign_id = ? ORDER BY email`, [campaignId])
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
          // Every request carried the key; several emails of one createNotifications call went as one batch.
          expect(fake.requests.every((r) => r.authorization === `Bearer ${fake.apiKey}`)).toBe(true)
          expect(fake.requests.some((r) => r.path === "/emails/batch" && r.count > 1 && r.batchValidation === "permissive")).toBe(true)
        })
      })
    },
  })
})
