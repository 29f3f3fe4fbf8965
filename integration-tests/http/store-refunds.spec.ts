import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { amountOverRefundMessage, itemOverRefundMessage, REFUND_MESSAGES, unknownItemMessage } from "../../src/lib/refunds"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { settleStoreRefund } from "../../src/processes/refunds/store-refunds"
import { refundStoreOrderWorkflow } from "../../src/workflows/refunds/workflows/refund-store-order"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import { startWebhookReceiver } from "../helpers/webhook-receiver"
import { COLLECTOR_ADDRESS, loginDemoAdmin, loginDemoMember, orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const SHOPPER = "buyer@collector.test"
const PRINT = "studio-north-print"

/** A paid sale of North's own store: its store payment, its Medusa order and that order's one line. */
type StoreSale = { payment: Row; orderId: string; lineId: string; chargeCents: number; feeCents: number }

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const org: Record<string, string> = {}
    const token: Record<string, string> = {}
    let print: { product_id: string; variant_id: string }

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, ["studio-north", "studio-south"]))
      const products = await productIdsByHandle(container, [PRINT])
      const [variant] = await selectRows(pg, `SELECT id FROM product_variant WHERE product_id = ? AND deleted_at IS NULL`, [products[PRINT]])
      print = { product_id: products[PRINT], variant_id: variant.id }
      await pg.raw(
        `UPDATE inventory_level SET stocked_quantity = reserved_quantity + 50 WHERE inventory_item_id IN (
           SELECT inventory_item_id FROM product_variant_inventory_item WHERE variant_id = ? AND deleted_at IS NULL)`,
        [print.variant_id]
      )
      token.admin = await loginDemoAdmin(api)
      token.north = await loginDemoMember(api, "north@atelier.test")
      token.south = await loginDemoMember(api, "south@atelier.test")
      token.member = await loginDemoMember(api, "member@atelier.test")
      // North ships to the US for a flat $10 a parcel: its store sales carry shipping.
      const rate = await api.post(
        "/api/shipping-rates",
        { org_id: org["studio-north"], name: "Tracked", countries: ["US"], first_item_amount: 10, additional_item_amount: 0 },
        bearer(token.north)
      )
      expect(rate.status).toBe(201)
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    afterEach(() => jest.restoreAllMocks())

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)

    /** A paid sale of `quantity` prints from North's store (the storefront's intent, Stripe.js's confirm). */
    async function placeStoreSale(quantity: number): Promise<StoreSale> {
      const res = await api.post(
        "/api/create-payment-intent",
        {
          org_id: org["studio-north"],
          customer_email: SHOPPER,
          items: [{ ...print, quantity }],
          shipping_address: COLLECTOR_ADDRESS,
        },
        anyStatus
      )
      expect(res.status).toBe(200)
      const intentId = (res.data.clientSecret as string).split("_secret_")[0]
      const paid = await api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
      expect(paid.status).toBe(200)
      const [payment] = await rows(`SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId])
      expect(payment).toMatchObject({ status: "paid", order_id: expect.stringMatching(/^order_/) })
      expect(await outboxDrained(pg, 60_000)).toBe(0)
      return {
        payment,
        orderId: payment.order_id,
        lineId: payment.items[0].id,
        chargeCents: payment.subtotal_cents + payment.shipping_cents,
        feeCents: payment.platform_fee_cents,
      }
    }

    function refund(orderId: string, body: Record<string, unknown>, as = "north") {
      return api.post(`/api/orders/${orderId}/refunds`, { org_id: org["studio-north"], ...body }, bearer(token[as]))
    }

    /** The order as North's dashboard list, its detail (`GET /api/orders/{id}`), /v1 and the analytics show it. */
    async function orderViews(orderId: string, apiKey: string) {
      const query = `org_id=${org["studio-north"]}`
      const list = await api.get(`/api/dashboard/orders?${query}&per_page=100`, bearer(token.north))
      const detail = await api.get(`/api/orders/${orderId}?${query}`, bearer(token.north))
      const v1 = await api.get(`/v1/orders/${orderId}`, { headers: { authorization: `Bearer ${apiKey}` }, ...anyStatus })
      const v1List = await api.get(`/v1/orders?per_page=100`, { headers: { authorization: `Bearer ${apiKey}` }, ...anyStatus })
      const analytics = await api.get(`/api/analytics?${query}`, bearer(token.north))
      expect([list.status, detail.status, v1.status, v1List.status, analytics.status]).toEqual([200, 200, 200, 200, 200])
      return {
        listed: (list.data.orders as Row[]).find((o) => o.id === orderId) as Row,
        detail: detail.data.data as Row,
        v1: v1.data.data as Row,
        v1Listed: (v1List.data.data as Row[]).find((o) => o.id === orderId) as Row,
        revenue: analytics.data.revenue.total as number,
      }
    }

    const ledgerOf = (storePaymentId: string) =>
      rows(
        `SELECT entry_key, kind, amount_cents, earned_cents, sent_cents, refund_id, reference FROM gallery_ledger_entry
         WHERE store_payment_id = ? AND refund_id IS NOT NULL ORDER BY created_at, id`,
        [storePaymentId]
      )

    describe("POST /api/orders/{id}/refunds on a store order", () => {
      it("by items, then the shipping and the rest: one destination-charge refund each, the fee back in proportion, to the cent", async () => {
        const sale = await placeStoreSale(2)
        // 2 x $34.99, $10 shipping; North's starter plan keeps 5 % of the merchandise ($3.50).
        expect([sale.payment.subtotal_cents, sale.payment.shipping_cents, sale.feeCents]).toEqual([6998, 1000, 350])

        const first = await refund(sale.orderId, { reason: "Print arrived creased", items: [{ id: sale.lineId, quantity: 1 }] })
        expect([first.status, first.data.error]).toEqual([201, undefined])
        // The fee returned: round(350 x 3499 / 7998) = 153; North gives back the rest of the $34.99.
        expect(first.data.refund).toEqual({
          id: expect.stringMatching(/^sref_/),
          order_id: sale.orderId,
          status: "succeeded",
          source: "artist",
          reason: "Print arrived creased",
          amount: 34.99,
          merchandise: 34.99,
          shipping: 0,
          gallery_fee: 0,
          processing_fee: 0,
          platform_fee: 1.53,
          artist_share: 33.46,
          payout_action: "reversal",
          items: [{ id: sale.lineId, quantity: 1, unit_price: 34.99 }],
          provider_refund_id: expect.stringMatching(/^re_/),
          reversal_id: expect.stringMatching(/^trr_/),
          failure_reason: null,
          created_at: expect.any(String),
          refunded_at: expect.any(String),
        })
        const refundId = first.data.refund.id
        // The provider: ONE refund of the charge, reversing the transfer and returning the fee, under the record's key.
        expect(
          await rows(
            `SELECT id, amount, idempotency_key, reverse_transfer, refund_application_fee, application_fee_refunded,
                    transfer_reversal_id, transfer_reversal_amount
             FROM sandbox_refund WHERE payment_intent_id = ?`,
            [sale.payment.payment_intent_id]
          )
        ).toEqual([
          {
            id: first.data.refund.provider_refund_id,
            amount: 3499,
            idempotency_key: `refund-${refundId}`,
            reverse_transfer: true,
            refund_application_fee: true,
            application_fee_refunded: 153,
            transfer_reversal_id: first.data.refund.reversal_id,
            transfer_reversal_amount: 3346,
          },
        ])
        // The record and the store payment's refunded amounts.
        const [stored] = await rows(`SELECT * FROM store_refund WHERE id = ?`, [refundId])
        expect(stored).toMatchObject({
          store_payment_id: sale.payment.id,
          order_id: sale.orderId,
          organization_id: org["studio-north"],
          source: "artist",
          amount_cents: 3499,
          merchandise_cents: 3499,
          shipping_cents: 0,
          application_fee_cents: 153,
          artist_share_cents: 3346,
          status: "succeeded",
          requested_by: expect.any(String),
        })
        const [afterFirst] = await rows(`SELECT * FROM store_payment WHERE id = ?`, [sale.payment.id])
        expect(afterFirst).toMatchObject({
          refunded_cents: 3499,
          refunded_shipping_cents: 0,
          refunded_fee_cents: 153,
          refunded_quantities: { [sale.lineId]: 1 },
        })
        // The ledger: the artist's reversal, amount less the returned fee, keyed by the refund.
        expect(await ledgerOf(sale.payment.id)).toEqual([
          {
            entry_key: `refund_reversal:${refundId}`,
            kind: "refund_reversal",
            amount_cents: 3346,
            earned_cents: -3346,
            sent_cents: -3346,
            refund_id: refundId,
            reference: first.data.refund.reversal_id,
          },
        ])

        // The rest: the other print and the shipping. It returns the fee's remainder exactly (350 − 153).
        const rest = await refund(sale.orderId, { reason: "Returned", items: [{ id: sale.lineId, quantity: 1 }], include_shipping: true })
        expect(rest.status).toBe(201)
        expect(rest.data.refund).toMatchObject({ amount: 44.99, merchandise: 34.99, shipping: 10, platform_fee: 1.97, artist_share: 43.02 })
        const [afterRest] = await rows(`SELECT * FROM store_payment WHERE id = ?`, [sale.payment.id])
        expect(afterRest).toMatchObject({ refunded_cents: 7998, refunded_shipping_cents: 1000, refunded_fee_cents: 350 })
        expect(await rows(`SELECT sum(amount)::int AS s, sum(application_fee_refunded)::int AS f FROM sandbox_refund`)).toEqual([
          { s: 7998, f: 350 },
        ])

        // Nothing is left: refused with the rule's message, nothing moves.
        const again = await refund(sale.orderId, { reason: "Again", amount: 1 })
        expect(again.status).toBe(400)
        expect(again.data).toMatchObject({ error: REFUND_MESSAGES.nothingLeft, code: "invalid_request" })
        const line = await refund(sale.orderId, { reason: "Again", items: [{ id: sale.lineId, quantity: 1 }] })
        expect([line.status, line.data.error]).toEqual([400, REFUND_MESSAGES.nothingLeft])
        expect(await count("sandbox_refund")).toBe(2)

        // North gave back exactly what the destination charge sent it.
        const ledger = await ledgerOf(sale.payment.id)
        expect(ledger.map((e) => e.amount_cents)).toEqual([3346, 4302])
        expect(3346 + 4302).toBe(sale.chargeCents - sale.feeCents)

        // The customer and North's owner are emailed once per refund; Medusa's order book records the refunds.
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const emails = await rows(
          `SELECT template, "to", data FROM notification WHERE template IN ('gallery-refund-issued', 'gallery-artist-refund-issued')
           ORDER BY template, created_at`
        )
        expect(emails.filter((e) => e.template === "gallery-refund-issued").map((e) => e.to)).toEqual([SHOPPER, SHOPPER])
        expect(emails.filter((e) => e.template === "gallery-artist-refund-issued").map((e) => e.to)).toEqual([
          "north@atelier.test",
          "north@atelier.test",
        ])
        // The order is named by its number, `#` and Medusa's display id.
        const [{ display_id: displayId }] = await rows(`SELECT display_id FROM "order" WHERE id = ?`, [sale.orderId])
        expect(new Set(emails.map((e) => e.data.publicId))).toEqual(new Set([`#${displayId}`]))
        const medusaRefunds = await rows(
          `SELECT r.amount FROM refund r JOIN payment p ON p.id = r.payment_id
           JOIN payment_collection pc ON pc.id = p.payment_collection_id
           JOIN order_payment_collection opc ON opc.payment_collection_id = pc.id
           WHERE opc.order_id = ? AND r.deleted_at IS NULL`,
          [sale.orderId]
        )
        expect(medusaRefunds.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0)).toBe(7998)

        // The day still adds up: the commission is the fee less what the refunds returned of it.
        const today = new Date().toISOString().slice(0, 10)
        const day = await api.get(`/api/admin/reconciliation?date=${today}`, bearer(token.admin))
        expect(day.status).toBe(200)
        const charge = day.data.charges.find((c: Row) => c.id === sale.payment.id)
        expect(charge).toMatchObject({ kind: "store_payment", charge: 79.98, refunds: 79.98, reversals: 76.48, commission: 0, adds_up: true })

        // Listed for every member, oldest first.
        const listed = await api.get(`/api/orders/${sale.orderId}/refunds?org_id=${org["studio-north"]}`, bearer(token.member))
        expect(listed.status).toBe(200)
        expect(listed.data.refunds.map((r: Row) => [r.amount, r.platform_fee])).toEqual([
          [34.99, 1.53],
          [44.99, 1.97],
        ])
      })

      it("by amount: split between merchandise and shipping; never more than is left; order.refunded is sent", async () => {
        // North's integration listens to refunds.
        const receiver = await startWebhookReceiver()
        const endpoint = await api.post(
          "/api/webhook-endpoints",
          { org_id: org["studio-north"], url: `${receiver.url}/hooks`, events: ["order.refunded"] },
          bearer(token.north)
        )
        expect(endpoint.status).toBe(201)
        const sale = await placeStoreSale(2)
        const key = await api.post("/api/settings/api-keys", { org_id: org["studio-north"], name: "Refunds", scopes: ["read:orders"] }, bearer(token.north))
        expect(key.status).toBe(201)
        // Before any refund every view keeps the contract's fields.
        const before = await orderViews(sale.orderId, key.data.key)
        for (const view of [before.listed, before.detail, before.v1, before.v1Listed]) {
          expect(view).toMatchObject({ id: sale.orderId, source: "store", total: 79.98 })
          expect(view).not.toHaveProperty("refunded_amount")
        }

        const res = await refund(sale.orderId, { reason: "Goodwill", amount: 20 })
        expect(res.status).toBe(201)

        // The dashboard's list and detail, /v1 and the analytics show what was refunded, as for a gallery order.
        const after = await orderViews(sale.orderId, key.data.key)
        expect(after.listed).toMatchObject({ refunded_amount: 20, total: 79.98, payment_status: "paid" })
        expect(after.detail).toMatchObject({ refunded_amount: 20, total_amount: 79.98 })
        expect(after.v1).toMatchObject({ refunded_amount: 20, total: 79.98 })
        expect(after.v1Listed).toMatchObject({ refunded_amount: 20 })
        expect(Math.round((before.revenue - after.revenue) * 100)).toBe(2000)
        // shipping round(2000 x 1000 / 7998) = 250; fee round(2000 x 350 / 7998) = 88.
        expect(res.data.refund).toMatchObject({
          status: "succeeded",
          amount: 20,
          merchandise: 17.5,
          shipping: 2.5,
          platform_fee: 0.88,
          artist_share: 19.12,
          items: [],
        })
        expect(await rows(`SELECT amount, idempotency_key, application_fee_refunded, transfer_reversal_amount FROM sandbox_refund`)).toEqual([
          { amount: 2000, idempotency_key: `refund-${res.data.refund.id}`, application_fee_refunded: 88, transfer_reversal_amount: 1912 },
        ])
        expect((await ledgerOf(sale.payment.id)).map((e) => [e.kind, e.amount_cents])).toEqual([["refund_reversal", 1912]])
        const heard = await waitFor(
          async () => receiver.requests.map((r) => JSON.parse(r.body) as { type: string; data: Row }),
          (events) => events.length >= 1,
          60_000
        )
        expect(heard.map((e) => e.type)).toEqual(["order.refunded"])
        expect(heard[0].data).toMatchObject({ id: sale.orderId, refund: { id: res.data.refund.id, amount: 20, shipping: 2.5, reason: "Goodwill" } })
        await receiver.close()

        const over = await refund(sale.orderId, { reason: "More", amount: 59.99 })
        expect(over.status).toBe(400)
        expect(over.data).toMatchObject({ error: amountOverRefundMessage(5998), code: "invalid_request" })
        const tooMany = await refund(sale.orderId, { reason: "More", items: [{ id: sale.lineId, quantity: 3 }] })
        expect([tooMany.status, tooMany.data.error]).toEqual([400, itemOverRefundMessage(sale.lineId, 2)])
        const unknown = await refund(sale.orderId, { reason: "More", items: [{ id: "ordli_nope", quantity: 1 }] })
        expect([unknown.status, unknown.data.error]).toEqual([400, unknownItemMessage("ordli_nope")])
        expect(await count("store_refund")).toBe(1)
        expect(await count("sandbox_refund")).toBe(1)
      })

      it("owners only, of their own organization; an administrator refunds any store order", async () => {
        const sale = await placeStoreSale(1)
        const body = { org_id: org["studio-north"], reason: "x", amount: 1 }
        expect((await api.post(`/api/orders/${sale.orderId}/refunds`, body, anyStatus)).status).toBe(401)
        const member = await api.post(`/api/orders/${sale.orderId}/refunds`, body, bearer(token.member))
        expect([member.status, member.data.message]).toEqual([403, REFUND_MESSAGES.ownersOnly])
        const other = await api.post(`/api/orders/${sale.orderId}/refunds`, { ...body, org_id: org["studio-south"] }, bearer(token.south))
        expect(other.status).toBe(403)
        const adminAsArtist = await api.post(`/api/orders/${sale.orderId}/refunds`, body, bearer(token.admin))
        expect(adminAsArtist.status).toBe(403)
        const asMemberOnAdmin = await api.post(`/api/admin/orders/${sale.orderId}/refunds`, { reason: "x", amount: 1 }, bearer(token.north))
        expect(asMemberOnAdmin.status).toBe(403)
        expect(await count("store_refund")).toBe(0)

        const admin = await api.post(
          `/api/admin/orders/${sale.orderId}/refunds`,
          { reason: "Chargeback avoided", items: [{ id: sale.lineId, quantity: 1 }] },
          bearer(token.admin)
        )
        expect(admin.status).toBe(201)
        expect(admin.data.refund).toMatchObject({ source: "admin", status: "succeeded", merchandise: 34.99, payout_action: "reversal" })
        const [stored] = await rows(`SELECT requested_by FROM store_refund WHERE id = ?`, [admin.data.refund.id])
        expect(stored.requested_by).toMatch(/^user_/)
        const listed = await api.get(`/api/admin/orders/${sale.orderId}/refunds`, bearer(token.admin))
        expect(listed.data.refunds.map((r: Row) => r.id)).toEqual([admin.data.refund.id])
      })

      it("a disputed payment: refused while the dispute is open and after it was lost; nothing recorded, nothing moves", async () => {
        const sale = await placeStoreSale(2)
        const intentId = sale.payment.payment_intent_id
        const disputed = sale.chargeCents
        const opened = await api.post(`/api/sandbox/payment-intents/${intentId}/dispute`, { amount: disputed }, anyStatus)
        expect(opened.status).toBe(200)
        const whileOpen = await refund(sale.orderId, { reason: "Customer asked", items: [{ id: sale.lineId, quantity: 1 }] })
        expect(whileOpen.status).toBe(400)
        expect(whileOpen.data).toMatchObject({ error: REFUND_MESSAGES.disputeOpen, code: "invalid_request" })

        const lost = await api.post(`/api/sandbox/payment-intents/${intentId}/dispute/close`, { outcome: "lost" }, anyStatus)
        expect(lost.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        for (const body of [{ reason: "After the chargeback", amount: 5 }, { reason: "x", items: [{ id: sale.lineId, quantity: 1 }] }]) {
          const after = await refund(sale.orderId, body)
          expect(after.status).toBe(400)
          expect(after.data).toMatchObject({ error: REFUND_MESSAGES.disputeLost, code: "invalid_request" })
        }
        const admin = await api.post(`/api/admin/orders/${sale.orderId}/refunds`, { reason: "x", amount: 5 }, bearer(token.admin))
        expect([admin.status, admin.data.error ?? admin.data.message]).toEqual([400, REFUND_MESSAGES.disputeLost])
        expect(await count("store_refund")).toBe(0)
        expect(await count("sandbox_refund")).toBe(0)
        const [payment] = await rows(`SELECT refunded_cents FROM store_payment WHERE id = ?`, [sale.payment.id])
        expect(payment.refunded_cents).toBe(0)
        // The dispute's reversal took back only its own share, once.
        expect(await count("gallery_ledger_entry", `store_payment_id = ? AND kind = 'refund_reversal'`, [sale.payment.id])).toBe(0)
      })

      it("two refunds racing for the last print: one succeeds, the other is refused, one provider refund", async () => {
        const sale = await placeStoreSale(1)
        const body = { reason: "Race", items: [{ id: sale.lineId, quantity: 1 }] }
        const [a, b] = await Promise.all([refund(sale.orderId, body), refund(sale.orderId, body)])
        expect([a.status, b.status].sort()).toEqual([201, 400])
        const refused = a.status === 400 ? a : b
        expect(refused.data).toMatchObject({ error: itemOverRefundMessage(sale.lineId, 0), code: "invalid_request" })
        expect(await count("store_refund")).toBe(1)
        expect(await count("sandbox_refund")).toBe(1)
        const [payment] = await rows(`SELECT refunded_cents, refunded_quantities FROM store_payment WHERE id = ?`, [sale.payment.id])
        expect(payment).toEqual({ refunded_cents: 3499, refunded_quantities: { [sale.lineId]: 1 } })
      })
    })

    describe("crash safety", () => {
      it("the provider failing: the refund answers pending with its reason; the outbox finishes it, once", async () => {
        const sale = await placeStoreSale(2)
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        // The dispatcher waits (so the request's own attempt is the one that fails), and the provider is down once.
        jest.spyOn(gallery, "claimOutboxMessages").mockResolvedValue([])
        jest.spyOn(payments, "createRefund").mockRejectedValueOnce(new Error("Stripe is unavailable"))
        const res = await refund(sale.orderId, { reason: "Damaged", items: [{ id: sale.lineId, quantity: 1 }] })
        expect(res.status).toBe(201)
        expect(res.data.refund).toMatchObject({
          status: "pending",
          failure_reason: "Stripe is unavailable",
          provider_refund_id: null,
          refunded_at: null,
          amount: 34.99,
        })
        const refundId = res.data.refund.id
        expect(await count("sandbox_refund")).toBe(0)
        expect(await ledgerOf(sale.payment.id)).toEqual([])
        // Recorded all the same: a second refund of both prints is refused now.
        const both = await refund(sale.orderId, { reason: "x", items: [{ id: sale.lineId, quantity: 2 }] })
        expect([both.status, both.data.error]).toEqual([400, itemOverRefundMessage(sale.lineId, 1)])

        jest.restoreAllMocks()
        await dispatchGalleryOutbox(container)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        await settleStoreRefund(container, refundId)
        const [done] = await rows(`SELECT status, provider_refund_id, failure_reason FROM store_refund WHERE id = ?`, [refundId])
        expect(done).toMatchObject({ status: "succeeded", provider_refund_id: expect.stringMatching(/^re_/), failure_reason: null })
        expect(await rows(`SELECT amount, idempotency_key FROM sandbox_refund`)).toEqual([
          { amount: 3499, idempotency_key: `refund-${refundId}` },
        ])
        expect((await ledgerOf(sale.payment.id)).map((e) => [e.entry_key, e.amount_cents])).toEqual([[`refund_reversal:${refundId}`, 3346]])
        const listed = await api.get(`/api/orders/${sale.orderId}/refunds?org_id=${org["studio-north"]}`, bearer(token.north))
        expect(listed.data.refunds).toMatchObject([{ id: refundId, status: "succeeded", failure_reason: null }])
      })

      it("a refund recorded by a process that died before its money moved is finished by the outbox, once", async () => {
        const sale = await placeStoreSale(1)
        // The record alone, as a process killed right after its commit leaves it.
        const { result } = await refundStoreOrderWorkflow(container).run({
          input: {
            orderId: sale.orderId,
            request: { kind: "amount", amountCents: 500 },
            source: "artist",
            reason: "Crash",
            requestedBy: null,
          },
        })
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        await dispatchGalleryOutbox(container)
        await settleStoreRefund(container, result.id)
        const [done] = await rows(`SELECT status, provider_refund_id FROM store_refund WHERE id = ?`, [result.id])
        expect(done).toMatchObject({ status: "succeeded", provider_refund_id: expect.stringMatching(/^re_/) })
        expect(await count("sandbox_refund")).toBe(1)
        expect(await count("gallery_ledger_entry", `refund_id = ?`, [result.id])).toBe(1)
      })
    })
  },
})
