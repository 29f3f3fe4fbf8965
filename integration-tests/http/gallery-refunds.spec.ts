import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import {
  amountOverRefundMessage,
  itemOverRefundMessage,
  providerRefundExceededMessage,
  providerRefundNotFoundMessage,
  providerRefundOwnMessage,
  REFUND_MESSAGES,
  unknownItemMessage,
} from "../../src/lib/refunds"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { settleRefund } from "../../src/processes/refunds/refunds"
import { refundArtistOrderWorkflow } from "../../src/workflows/refunds/workflows/refund-artist-order"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows } from "../helpers/db"
import { mirroredArtistOrders, placePaidGalleryOrder, setConnectedAccounts } from "../helpers/gallery-orders"
import {
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type Slug = "studio-north" | "studio-south" | "studio-east"

const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print"]
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
      token["studio-east"] = await loginDemoMember(api, "east@atelier.test")
      token.member = await loginDemoMember(api, "member@atelier.test")
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
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)

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

    function refund(slug: Slug, medusaOrderId: string, body: Record<string, unknown>, as: string = slug) {
      return api.post(`/api/orders/${medusaOrderId}/refunds`, { org_id: org[slug], ...body }, bearer(token[as]))
    }

    const ledgerOf = (orderId: string) =>
      rows(`SELECT kind, amount_cents, earned_cents, sent_cents, refund_id, reference FROM gallery_ledger_entry
            WHERE gallery_order_id = ? AND refund_id IS NOT NULL ORDER BY created_at, id`, [orderId])

    describe("POST /api/orders/{id}/refunds", () => {
      it("refunds items, then the shipping, then the rest, reversing the artist's sent transfer each time, to the cent", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south" })
        const order = await placeOrder([["studio-north-print", 3], ["studio-south-print", 1]])
        const north = order.artist["studio-north"]!
        const [payout] = await rows(`SELECT * FROM gallery_payout WHERE artist_order_id = ?`, [north.artistOrderId])
        // 3 x $34.99 = $104.97 at 88 % plus the $10 shipping.
        expect(payout).toMatchObject({ status: "transferred", amount_cents: 9237 + 1000 })

        const first = await refund("studio-north", north.medusaOrderId, {
          reason: "Print arrived creased",
          items: [{ id: north.lines[0].id, quantity: 1 }],
        })
        expect(first.status).toBe(201)
        // $34.99, its 12 % gallery fee ($4.20) and the 2.9 % processing fee on those ($1.14); 88 % of $34.99 back from North.
        expect(first.data.refund).toEqual({
          id: expect.stringMatching(/^gref_/),
          order_id: north.medusaOrderId,
          status: "succeeded",
          source: "artist",
          reason: "Print arrived creased",
          amount: 40.33,
          merchandise: 34.99,
          shipping: 0,
          gallery_fee: 4.2,
          processing_fee: 1.14,
          artist_share: 30.79,
          payout_action: "reversal",
          items: [{ id: north.lines[0].galleryItemId, quantity: 1, unit_price: 34.99 }],
          provider_refund_id: expect.stringMatching(/^re_/),
          reversal_id: expect.stringMatching(/^trr_/),
          failure_reason: null,
          created_at: expect.any(String),
          refunded_at: expect.any(String),
        })
        const refundId = first.data.refund.id
        // The provider: one partial refund of the charge and one partial reversal, each under the refund's own key.
        expect(await rows(`SELECT id, amount, idempotency_key FROM sandbox_refund`)).toEqual([
          { id: first.data.refund.provider_refund_id, amount: 4033, idempotency_key: `refund-${refundId}` },
        ])
        expect(await rows(`SELECT id, amount, idempotency_key FROM sandbox_transfer_reversal`)).toEqual([
          { id: first.data.refund.reversal_id, amount: 3079, idempotency_key: `refund-reversal-${refundId}` },
        ])

        const shipping = await refund("studio-north", north.medusaOrderId, { reason: "Late", include_shipping: true })
        expect(shipping.status).toBe(201)
        expect(shipping.data.refund).toMatchObject({ amount: 10.29, shipping: 10, merchandise: 0, gallery_fee: 0, processing_fee: 0.29, artist_share: 10 })

        const rest = await refund("studio-north", north.medusaOrderId, {
          reason: "Returned",
          items: [{ id: north.lines[0].id, quantity: 2 }],
        })
        expect(rest.status).toBe(201)
        expect(rest.data.refund).toMatchObject({ amount: 80.65, merchandise: 69.98, gallery_fee: 8.4, processing_fee: 2.27, artist_share: 61.58 })

        // Together: exactly what the customer paid for North's part, and exactly North's payout back.
        const [artistOrder] = await rows(`SELECT * FROM gallery_artist_order WHERE id = ?`, [north.artistOrderId])
        expect(artistOrder).toMatchObject({ refunded_cents: 13127, refunded_shipping_cents: 1000, refunded_share_cents: 10237 })
        expect(await rows(`SELECT sum(amount)::int AS s FROM sandbox_transfer_reversal`)).toEqual([{ s: 10237 }])
        expect(await count("gallery_artist_order_item", `artist_order_id = ? AND refunded_quantity = quantity`, [north.artistOrderId])).toBe(1)

        // Nothing is left: every further refund of North's part is refused, and nothing moves.
        const again = await refund("studio-north", north.medusaOrderId, { reason: "Again", amount: 1 })
        expect(again.status).toBe(400)
        expect(again.data).toMatchObject({ error: REFUND_MESSAGES.nothingLeft, code: "invalid_request" })
        expect(await count("sandbox_refund")).toBe(3)

        // The ledger: one reversal per refund, in the same cents.
        expect((await ledgerOf(order.orderId)).map((e) => [e.kind, e.amount_cents, e.earned_cents, e.sent_cents])).toEqual([
          ["refund_reversal", 3079, -3079, -3079],
          ["refund_reversal", 1000, -1000, -1000],
          ["refund_reversal", 6158, -6158, -6158],
        ])

        // The customer and North's owner are emailed once per refund; the Medusa order book records the refunds.
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const emails = await rows(
          `SELECT template, "to" FROM notification WHERE template IN ('gallery-refund-issued', 'gallery-artist-refund-issued') ORDER BY template`
        )
        expect(emails.filter((e) => e.template === "gallery-refund-issued")).toHaveLength(3)
        expect(emails.filter((e) => e.template === "gallery-artist-refund-issued").map((e) => e.to)).toEqual(
          Array(3).fill("north@atelier.test")
        )
        const medusaRefunds = await rows(
          `SELECT r.amount FROM refund r JOIN payment p ON p.id = r.payment_id
           JOIN payment_collection pc ON pc.id = p.payment_collection_id
           JOIN order_payment_collection opc ON opc.payment_collection_id = pc.id
           WHERE opc.order_id = ? AND r.deleted_at IS NULL`,
          [north.medusaOrderId]
        )
        // Medusa's order holds the merchandise and shipping ($104.97 + $10): all of it is recorded refunded.
        expect(medusaRefunds.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0)).toBe(11497)

        // Analytics subtract the refunded merchandise: North sold nothing in the end, South's print stands.
        const today = new Date().toISOString().slice(0, 10)
        const range = `start_date=${today}&end_date=${today}`
        const northAnalytics = await api.get(`/api/gallery/artist/analytics?${range}&org_id=${org["studio-north"]}`, bearer(token["studio-north"]))
        expect(northAnalytics.data.analytics.overview).toMatchObject({ totalOrders: 1, totalRevenue: 0 })
        const adminAnalytics = await api.get(`/api/admin/analytics?${range}`, bearer(token.admin))
        expect(adminAnalytics.data.analytics.overview.totalRevenue).toBe(45.5)

        // The administrator's view of the gallery order, the dashboard's order and /v1 show what was refunded.
        const adminView = await api.get(`/api/admin/gallery-orders/${order.orderId}`, bearer(token.admin))
        const northAdmin = adminView.data.order.artistOrders.find((a: Row) => a.orgId === org["studio-north"])
        expect(northAdmin).toMatchObject({ refundedAmount: 131.27, returnStatus: "none" })
        const southAdmin = adminView.data.order.artistOrders.find((a: Row) => a.orgId === org["studio-south"])
        expect(southAdmin).not.toHaveProperty("refundedAmount")
        const detail = await api.get(`/api/orders/${north.medusaOrderId}?org_id=${org["studio-north"]}`, bearer(token["studio-north"]))
        expect(detail.data.data.refunded_amount).toBe(131.27)
        const key = await api.post("/api/settings/api-keys", { org_id: org["studio-north"], name: "Refunds", scopes: ["read:orders"] }, bearer(token["studio-north"]))
        expect(key.status).toBe(201)
        const v1 = await api.get(`/v1/orders/${north.medusaOrderId}`, { headers: { authorization: `Bearer ${key.data.key}` }, ...anyStatus })
        expect([v1.status, v1.data.data.refunded_amount]).toEqual([200, 131.27])

        const listed = await api.get(`/api/orders/${north.medusaOrderId}/refunds?org_id=${org["studio-north"]}`, bearer(token["studio-north"]))
        expect(listed.status).toBe(200)
        expect(listed.data.refunds.map((r: Row) => r.amount)).toEqual([40.33, 10.29, 80.65])
      })

      it("cuts the payout not yet sent instead of reversing, and the later transfer sends the smaller amount", async () => {
        await setAccounts({ "studio-east": null })
        const order = await placeOrder([["studio-east-print", 2]])
        const east = order.artist["studio-east"]!
        const res = await refund("studio-east", east.medusaOrderId, { reason: "Damaged", items: [{ id: east.lines[0].id, quantity: 1 }] })
        expect(res.status).toBe(201)
        expect(res.data.refund).toMatchObject({ status: "succeeded", payout_action: "reduction", reversal_id: null, artist_share: 11.4 })
        expect(await count("sandbox_transfer_reversal")).toBe(0)
        const [payout] = await rows(`SELECT status, amount_cents FROM gallery_payout WHERE artist_order_id = ?`, [east.artistOrderId])
        // 2 x $12.95 at 88 % = $22.79; less 88 % of one print ($11.40).
        expect(payout).toEqual({ status: "pending", amount_cents: 2279 - 1140 })
        expect((await ledgerOf(order.orderId)).map((e) => [e.kind, e.amount_cents, e.earned_cents, e.sent_cents])).toEqual([
          ["transfer_reduced", 1140, -1140, 0],
        ])

        await setAccounts({ "studio-east": "acct_east" })
        expect(await processPendingPayouts(container)).toEqual({ transferred: 1, failed: 0 })
        expect(await rows(`SELECT amount, idempotency_key FROM sandbox_transfer WHERE destination = 'acct_east'`)).toEqual([
          { amount: 1139, idempotency_key: `gallery-payout-${east.artistOrderId}-1139` },
        ])
      })

      it("a refund of the whole of a one-artist order gives back the whole charge, the fixed fee included", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const order = await placeOrder([["studio-north-print", 1]])
        const north = order.artist["studio-north"]!
        const res = await refund("studio-north", north.medusaOrderId, {
          reason: "Cancelled by the artist",
          items: [{ id: north.lines[0].id, quantity: 1 }],
          include_shipping: true,
        })
        expect([res.status, res.data.error]).toEqual([201, undefined])
        expect(Math.round(res.data.refund.amount * 100)).toBe(order.totalCents)
        expect(await rows(`SELECT amount FROM sandbox_refund`)).toEqual([{ amount: order.totalCents }])
        expect(await rows(`SELECT amount FROM sandbox_transfer_reversal`)).toEqual([{ amount: 3079 + 1000 }])
      })

      it("by amount: split in the order's proportions; never more than is left", async () => {
        await setAccounts({ "studio-south": "acct_south" })
        const order = await placeOrder([["studio-south-print", 2]])
        const south = order.artist["studio-south"]!
        const revenue = async () =>
          (await api.get(`/api/analytics?org_id=${org["studio-south"]}`, bearer(token["studio-south"]))).data.revenue.total as number
        const revenueBefore = await revenue()
        const res = await refund("studio-south", south.medusaOrderId, { reason: "Goodwill", amount: 20 })
        expect(res.status).toBe(201)
        const r = res.data.refund
        expect(r.amount).toBe(20)
        // The dashboard's revenue loses what the artist sold of it: the refunded merchandise and shipping.
        expect(Math.round((revenueBefore - (await revenue())) * 100)).toBe(Math.round((r.merchandise + r.shipping) * 100))
        expect(Math.round((r.merchandise + r.shipping + r.gallery_fee + r.processing_fee) * 100)).toBe(2000)
        expect(r.artist_share).toBeCloseTo(Math.round(r.merchandise * 0.88 * 100) / 100, 2)
        // $91 of prints, $10.92 fee, $2.96 processing: $104.88 for South's part; $84.88 left.
        const over = await refund("studio-south", south.medusaOrderId, { reason: "More", amount: 84.89 })
        expect(over.status).toBe(400)
        expect(over.data).toMatchObject({ error: amountOverRefundMessage(8488), code: "invalid_request" })
        expect(await count("gallery_refund")).toBe(1)
      })

      it("two refunds racing for the same prints: one succeeds, the other is refused, one provider refund", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const order = await placeOrder([["studio-north-print", 3]])
        const north = order.artist["studio-north"]!
        const body = { reason: "Race", items: [{ id: north.lines[0].id, quantity: 2 }] }
        const [a, b] = await Promise.all([refund("studio-north", north.medusaOrderId, body), refund("studio-north", north.medusaOrderId, body)])
        expect([a.status, b.status].sort()).toEqual([201, 400])
        const refused = a.status === 400 ? a : b
        expect(refused.data).toMatchObject({ error: itemOverRefundMessage(north.lines[0].galleryItemId, 1), code: "invalid_request" })
        expect(await count("sandbox_refund")).toBe(1)
        expect(await count("sandbox_transfer_reversal")).toBe(1)
        expect(await count("gallery_refund")).toBe(1)
      })

      it("refuses bad input with the rule's message and writes nothing", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const order = await placeOrder([["studio-north-print", 1]])
        const north = order.artist["studio-north"]!
        const cases: [Record<string, unknown>, string][] = [
          [{ items: [{ id: north.lines[0].id, quantity: 1 }] }, REFUND_MESSAGES.reasonRequired],
          [{ reason: " " , amount: 1 }, REFUND_MESSAGES.reasonRequired],
          [{ reason: "x".repeat(501), amount: 1 }, REFUND_MESSAGES.reasonTooLong],
          [{ reason: "Both", amount: 1, items: [{ id: north.lines[0].id, quantity: 1 }] }, REFUND_MESSAGES.itemsOrAmount],
          [{ reason: "None" }, REFUND_MESSAGES.nothingChosen],
          [{ reason: "Zero", items: [{ id: north.lines[0].id, quantity: 0 }] }, REFUND_MESSAGES.itemsInvalid],
          [{ reason: "Cents", amount: 1.005 }, REFUND_MESSAGES.amountInvalid],
          [{ reason: "Negative", amount: -1 }, REFUND_MESSAGES.amountInvalid],
          [{ reason: "Unknown", items: [{ id: "ordli_nope", quantity: 1 }] }, unknownItemMessage("ordli_nope")],
          [{ reason: "Too many", items: [{ id: north.lines[0].id, quantity: 2 }] }, itemOverRefundMessage(north.lines[0].galleryItemId, 1)],
        ]
        for (const [body, message] of cases) {
          const res = await refund("studio-north", north.medusaOrderId, body)
          expect([res.status, res.data.error, res.data.code]).toEqual([400, message, "invalid_request"])
        }
        expect(await count("gallery_refund")).toBe(0)
        expect(await count("sandbox_refund")).toBe(0)
      })

      it("owners only, of their own organization: 401, 403 for a member and for another organization", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const order = await placeOrder([["studio-north-print", 1]])
        const north = order.artist["studio-north"]!
        const body = { org_id: org["studio-north"], reason: "x", amount: 1 }
        expect((await api.post(`/api/orders/${north.medusaOrderId}/refunds`, body, anyStatus)).status).toBe(401)
        const member = await api.post(`/api/orders/${north.medusaOrderId}/refunds`, body, bearer(token.member))
        expect([member.status, member.data.message]).toEqual([403, REFUND_MESSAGES.ownersOnly])
        const other = await api.post(`/api/orders/${north.medusaOrderId}/refunds`, { ...body, org_id: org["studio-south"] }, bearer(token["studio-south"]))
        expect(other.status).toBe(403)
        const adminAsArtist = await api.post(`/api/orders/${north.medusaOrderId}/refunds`, body, bearer(token.admin))
        expect(adminAsArtist.status).toBe(403)
        // The list is for every member.
        expect((await api.get(`/api/orders/${north.medusaOrderId}/refunds?org_id=${org["studio-north"]}`, bearer(token.member))).status).toBe(200)
        expect(await count("gallery_refund")).toBe(0)
      })

      it("is refused on a cancelled order, and a refunded order can no longer be cancelled", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south" })
        const cancelled = await placeOrder([["studio-north-print", 1]])
        expect((await api.post(`/api/admin/gallery-orders/${cancelled.orderId}/cancel`, {}, bearer(token.admin))).status).toBe(200)
        const res = await refund("studio-north", cancelled.artist["studio-north"]!.medusaOrderId, { reason: "x", amount: 1 })
        expect([res.status, res.data.error]).toEqual([400, REFUND_MESSAGES.orderCancelled])

        const refunded = await placeOrder([["studio-south-print", 1]])
        expect((await refund("studio-south", refunded.artist["studio-south"]!.medusaOrderId, { reason: "x", amount: 1 })).status).toBe(201)
        const cancel = await api.post(`/api/admin/gallery-orders/${refunded.orderId}/cancel`, {}, bearer(token.admin))
        expect([cancel.status, cancel.data]).toEqual([400, { error: REFUND_MESSAGES.cancelAfterRefund }])
      })
    })

    describe("POST /api/admin/orders/{id}/refunds", () => {
      it("an administrator refunds any artist's order; members are refused", async () => {
        await setAccounts({ "studio-south": "acct_south" })
        const order = await placeOrder([["studio-south-print", 1]])
        const south = order.artist["studio-south"]!
        const asMember = await api.post(`/api/admin/orders/${south.medusaOrderId}/refunds`, { reason: "x", amount: 1 }, bearer(token["studio-south"]))
        expect(asMember.status).toBe(403)
        const res = await api.post(
          `/api/admin/orders/${south.medusaOrderId}/refunds`,
          { reason: "Chargeback avoided", items: [{ id: south.lines[0].id, quantity: 1 }] },
          bearer(token.admin)
        )
        expect(res.status).toBe(201)
        expect(res.data.refund).toMatchObject({ source: "admin", status: "succeeded", payout_action: "reversal", merchandise: 45.5 })
        const [stored] = await rows(`SELECT requested_by FROM gallery_refund WHERE id = ?`, [res.data.refund.id])
        expect(stored.requested_by).toMatch(/^user_/)
        expect((await api.post(`/api/admin/orders/order_unknown/refunds`, { reason: "x", amount: 1 }, bearer(token.admin))).status).toBe(404)
      })
    })

    describe("a refund made in Stripe's dashboard", () => {
      it("an administrator records it on an artist order: no second refund, the artist's share comes back, the day adds up", async () => {
        await setAccounts({ "studio-south": "acct_south", "studio-north": "acct_north" })
        const order = await placeOrder([["studio-south-print", 1], ["studio-north-print", 1]])
        const south = order.artist["studio-south"]!
        const north = order.artist["studio-north"]!
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        // Someone refunded $30 in the provider's dashboard: Atelier made no record of it.
        const dashboard = await payments.createRefund({ paymentIntentId: order.intentId, amountCents: 3000, idempotencyKey: "dashboard-refund-1" })
        const [{ day }] = await rows(`SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM gallery_order WHERE id = ?`, [order.orderId])
        const chargeOf = async () =>
          (await api.get(`/api/admin/reconciliation?date=${day}`, bearer(token.admin))).data.charges.find((c: { id: string }) => c.id === order.orderId)
        expect(await chargeOf()).toMatchObject({ refunds: 30, adds_up: false })

        const record = (medusaOrderId: string, body: Record<string, unknown>, as = token.admin) =>
          api.post(`/api/admin/orders/${medusaOrderId}/refunds`, { reason: "Refunded in Stripe's dashboard", ...body }, { ...bearer(as), ...anyStatus })
        // Refusals: an owner, an unknown refund, more than it refunded, Atelier's own refund.
        const asOwner = await api.post(
          `/api/orders/${south.medusaOrderId}/refunds`,
          { org_id: org["studio-south"], reason: "x", amount: 1, provider_refund_id: dashboard.id },
          { ...bearer(token["studio-south"]), ...anyStatus }
        )
        expect([asOwner.status, asOwner.data]).toEqual([403, { error: "Forbidden", message: REFUND_MESSAGES.providerRefundAdminsOnly }])
        const unknown = await record(south.medusaOrderId, { amount: 10, provider_refund_id: "re_nowhere" })
        expect([unknown.status, unknown.data.error]).toEqual([400, providerRefundNotFoundMessage("re_nowhere")])
        const tooMuch = await record(south.medusaOrderId, { amount: 30.01, provider_refund_id: dashboard.id })
        expect([tooMuch.status, tooMuch.data.error]).toEqual([400, providerRefundExceededMessage(dashboard.id, 3000)])
        expect(await count("gallery_refund", "gallery_order_id = ?", [order.orderId])).toBe(0)

        // $20 of it on South's order, $10 on North's: recorded, no new provider refund, each share reversed once.
        const first = await record(south.medusaOrderId, { amount: 20, provider_refund_id: dashboard.id })
        expect(first.status).toBe(201)
        expect(first.data.refund).toMatchObject({ source: "provider", status: "succeeded", amount: 20, payout_action: "reversal" })
        const rest = await record(north.medusaOrderId, { amount: 10.01, provider_refund_id: dashboard.id })
        expect([rest.status, rest.data.error]).toEqual([400, providerRefundExceededMessage(dashboard.id, 1000)])
        const second = await record(north.medusaOrderId, { amount: 10, provider_refund_id: dashboard.id })
        expect(second.status).toBe(201)
        expect(await rows(`SELECT id FROM sandbox_refund WHERE payment_intent_id = ?`, [order.intentId])).toEqual([{ id: dashboard.id }])
        const stored = await rows(`SELECT source, provider_refund_id, status, reversal_id FROM gallery_refund WHERE gallery_order_id = ? ORDER BY created_at`, [
          order.orderId,
        ])
        expect(stored).toEqual([
          { source: "provider", provider_refund_id: dashboard.id, status: "succeeded", reversal_id: expect.stringMatching(/^trr_/) },
          { source: "provider", provider_refund_id: dashboard.id, status: "succeeded", reversal_id: expect.stringMatching(/^trr_/) },
        ])
        const reversals = await rows(
          `SELECT amount, idempotency_key FROM sandbox_transfer_reversal WHERE idempotency_key IN (?, ?) ORDER BY idempotency_key`,
          [`refund-reversal-${first.data.refund.id}`, `refund-reversal-${second.data.refund.id}`]
        )
        expect(reversals.map((r) => r.amount)).toEqual(
          [first, second]
            .sort((a, b) => `refund-reversal-${a.data.refund.id}`.localeCompare(`refund-reversal-${b.data.refund.id}`))
            .map((r) => Math.round(r.data.refund.artist_share * 100))
        )
        expect((await ledgerOf(order.orderId)).map((e) => e.kind)).toEqual(["refund_reversal", "refund_reversal"])

        // Fully recorded: a third record is refused, and the day adds up to the cent.
        const third = await record(north.medusaOrderId, { amount: 0.01, provider_refund_id: dashboard.id })
        expect([third.status, third.data.error]).toEqual([400, providerRefundExceededMessage(dashboard.id, 0)])
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        expect(await chargeOf()).toMatchObject({ refunds: 30, adds_up: true, difference: 0 })

        // Atelier's own refund cannot be recorded again as a dashboard one.
        const own = await record(north.medusaOrderId, { amount: 1 })
        expect(own.status).toBe(201)
        const [ownRecord] = await rows(`SELECT provider_refund_id FROM gallery_refund WHERE id = ?`, [own.data.refund.id])
        const again = await record(south.medusaOrderId, { amount: 1, provider_refund_id: ownRecord.provider_refund_id })
        expect([again.status, again.data.error]).toEqual([400, providerRefundOwnMessage(ownRecord.provider_refund_id)])
      })
    })

    describe("crash safety", () => {
      it("a refund recorded by a process that died before moving its money is finished by the outbox, once", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const order = await placeOrder([["studio-north-print", 2]])
        const north = order.artist["studio-north"]!
        // The record alone, as a process killed right after its commit leaves it.
        const { result } = await refundArtistOrderWorkflow(container).run({
          input: {
            artistOrderId: north.artistOrderId,
            request: { kind: "items", items: [{ id: north.lines[0].galleryItemId, quantity: 1 }], includeShipping: false },
            source: "artist",
            reason: "Crash",
            requestedBy: null,
          },
        })
        const [pending] = await rows(`SELECT status FROM gallery_refund WHERE id = ?`, [result.id])
        expect(["pending", "succeeded"]).toContain(pending.status)
        const drained = await outboxDrained(pg)
        expect([drained, await rows(`SELECT handler, last_error FROM gallery_outbox_message WHERE delivered_at IS NULL`)]).toEqual([0, []])
        await dispatchGalleryOutbox(container)
        await settleRefund(container, result.id)
        const [done] = await rows(`SELECT status, provider_refund_id, reversal_id FROM gallery_refund WHERE id = ?`, [result.id])
        expect(done).toMatchObject({ status: "succeeded", provider_refund_id: expect.stringMatching(/^re_/), reversal_id: expect.stringMatching(/^trr_/) })
        expect(await count("sandbox_refund")).toBe(1)
        expect(await count("sandbox_transfer_reversal")).toBe(1)
        expect(await count("gallery_ledger_entry", `refund_id = ?`, [result.id])).toBe(1)
      })

      it("a transfer made by a process that died before recording it is found and reversed, not cut again", async () => {
        await setAccounts({ "studio-north": null })
        const order = await placeOrder([["studio-north-print", 1]])
        const north = order.artist["studio-north"]!
        const [payout] = await rows(`SELECT id, amount_cents FROM gallery_payout WHERE artist_order_id = ?`, [north.artistOrderId])
        // The transfer was made at the provider, the process died before recording it: the payout is pending, attempted.
        await setAccounts({ "studio-north": "acct_north" })
        await pg.raw(`UPDATE gallery_payout SET attempt_count = 1, first_attempted_at = now() WHERE id = ?`, [payout.id])
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        const [intent] = await rows(`SELECT charge_id FROM sandbox_payment_intent WHERE id = ?`, [order.intentId])
        const transfer = await payments.createTransfer({
          amountCents: payout.amount_cents,
          currency: "usd",
          destination: "acct_north",
          transferGroup: (await rows(`SELECT transfer_group FROM gallery_order WHERE id = ?`, [order.orderId]))[0].transfer_group,
          sourceTransaction: intent.charge_id,
          idempotencyKey: `gallery-payout-${north.artistOrderId}`,
          metadata: { artist_order_id: north.artistOrderId },
        })
        const res = await refund("studio-north", north.medusaOrderId, { reason: "x", items: [{ id: north.lines[0].id, quantity: 1 }] })
        expect(res.status).toBe(201)
        expect(res.data.refund.payout_action).toBe("reversal")
        expect(await rows(`SELECT transfer_id, amount FROM sandbox_transfer_reversal`)).toEqual([{ transfer_id: transfer.id, amount: 3079 }])
        const [after] = await rows(`SELECT status, transfer_id, amount_cents FROM gallery_payout WHERE id = ?`, [payout.id])
        expect(after).toEqual({ status: "transferred", transfer_id: transfer.id, amount_cents: payout.amount_cents })
      })
    })
  },
})
