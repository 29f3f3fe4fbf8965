import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId } from "@medusajs/framework/utils"
import { parse } from "csv-parse/sync"
import { LEDGER_MESSAGES } from "../../src/api/api/payouts/validators"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { LOCAL_WEBHOOK_SECRET, signWebhookPayload } from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { DEMO_PLAIN_MEMBER } from "../../src/scripts/seed"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

/**
 * The payouts ledger over HTTP (docs/payouts-ledger.md): the entries the money path writes with each movement (gallery
 * payments, transfers, cancellations, store sales), once; the balance; cursor pages; monthly statements as JSON and
 * CSV; who may read them; the platform API's `/v1/payouts/ledger`; and the table's append-only trigger.
 */

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Slug = "studio-north" | "studio-south" | "studio-east" | "studio-pending"

const SLUGS: Slug[] = ["studio-north", "studio-south", "studio-east", "studio-pending"]
const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print", "studio-pending-print"]
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET
const SHOPPER = "ledger@collector.test"
const CSV_HEADER = ["date", "kind", "description", "reference", "order", "amount", "earned", "sent"]

const cents = (usd: number) => Math.round(usd * 100)
const thisMonth = () => new Date().toISOString().slice(0, 7)

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const variant: Record<string, string> = {}
    const org = {} as Record<Slug, string>
    const token: Record<string, string> = {}

    // Seeded once (with a US shipping rate for studio-north); the database is restored to this before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      for (const row of await selectRows(pg, `SELECT id, product_id FROM product_variant WHERE product_id = ANY(?) AND deleted_at IS NULL`, [
        Object.values(product),
      ])) {
        const handle = Object.keys(product).find((h) => product[h] === row.product_id)!
        variant[handle] = row.id
      }
      token.admin = await loginDemoAdmin(api)
      for (const slug of SLUGS) token[slug] = await loginDemoMember(api, `${slug.replace("studio-", "")}@atelier.test`)
      token.member = await loginDemoMember(api, DEMO_PLAIN_MEMBER.email)
      const rate = await api.post(
        "/api/shipping-rates",
        { org_id: org["studio-north"], name: "Tracked", countries: ["US"], first_item_amount: 8, additional_item_amount: 2 },
        bearer(token["studio-north"])
      )
      expect(rate.status).toBe(201)
      // studio-pending sells in the gallery without an account that can receive payouts.
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.updateOrganizations({ id: org["studio-pending"], gallery_approved: true })
      // Plenty of stock: these tests are about money.
      await pg.raw(
        `UPDATE inventory_level SET stocked_quantity = reserved_quantity + 500 WHERE inventory_item_id IN (
           SELECT inventory_item_id FROM product_variant_inventory_item WHERE variant_id = ANY(?) AND deleted_at IS NULL)`,
        [Object.values(variant)]
      )
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const as = (who: string, headers: Record<string, string> = {}) => {
      const auth = bearer(token[who])
      return { ...auth, headers: { ...auth.headers, ...headers } }
    }
    const ledger = (who: Slug | "member", query = "") => api.get(`/api/payouts/ledger${query ? `?${query}` : ""}`, as(who))
    const balance = async (who: Slug) => {
      const res = await api.get("/api/payouts/balance", as(who))
      expect(res.status).toBe(200)
      return res.data.balance as Row
    }
    /** Every entry of an organization, newest first (one page of 100). */
    const entriesOf = async (who: Slug) => {
      const res = await ledger(who, "limit=100")
      expect(res.status).toBe(200)
      expect(res.data.has_more).toBe(false)
      return res.data.entries as Row[]
    }
    const count = async () => Number((await rows(`SELECT count(*)::int AS n FROM gallery_ledger_entry`))[0].n)
    const drained = async () => {
      await dispatchGalleryOutbox(container)
      expect(await outboxDrained(pg, 20000)).toBe(0)
    }

    /** A shopper's gallery order through the public routes, paid with the sandbox card and confirmed. */
    async function paidGalleryOrder(lines: [string, number][]) {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const [handle, quantity] of lines) {
        expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)).status).toBe(200)
      }
      const checkout = await api.post(
        "/api/gallery/checkout",
        { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
        anyStatus
      )
      expect(checkout.status).toBe(200)
      const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
      const paid = await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
      expect(paid.status).toBe(200)
      const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
      expect(confirmed.data.order.status).toBe("paid")
      await drained()
      const artistOrders = await rows(`SELECT * FROM gallery_artist_order WHERE gallery_order_id = ?`, [order.id])
      const payouts = await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ?`, [order.id])
      const of = (slug: Slug) => ({
        artistOrder: artistOrders.find((a) => a.organization_id === org[slug]) as Row,
        payout: payouts.find((p) => p.organization_id === org[slug]) as Row,
      })
      return { order, of }
    }

    /** A sale in studio-north's own store, shipped to the US (its rate), paid with the sandbox card. */
    async function paidStoreSale(quantity = 2) {
      const res = await api.post(
        "/api/create-payment-intent",
        {
          org_id: org["studio-north"],
          customer_email: SHOPPER,
          items: [{ product_id: product["studio-north-print"], variant_id: variant["studio-north-print"], quantity }],
          shipping_address: COLLECTOR_ADDRESS,
        },
        anyStatus
      )
      expect(res.status).toBe(200)
      const intentId = res.data.clientSecret.split("_secret_")[0]
      expect((await api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)).status).toBe(200)
      const [payment] = await rows(`SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId])
      expect(payment.status).toBe("paid")
      await drained()
      return payment
    }

    const cancel = (orderId: string) => api.post(`/api/admin/gallery-orders/${orderId}/cancel`, {}, bearer(token.admin))

    /** An entry as the API shows it, from what the records say (USD numbers, signed earned and sent). */
    const entry = (fields: { kind: string; amountCents: number; earnedSign: number; sentSign: number } & Row) => {
      const { kind, amountCents, earnedSign, sentSign, ...rest } = fields
      return expect.objectContaining({
        id: expect.stringMatching(/^led_/),
        kind,
        amount: amountCents / 100,
        earned: (earnedSign * amountCents) / 100 || 0,
        sent: (sentSign * amountCents) / 100 || 0,
        currency: "usd",
        occurred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        ...rest,
      })
    }

    /** Writes entries straight into the table (for paging and statements across months). */
    async function insertEntries(slug: Slug, list: { kind: string; amountCents: number; earned: number; sent: number; at: string }[]) {
      for (const e of list) {
        await pg.raw(
          `INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, description, occurred_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [generateEntityId(undefined, "led"), `test:${crypto.randomUUID()}`, org[slug], e.kind, e.amountCents, e.earned, e.sent, `Test ${e.kind}`, e.at]
        )
      }
    }

    // ---------------------------------------------------------------------------------------------------------

    describe("entries written with the movements", () => {
      it("a paid gallery order: each artist's sale and shipping earned, its transfer sent, in exact cents; earned = sent", async () => {
        const { order, of } = await paidGalleryOrder([
          ["studio-north-print", 2],
          ["studio-south-print", 1],
        ])
        const north = of("studio-north")
        // 2 x 34.99 = 69.98 of merchandise: the artist's 88 % is 61.58; shipping 8.00 + 2.00 for the second print.
        expect([north.artistOrder.subtotal_cents, north.artistOrder.shipping_cents, north.payout.amount_cents]).toEqual([6998, 1000, 7158])
        expect(north.payout.status).toBe("transferred")
        const northEntries = await entriesOf("studio-north")
        const common = { gallery_order_public_id: order.public_id, artist_order_id: north.artistOrder.id, store_payment_id: null }
        expect(northEntries).toHaveLength(3)
        expect(northEntries).toEqual(
          expect.arrayContaining([
            entry({ kind: "sale_earned", amountCents: 6158, earnedSign: 1, sentSign: 0, reference: null, description: `Gallery sale #${order.public_id}`, ...common }),
            entry({ kind: "shipping_earned", amountCents: 1000, earnedSign: 1, sentSign: 0, reference: null, ...common }),
            entry({ kind: "transfer_sent", amountCents: 7158, earnedSign: 0, sentSign: 1, reference: north.payout.transfer_id, description: "Transfer to your account", ...common }),
          ])
        )
        expect(north.payout.transfer_id).toMatch(/^tr_/)
        // Newest first: the transfer follows the payment.
        expect(northEntries[0].kind).toBe("transfer_sent")
        expect(new Date(northEntries[2].occurred_at).getTime()).toBe(new Date(north.artistOrder.paid_at).getTime())
        expect(await balance("studio-north")).toEqual({ earned: 71.58, sent: 71.58, pending: 0, held: 0, currency: "usd" })

        // South has no shipping rates: no shipping entry (zero amounts are not written).
        const south = of("studio-south")
        expect((await entriesOf("studio-south")).map((e) => [e.kind, cents(e.amount)]).sort()).toEqual([
          ["sale_earned", south.payout.amount_cents],
          ["transfer_sent", south.payout.amount_cents],
        ])
        const southBalance = await balance("studio-south")
        expect([southBalance.earned, southBalance.sent, southBalance.pending]).toEqual([south.payout.amount_cents / 100, south.payout.amount_cents / 100, 0])
        // Another organization's entries never show.
        expect(await entriesOf("studio-east")).toEqual([])
      })

      it("an artist without a payable account: earned, nothing sent, pending = its payout; a cancellation reduces and reverses to 0", async () => {
        const { order, of } = await paidGalleryOrder([
          ["studio-pending-print", 1],
          ["studio-north-print", 1],
        ])
        const pending = of("studio-pending")
        expect(pending.payout.status).toBe("pending")
        expect((await entriesOf("studio-pending")).map((e) => e.kind)).toEqual(["sale_earned"])
        const before = await balance("studio-pending")
        expect(before).toEqual({ earned: pending.payout.amount_cents / 100, sent: 0, pending: pending.payout.amount_cents / 100, held: 0, currency: "usd" })

        expect((await cancel(order.id)).status).toBe(200)
        const north = of("studio-north")
        const [reversed] = await rows(`SELECT * FROM gallery_payout WHERE id = ?`, [north.payout.id])
        expect(reversed.status).toBe("reversed")
        const northEntries = await entriesOf("studio-north")
        expect(northEntries[0]).toEqual(
          entry({
            kind: "refund_reversal",
            amountCents: north.payout.amount_cents,
            earnedSign: -1,
            sentSign: -1,
            reference: reversed.reversal_id,
            gallery_order_public_id: order.public_id,
            artist_order_id: north.artistOrder.id,
            description: "Transfer reversed: order cancelled",
          })
        )
        expect((await entriesOf("studio-pending"))[0]).toEqual(
          entry({ kind: "transfer_reduced", amountCents: pending.payout.amount_cents, earnedSign: -1, sentSign: 0, reference: null, artist_order_id: pending.artistOrder.id })
        )
        for (const slug of ["studio-north", "studio-pending"] as const) {
          expect([slug, await balance(slug)]).toEqual([slug, { earned: 0, sent: 0, pending: 0, held: 0, currency: "usd" }])
        }
      })

      it("a store sale writes its four entries: earned, shipping, the plan fee, and the destination charge sent", async () => {
        const payment = await paidStoreSale(2)
        // 69.98 of merchandise; the US rate 8.00 + 2.00; starter plan 5 % of the merchandise: 3.50.
        expect([payment.subtotal_cents, payment.shipping_cents, payment.platform_fee_cents]).toEqual([6998, 1000, 350])
        const common = { store_payment_id: payment.id, gallery_order_public_id: null, artist_order_id: null, reference: payment.payment_intent_id }
        const written = await entriesOf("studio-north")
        expect(written).toHaveLength(4)
        expect(written).toEqual(
          expect.arrayContaining([
            entry({ kind: "sale_earned", amountCents: 6998, earnedSign: 1, sentSign: 0, description: "Store sale", ...common }),
            entry({ kind: "shipping_earned", amountCents: 1000, earnedSign: 1, sentSign: 0, ...common }),
            entry({ kind: "plan_fee", amountCents: 350, earnedSign: -1, sentSign: 0, description: "Plan fee", ...common }),
            entry({ kind: "transfer_sent", amountCents: 7648, earnedSign: 0, sentSign: 1, ...common }),
          ])
        )
        expect(await balance("studio-north")).toEqual({ earned: 76.48, sent: 76.48, pending: 0, held: 0, currency: "usd" })
      })

      it("replaying a movement writes nothing twice: confirm, webhooks, transfers, the payouts job, a second cancel", async () => {
        const { order, of } = await paidGalleryOrder([
          ["studio-north-print", 1],
          ["studio-pending-print", 1],
        ])
        const payment = await paidStoreSale(1)
        const written = await count()
        expect(written).toBe(3 + 1 + 4) // north: sale, shipping, transfer; pending: sale; the store sale's four

        expect((await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)).status).toBe(200)
        for (const [intentId, kind] of [
          [order.payment_intent_id, "gallery"],
          [payment.payment_intent_id, "store"],
        ]) {
          const event = {
            id: `evt_${crypto.randomUUID()}`,
            object: "event",
            type: "payment_intent.succeeded",
            data: { object: { id: intentId, object: "payment_intent", metadata: { kind } } },
          }
          const body = JSON.stringify(event)
          const res = await api.post("/api/webhooks/payments", body, {
            ...anyStatus,
            transformRequest: [(data: unknown) => data],
            headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(body, WEBHOOK_SECRET) },
          })
          expect(res.status).toBe(200)
        }
        await processPendingPayouts(container)
        const north = of("studio-north")
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        expect(await gallery.recordPayoutTransfers([{ payoutId: north.payout.id, transferId: "tr_replayed", destination: "acct_x" }])).toEqual([])
        await drained()
        expect(await count()).toBe(written)

        expect((await cancel(order.id)).status).toBe(200)
        const afterCancel = await count()
        expect(afterCancel).toBe(written + 2) // north's reversal, pending's reduction
        expect((await cancel(order.id)).status).toBe(200)
        await gallery.recordPayoutReversal({ payoutId: north.payout.id, reversalId: "trr_replayed" })
        expect(await count()).toBe(afterCancel)
        const keys = await rows(`SELECT entry_key, count(*)::int AS n FROM gallery_ledger_entry GROUP BY entry_key HAVING count(*) > 1`)
        expect(keys).toEqual([])
      })
    })

    describe("statements", () => {
      it("JSON: opening, the month's entries oldest first (the ledger's), totals per kind, closing; CSV: the same rows", async () => {
        const month = thisMonth()
        const start = new Date(`${month}-01T00:00:00Z`)
        const lastMonth = new Date(start.getTime() - 24 * 3600 * 1000)
        // Before the month: what the opening carries.
        await insertEntries("studio-north", [
          { kind: "sale_earned", amountCents: 1000, earned: 1000, sent: 0, at: lastMonth.toISOString() },
          { kind: "transfer_sent", amountCents: 400, earned: 0, sent: 400, at: lastMonth.toISOString() },
        ])
        const { order } = await paidGalleryOrder([["studio-north-print", 1]])
        const payment = await paidStoreSale(1)

        const res = await api.get(`/api/payouts/statements/${month}`, as("studio-north"))
        expect(res.status).toBe(200)
        expect(res.headers["content-type"]).toMatch(/^application\/json/)
        const { statement } = res.data
        const newestFirst = (await entriesOf("studio-north")).filter((e) => e.occurred_at >= start.toISOString())
        expect(statement.month).toBe(month)
        expect(statement.entries).toEqual([...newestFirst].reverse())
        expect(statement.entries).toHaveLength(3 + 4)
        expect(statement.opening).toEqual({ earned: 10, sent: 4 })
        const sum = (list: Row[], field: "earned" | "sent") => cents(list.reduce((total, e) => total + e[field], 0))
        const current = await balance("studio-north")
        expect(statement.closing).toEqual({ earned: current.earned, sent: current.sent })
        expect(cents(statement.closing.earned)).toBe(1000 + sum(statement.entries, "earned"))
        expect(cents(statement.closing.sent)).toBe(400 + sum(statement.entries, "sent"))
        expect(Object.keys(statement.totals).sort()).toEqual(
          ["adjustment", "dispute_reversal", "plan_fee", "refund_reversal", "sale_earned", "shipping_earned", "transfer_reduced", "transfer_sent"]
        )
        // The gallery sale's 88 % of 34.99 (30.79) and the store sale's 34.99.
        expect(statement.totals.sale_earned).toEqual({ count: 2, amount: 65.78, earned: 65.78, sent: 0 })
        expect(statement.totals.transfer_sent.count).toBe(2)
        expect(statement.totals.adjustment).toEqual({ count: 0, amount: 0, earned: 0, sent: 0 })
        expect(statement.entries.some((e: Row) => e.gallery_order_public_id === order.public_id)).toBe(true)

        const csv = await api.get(`/api/payouts/statements/${month}`, as("studio-north", { accept: "text/csv" }))
        expect(csv.status).toBe(200)
        expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8")
        expect(csv.headers["content-disposition"]).toBe(`attachment; filename="atelier-statement-${month}.csv"`)
        const records = parse(csv.data as string, { columns: true, skip_empty_lines: true }) as Row[]
        expect(Object.keys(records[0])).toEqual(CSV_HEADER)
        expect(records).toEqual(
          statement.entries.map((e: Row) => ({
            date: e.occurred_at,
            kind: e.kind,
            description: e.description,
            reference: e.reference ?? "",
            order: e.gallery_order_public_id ? `#${e.gallery_order_public_id}` : (e.store_payment_id ?? ""),
            amount: e.amount.toFixed(2),
            earned: e.earned.toFixed(2),
            sent: e.sent.toFixed(2),
          }))
        )
        expect(records.find((r) => r.kind === "plan_fee")).toMatchObject({ order: payment.id, earned: "-1.75", sent: "0.00" })
        // ?format= for a client that cannot set Accept; the same bytes.
        const byFormat = await api.get(`/api/payouts/statements/${month}?format=csv`, as("studio-north"))
        expect(byFormat.data).toBe(csv.data)
        expect((await api.get(`/api/payouts/statements/${month}?format=json`, as("studio-north", { accept: "text/csv" }))).data).toEqual(res.data)

        // The month before: its two entries, from nothing to the opening above.
        const previous = lastMonth.toISOString().slice(0, 7)
        const before = (await api.get(`/api/payouts/statements/${previous}`, as("studio-north"))).data.statement
        expect([before.opening, before.closing, before.entries.map((e: Row) => e.kind)]).toEqual([
          { earned: 0, sent: 0 },
          { earned: 10, sent: 4 },
          ["sale_earned", "transfer_sent"],
        ])
        // A month without entries: an empty statement whose sums carry over.
        const empty = (await api.get(`/api/payouts/statements/2031-01`, as("studio-north"))).data.statement
        expect(empty.entries).toEqual([])
        expect(empty.opening).toEqual(statement.closing)
        const emptyCsv = await api.get(`/api/payouts/statements/2031-01`, as("studio-north", { accept: "text/csv" }))
        expect(parse(emptyCsv.data as string, { columns: true })).toEqual([])
        expect((emptyCsv.data as string).trim()).toBe(CSV_HEADER.join(","))
      })
    })

    describe("paging and ranges", () => {
      it("cursor pages return every entry once, newest first, entries sharing an instant ordered by id", async () => {
        const tie = "2026-10-15T12:00:00.000Z"
        await insertEntries("studio-east", [
          ...Array.from({ length: 5 }, () => ({ kind: "sale_earned", amountCents: 100, earned: 100, sent: 0, at: tie })),
          { kind: "transfer_sent", amountCents: 500, earned: 0, sent: 500, at: "2026-10-16T08:00:00.000Z" },
          { kind: "sale_earned", amountCents: 700, earned: 700, sent: 0, at: "2026-10-01T00:00:00.000Z" },
        ])
        const all = await entriesOf("studio-east")
        expect(all).toHaveLength(7)
        const seen: Row[] = []
        let cursor: string | null = null
        let pages = 0
        do {
          const res = await ledger("studio-east", `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)
          expect(res.status).toBe(200)
          expect(res.data.entries.length).toBeLessThanOrEqual(2)
          seen.push(...res.data.entries)
          cursor = res.data.next_cursor
          expect(res.data.has_more).toBe(cursor !== null)
          pages++
        } while (cursor)
        expect(pages).toBe(4)
        expect(seen).toEqual(all)
        expect(new Set(seen.map((e) => e.id)).size).toBe(7)
        const order = all.map((e) => [e.occurred_at, e.id])
        expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? 1 : -1) : a[0] < b[0] ? 1 : -1)))
        // The default page is 50.
        expect((await ledger("studio-east")).data.entries).toHaveLength(7)

        // A date alone is a whole UTC day, both ends included; a date-time's `to` is exclusive.
        const kinds = async (query: string) => ((await ledger("studio-east", query)).data.entries as Row[]).map((e) => e.amount)
        expect(await kinds("from=2026-10-15&to=2026-10-15")).toEqual([1, 1, 1, 1, 1])
        expect(await kinds("from=2026-10-15&to=2026-10-16")).toEqual([5, 1, 1, 1, 1, 1])
        expect(await kinds("to=2026-10-15T12:00:00Z")).toEqual([7])
        expect(await kinds("from=2026-10-15T12:00:00.001Z")).toEqual([5])
        expect(await kinds("from=2026-10-15T14:00:00%2B02:00&limit=2")).toEqual([5, 1])
      })

      it("refuses a bad limit, cursor, date or month with 400 and a message naming it", async () => {
        const cases: [string, string, string | undefined][] = [
          ["/api/payouts/ledger?limit=0", LEDGER_MESSAGES.limitInvalid, "limit"],
          ["/api/payouts/ledger?limit=101", LEDGER_MESSAGES.limitInvalid, "limit"],
          ["/api/payouts/ledger?limit=ten", LEDGER_MESSAGES.limitInvalid, "limit"],
          ["/api/payouts/ledger?limit=2&limit=3", LEDGER_MESSAGES.limitInvalid, "limit"],
          ["/api/payouts/ledger?cursor=not-a-cursor", LEDGER_MESSAGES.cursorInvalid, "cursor"],
          [`/api/payouts/ledger?cursor=${Buffer.from('["x","y"]').toString("base64url")}`, LEDGER_MESSAGES.cursorInvalid, "cursor"],
          ["/api/payouts/ledger?from=2026-02-30", LEDGER_MESSAGES.fromInvalid, "from"],
          ["/api/payouts/ledger?to=next-week", LEDGER_MESSAGES.toInvalid, "to"],
          ["/api/payouts/ledger?from=2026-11-02&to=2026-11-01", LEDGER_MESSAGES.rangeInvalid, "from"],
          ["/api/payouts/ledger?page=2", "Unknown parameter: page", undefined],
          ["/api/payouts/statements/2026-13", LEDGER_MESSAGES.monthInvalid, "month"],
          ["/api/payouts/statements/november", LEDGER_MESSAGES.monthInvalid, "month"],
          ["/api/payouts/statements/2026-1", LEDGER_MESSAGES.monthInvalid, "month"],
          ["/api/payouts/statements/2026-11?format=xml", LEDGER_MESSAGES.formatInvalid, "format"],
        ]
        for (const [url, message, field] of cases) {
          const res = await api.get(url, as("studio-north"))
          expect([url, res.status, res.data.error, res.headers["x-error-field"]]).toEqual([url, 400, message, field])
        }
      })
    })

    describe("who may read", () => {
      it("401 without a token; 403 for another organization and for an administrator; every member of the organization reads", async () => {
        await paidGalleryOrder([["studio-north-print", 1]])
        const urls = ["/api/payouts/ledger", "/api/payouts/balance", `/api/payouts/statements/${thisMonth()}`]
        for (const url of urls) {
          expect([url, (await api.get(url, anyStatus)).status]).toEqual([url, 401])
          const other = await api.get(`${url}?org_id=${org["studio-north"]}`, as("studio-south"))
          expect([url, other.status, other.data.error]).toEqual([url, 403, "Forbidden"])
          const header = await api.get(url, as("studio-south", { "x-organization-id": org["studio-north"] }))
          expect([url, header.status]).toEqual([url, 403])
          expect([url, (await api.get(url, as("admin"))).status]).toEqual([url, 403])
          // A plain member of studio-north reads what its owner reads.
          const member = await api.get(url, as("member"))
          const owner = await api.get(url, as("studio-north"))
          expect([url, member.status, member.data]).toEqual([url, 200, owner.data])
        }
        // South's own ledger is its own: north's entries never show there.
        expect(await entriesOf("studio-south")).toEqual([])
        expect((await ledger("member")).data.entries).toHaveLength(3)
      })
    })

    describe("platform API", () => {
      async function createKey(scopes: string[]) {
        const res = await api.post("/api/settings/api-keys", { name: `Ledger ${scopes.join(" ")}`, scopes }, as("studio-north"))
        expect(res.status).toBe(201)
        return res.data.key as string
      }

      it("GET /v1/payouts/ledger with read:orders: the same entries and paging; without the scope 403", async () => {
        await paidGalleryOrder([["studio-north-print", 1]])
        await paidStoreSale(1)
        const all = await entriesOf("studio-north")
        const key = await createKey(["read:orders"])
        const res = await api.get("/v1/payouts/ledger?per_page=100", bearer(key))
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ data: all, meta: { has_more: false, next_cursor: null } })
        expect(res.headers["x-ratelimit-limit"]).toBeDefined()

        const seen: Row[] = []
        let cursor: string | null = null
        do {
          const page: { status: number; data: Row } = await api.get(`/v1/payouts/ledger?per_page=3${cursor ? `&cursor=${cursor}` : ""}`, bearer(key))
          expect(page.status).toBe(200)
          seen.push(...page.data.data)
          cursor = page.data.meta.next_cursor
        } while (cursor)
        expect(seen).toEqual(all)
        const transfers = await api.get("/v1/payouts/ledger?kind=transfer_sent", bearer(key))
        expect(transfers.data.data.map((e: Row) => e.kind)).toEqual(["transfer_sent", "transfer_sent"])
        const bad = await api.get("/v1/payouts/ledger?kind=bonus", bearer(key))
        expect(bad.status).toBe(400)
        expect(bad.data.error).toMatchObject({ code: "invalid_request", details: { field: "kind" } })

        const productsOnly = await createKey(["read:products"])
        const refused = await api.get("/v1/payouts/ledger", bearer(productsOnly))
        expect(refused.status).toBe(403)
        expect(refused.data.error).toMatchObject({ code: "insufficient_scope", message: "This API key lacks the read:orders scope" })
        expect((await api.get("/v1/payouts/ledger", anyStatus)).status).toBe(401)

        const document = (await api.get("/v1/openapi.json", anyStatus)).data
        expect(document.paths["/v1/payouts/ledger"].get).toMatchObject({ operationId: "listLedgerEntries" })
      })
    })

    describe("append-only", () => {
      it("the table's trigger refuses an UPDATE and a DELETE of an entry", async () => {
        await paidGalleryOrder([["studio-north-print", 1]])
        const before = await rows(`SELECT * FROM gallery_ledger_entry ORDER BY id`)
        await expect(pg.raw(`UPDATE gallery_ledger_entry SET amount_cents = amount_cents + 1`)).rejects.toThrow(/append-only/)
        await expect(pg.raw(`DELETE FROM gallery_ledger_entry`)).rejects.toThrow(/append-only/)
        expect(await rows(`SELECT * FROM gallery_ledger_entry ORDER BY id`)).toEqual(before)
      })
    })
  },
})
