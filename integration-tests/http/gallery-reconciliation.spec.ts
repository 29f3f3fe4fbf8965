import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { reconcileMoney } from "../../src/jobs/reconcile-money"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { RECONCILIATION_MISMATCH_TEMPLATE } from "../../src/processes/reconciliation/reconcile-day"
import { RECONCILIATION_MESSAGES } from "../../src/api/api/admin/reconciliation/validators"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows } from "../helpers/db"
import { mirroredArtistOrders, placePaidGalleryOrder, setConnectedAccounts } from "../helpers/gallery-orders"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Slug = "studio-north" | "studio-south" | "studio-east"

const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print", "studio-south-original"]
const ORG_SLUGS = ["studio-north", "studio-south", "studio-east"]

/** A placed, paid gallery order: per artist, its artist order, its Medusa order (order book) and that order's lines. */
type PlacedOrder = {
  orderId: string
  publicId: string
  intentId: string
  totalCents: number
  artist: Partial<Record<Slug, { artistOrderId: string; medusaOrderId: string; lines: { id: string; galleryItemId: string }[] }>>
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    const token: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      Object.assign(org, await orgIdsBySlug(container, ORG_SLUGS))
      token.admin = await loginDemoAdmin(api)
      token["studio-north"] = await loginDemoMember(api, "north@atelier.test")
      token["studio-south"] = await loginDemoMember(api, "south@atelier.test")
      // North ships to the US for a flat $10 a parcel; South and East ship free.
      const rate = await api.post(
        "/api/shipping-rates",
        { org_id: org["studio-north"], name: "Tracked", countries: ["US"], first_item_amount: 10, additional_item_amount: 0 },
        bearer(token["studio-north"])
      )
      expect(rate.status).toBe(201)
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)

    const setAccounts = (accounts: Partial<Record<Slug, string | null>>) => setConnectedAccounts(container, org, accounts)

    async function placeOrder(lines: [string, number][]): Promise<PlacedOrder> {
      const order = await placePaidGalleryOrder(api, pg, lines.map(([handle, quantity]) => [product[handle], quantity]))
      const artist: PlacedOrder["artist"] = {}
      for (const mirrored of await mirroredArtistOrders(pg, order.orderId)) {
        const slug = Object.keys(org).find((s) => org[s] === mirrored.organizationId) as Slug
        artist[slug] = { artistOrderId: mirrored.artistOrderId, medusaOrderId: mirrored.medusaOrderId, lines: mirrored.lines }
      }
      return { ...order, artist }
    }

    function refund(slug: Slug, medusaOrderId: string, body: Record<string, unknown>) {
      return api.post(`/api/orders/${medusaOrderId}/refunds`, { org_id: org[slug], ...body }, bearer(token[slug]))
    }

    /** A paid sale of East's own storefront: a destination charge to East's connected account. */
    async function storeSale(): Promise<{ id: string; intentId: string; chargeCents: number; feeCents: number }> {
      const [variant] = await rows(`SELECT id, product_id FROM product_variant WHERE product_id = ? AND deleted_at IS NULL`, [
        product["studio-east-print"],
      ])
      const created = await api.post(
        "/api/create-payment-intent",
        { org_id: org["studio-east"], customer_email: "buyer@collector.test", items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 2 }] },
        anyStatus
      )
      expect(created.status).toBe(200)
      const intentId = String(created.data.clientSecret).split("_secret_")[0]
      expect((await api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)).status).toBe(200)
      await dispatchGalleryOutbox(container)
      const [payment] = await rows(`SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId])
      expect(payment.status).toBe("paid")
      return {
        id: payment.id,
        intentId,
        chargeCents: payment.subtotal_cents + payment.shipping_cents,
        feeCents: payment.platform_fee_cents,
      }
    }

    const reconciliation = (query: string, as = token.admin) => api.get(`/api/admin/reconciliation${query}`, bearer(as))
    const mismatchEmails = () =>
      rows(`SELECT "to", idempotency_key, data FROM notification WHERE template = ? ORDER BY "to"`, [RECONCILIATION_MISMATCH_TEMPLATE])

    describe("GET /api/admin/reconciliation", () => {
      it("every charge of the day adds up to the cent; a tampered one is flagged alone and emailed once", async () => {
        // A store sale of East's storefront (its seeded, sandbox-onboarded account).
        const store = await storeSale()

        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south" })
        // 1. Paid, both transfers sent.
        const paid = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        // 2. Partly refunded after the transfer: North's share reversed.
        const reversed = await placeOrder([["studio-north-print", 2]])
        const north = reversed.artist["studio-north"]!
        const r1 = await refund("studio-north", north.medusaOrderId, { reason: "Creased", items: [{ id: north.lines[0].id, quantity: 1 }] })
        expect(r1.status).toBe(201)
        expect(r1.data.refund).toMatchObject({ status: "succeeded", payout_action: "reversal" })
        // 3. Refunded before the transfer: South has no account, its payout is cut; then sent at the smaller amount.
        await setAccounts({ "studio-south": null })
        const reduced = await placeOrder([["studio-south-print", 2]])
        const south = reduced.artist["studio-south"]!
        const r2 = await refund("studio-south", south.medusaOrderId, {
          reason: "Damaged",
          items: [{ id: south.lines[0].id, quantity: 1 }],
          include_shipping: true,
        })
        expect(r2.status).toBe(201)
        expect(r2.data.refund).toMatchObject({ status: "succeeded", payout_action: "reduction" })
        // 4. Still pending when the day is reconciled (South stays without an account for this one).
        const pendingOrder = await placeOrder([["studio-south-print", 1]])
        // 5. Cancelled after North's transfer (reversed) with South's payout still pending (failed).
        const cancelled = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        expect((await api.post(`/api/admin/gallery-orders/${cancelled.orderId}/cancel`, {}, bearer(token.admin))).status).toBe(200)
        // South connects: the cut payout and the pending one go out, the cancelled one's never.
        await setAccounts({ "studio-south": "acct_south" })
        expect(await processPendingPayouts(container)).toEqual({ transferred: 2, failed: 0 })
        await setAccounts({ "studio-south": null })
        const stillPending = await placeOrder([["studio-south-print", 1]])

        const [{ day }] = await rows(`SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM gallery_order WHERE id = ?`, [paid.orderId])
        const res = await reconciliation(`?date=${day}`)
        expect(res.status).toBe(200)
        expect(res.data).toMatchObject({ date: day, currency: "usd", mismatches: [] })
        const charges: Row[] = res.data.charges
        const byId = new Map(charges.map((c) => [c.id, c]))
        const orders = [paid, reversed, reduced, pendingOrder, cancelled, stillPending]
        expect(charges.map((c) => c.id).sort()).toEqual([store.id, ...orders.map((o) => o.orderId)].sort())
        for (const c of charges) {
          expect([c.id, c.adds_up, c.difference]).toEqual([c.id, true, 0])
          const sum = c.transfers_sent - c.reversals + c.pending_transfers + c.commission + c.processing_fee + c.refunds + c.disputes
          expect(Math.round(sum * 100)).toBe(Math.round(c.charge * 100))
        }
        for (const o of orders) expect(byId.get(o.orderId)).toMatchObject({ kind: "gallery_order", public_id: o.publicId, charge: o.totalCents / 100 })

        const refundCents = (r: Row) => Math.round(r.data.refund.amount * 100)
        const shareCents = (r: Row) => Math.round(r.data.refund.artist_share * 100)
        const cents = (usd: number) => Math.round(usd * 100)
        expect(byId.get(paid.orderId)).toMatchObject({ reversals: 0, pending_transfers: 0, refunds: 0 })
        expect(cents(byId.get(reversed.orderId)!.reversals)).toBe(shareCents(r1))
        expect(cents(byId.get(reversed.orderId)!.refunds)).toBe(refundCents(r1))
        const reducedView = byId.get(reduced.orderId)!
        expect(reducedView).toMatchObject({ reversals: 0, pending_transfers: 0 })
        expect(cents(reducedView.refunds)).toBe(refundCents(r2))
        const [cutPayout] = await rows(`SELECT amount_cents, status FROM gallery_payout WHERE artist_order_id = ?`, [south.artistOrderId])
        expect(cutPayout.status).toBe("transferred")
        expect(cents(reducedView.transfers_sent)).toBe(cutPayout.amount_cents)
        const [pendingPayout] = await rows(`SELECT amount_cents FROM gallery_payout WHERE gallery_order_id = ?`, [stillPending.orderId])
        expect(cents(byId.get(stillPending.orderId)!.pending_transfers)).toBe(pendingPayout.amount_cents)
        expect(byId.get(cancelled.orderId)).toMatchObject({ cancelled: true, commission: 0, processing_fee: 0, pending_transfers: 0, refunds: cancelled.totalCents / 100 })
        expect(byId.get(cancelled.orderId)!.transfers_sent).toBe(byId.get(cancelled.orderId)!.reversals)
        expect(byId.get(store.id)).toMatchObject({
          kind: "store_payment",
          public_id: null,
          charge: store.chargeCents / 100,
          transfers_sent: (store.chargeCents - store.feeCents) / 100,
          commission: store.feeCents / 100,
          processing_fee: 0,
          refunds: 0,
        })
        expect(res.data.totals.count).toBe(7)
        expect(cents(res.data.totals.charge)).toBe(store.chargeCents + orders.reduce((a, o) => a + o.totalCents, 0))
        expect(res.data.totals.difference).toBe(0)

        // The job finds nothing to tell.
        expect(await reconcileMoney(container, { date: day })).toMatchObject({ charges: 7, mismatches: 0, alerted: 0 })
        expect(await mismatchEmails()).toEqual([])

        // A refund the provider made that nothing recorded: only that charge is flagged, by its amount.
        await pg.raw(
          `INSERT INTO sandbox_refund (id, amount, status, charge_id, idempotency_key, request_hash, payment_intent_id, created_at, updated_at)
           SELECT 're_stray_reconciliation', 500, 'succeeded', charge_id, 'stray-reconciliation', 'stray', id, now(), now()
             FROM sandbox_payment_intent WHERE id = ?`,
          [paid.intentId]
        )
        const flagged = await reconciliation(`?date=${day}`)
        expect(flagged.status).toBe(200)
        expect(flagged.data.mismatches).toEqual([{ kind: "gallery_order", id: paid.orderId, public_id: paid.publicId, difference: -5 }])
        expect(flagged.data.charges.filter((c: Row) => !c.adds_up).map((c: Row) => c.id)).toEqual([paid.orderId])
        expect(flagged.data.charges.find((c: Row) => c.id === paid.orderId)).toMatchObject({ refunds: 5, difference: -5 })

        // The job emails every administrator once for the day, however often it runs.
        const admins = await rows(`SELECT id, email FROM "user" WHERE deleted_at IS NULL AND email IS NOT NULL ORDER BY email`)
        expect(admins.length).toBeGreaterThan(0)
        expect(await reconcileMoney(container, { date: day })).toMatchObject({ mismatches: 1, alerted: admins.length })
        await reconcileMoney(container, { date: day })
        const emails = await mismatchEmails()
        expect(emails.map((e) => [e.to, e.idempotency_key])).toEqual(
          admins.map((a) => [a.email, `${RECONCILIATION_MISMATCH_TEMPLATE}:${day}:${a.id}`])
        )
        expect(emails[0].data).toMatchObject({ date: day, charges: 7, mismatches: [{ id: paid.orderId, difference: -5 }] })
      })

      it("a dispute: held payouts still count as pending; lost, the artists' reversal and cut add up with the debit", async () => {
        // North has no account (its payout waits, then is held and cut); South is sent (then reversed in part).
        await setAccounts({ "studio-north": null, "studio-south": "acct_south" })
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        const [{ day }] = await rows(`SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM gallery_order WHERE id = ?`, [order.orderId])
        const viewOf = async () => {
          const res = await reconciliation(`?date=${day}`)
          expect(res.status).toBe(200)
          return res.data.charges.find((c: Row) => c.id === order.orderId) as Row
        }
        const opened = await api.post(`/api/sandbox/payment-intents/${order.intentId}/dispute`, { amount: 5000 }, anyStatus)
        expect(opened.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const [northPayout] = await rows(`SELECT amount_cents, held_at FROM gallery_payout WHERE artist_order_id = ?`, [
          order.artist["studio-north"]!.artistOrderId,
        ])
        expect(northPayout.held_at).not.toBeNull()
        expect(await viewOf()).toMatchObject({ adds_up: true, disputes: 0, held_transfers: northPayout.amount_cents / 100, pending_transfers: northPayout.amount_cents / 100 })

        const lost = await api.post(`/api/sandbox/payment-intents/${order.intentId}/dispute/close`, { outcome: "lost" }, anyStatus)
        expect(lost.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const [dispute] = await rows(`SELECT loss_plan FROM gallery_dispute WHERE gallery_order_id = ?`, [order.orderId])
        const actions = (dispute.loss_plan as Row[]).map((item) => item.action).sort()
        expect(actions).toEqual(["reduction", "reversal"])
        const view = await viewOf()
        expect(view).toMatchObject({ adds_up: true, difference: 0, disputes: 50 })
        const reversed = (dispute.loss_plan as Row[]).find((item) => item.action === "reversal")!
        expect(Math.round(view.reversals * 100)).toBe(reversed.amount_cents)
      })

      it("an order cancelled out of stock at settlement is a charge of its day, refunded in full", async () => {
        await setAccounts({ "studio-south": "acct_south" })
        const checkouts = []
        for (let i = 0; i < 2; i++) {
          const sessionId = crypto.randomUUID()
          const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
          expect((await api.post("/api/gallery/cart/add", { productId: product["studio-south-original"], quantity: 1 }, cookie)).status).toBe(200)
          const checkout = await api.post(
            "/api/gallery/checkout",
            { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
            anyStatus
          )
          expect(checkout.status).toBe(200)
          const [order] = await rows(`SELECT id, payment_intent_id, total_cents FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
          checkouts.push(order)
        }
        const statuses = []
        for (const order of checkouts) {
          expect((await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)).status).toBe(200)
          statuses.push((await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)).status)
        }
        expect(statuses).toEqual([200, 409])
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const loser = checkouts[1]
        const [stored] = await rows(
          `SELECT paid_at, payment_failure, to_char(cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM gallery_order WHERE id = ?`,
          [loser.id]
        )
        expect(stored).toMatchObject({ paid_at: null, payment_failure: "out_of_stock" })
        const res = await reconciliation(`?date=${stored.day}`)
        const byId = new Map((res.data.charges as Row[]).map((c) => [c.id, c]))
        expect(byId.get(checkouts[0].id)).toMatchObject({ adds_up: true, cancelled: false })
        expect(byId.get(loser.id)).toMatchObject({
          adds_up: true,
          cancelled: true,
          paid_at: null,
          charge: loser.total_cents / 100,
          refunds: loser.total_cents / 100,
          transfers_sent: 0,
          pending_transfers: 0,
          commission: 0,
          processing_fee: 0,
        })
      })

      it("defaults to yesterday, and answers an empty day", async () => {
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
        const res = await reconciliation("")
        expect(res.status).toBe(200)
        expect(res.data.date).toBe(yesterday)
        const empty = await reconciliation("?date=1999-01-01")
        expect(empty.data).toMatchObject({ date: "1999-01-01", charges: [], mismatches: [], totals: { count: 0, charge: 0, difference: 0 } })
      })

      it("refuses a date that is not a day with 400", async () => {
        for (const bad of ["2026-02-30", "yesterday", "2026-11-28T00:00:00Z", "20261128"]) {
          const res = await reconciliation(`?date=${encodeURIComponent(bad)}`)
          expect([bad, res.status]).toEqual([bad, 400])
          expect(res.data).toMatchObject({ error: RECONCILIATION_MESSAGES.date })
        }
        expect((await reconciliation("?day=2026-11-28")).status).toBe(400)
      })

      it("is for administrators only", async () => {
        expect((await api.get("/api/admin/reconciliation", anyStatus)).status).toBe(401)
        expect([401, 403]).toContain((await reconciliation("", token["studio-north"])).status)
      })
    })
  },
})
