import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { disputeReversalIdempotencyKey, planDisputeLoss } from "../../src/lib/disputes"
import { REFUND_MESSAGES } from "../../src/lib/refunds"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { LOCAL_WEBHOOK_SECRET, signWebhookPayload } from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import { mirroredArtistOrders, placePaidGalleryOrder, setConnectedAccounts, type PaidGalleryOrder } from "../helpers/gallery-orders"
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
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET
const MIXED: [string, number][] = [
  ["studio-north-print", 3],
  ["studio-south-print", 1],
  ["studio-east-print", 2],
]

type PlacedOrder = PaidGalleryOrder

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
      token.member = await loginDemoMember(api, "north@atelier.test")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)

    const setAccounts = (accounts: Partial<Record<Slug, string | null>>) => setConnectedAccounts(container, org, accounts)

    /** A paid gallery order through the public routes: cart, checkout, the sandbox payment and confirm. */
    const placeOrder = (lines: [string, number][] = MIXED): Promise<PlacedOrder> =>
      placePaidGalleryOrder(api, pg, lines.map(([handle, quantity]) => [product[handle], quantity]))

    function openDispute(intentId: string, body: object = {}) {
      return api.post(`/api/sandbox/payment-intents/${intentId}/dispute`, body, anyStatus)
    }

    function closeDispute(intentId: string, outcome: string) {
      return api.post(`/api/sandbox/payment-intents/${intentId}/dispute/close`, { outcome }, anyStatus)
    }

    function sendWebhook(event: object) {
      const payload = JSON.stringify(event)
      return api.post("/api/webhooks/payments", payload, {
        ...anyStatus,
        transformRequest: [(data: unknown) => data],
        headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(payload, WEBHOOK_SECRET) },
      })
    }

    function disputeEvent(type: string, object: object, id = `evt_${crypto.randomUUID()}`) {
      return { id, object: "event", type, data: { object } }
    }

    /** The order's payouts by organization slug. */
    async function payoutsOf(orderId: string): Promise<Record<Slug, Row>> {
      const found = await rows(
        `SELECT id, organization_id, status, amount_cents, transfer_id, reversal_id, failure_reason, held_at, held_reason
         FROM gallery_payout WHERE gallery_order_id = ?`,
        [orderId]
      )
      const bySlug = {} as Record<Slug, Row>
      for (const payout of found) bySlug[ORG_SLUGS.find((s) => org[s] === payout.organization_id) as Slug] = payout
      return bySlug
    }

    async function disputeOf(orderId: string): Promise<Row> {
      const [dispute] = await rows(`SELECT * FROM gallery_dispute WHERE gallery_order_id = ?`, [orderId])
      return dispute
    }

    async function ownerEmails(slug: Slug): Promise<string[]> {
      const owners = await rows(
        `SELECT mb.email FROM membership m JOIN member mb ON mb.id = m.member_id
         WHERE m.organization_id = ? AND m.role = 'owner' AND m.deleted_at IS NULL ORDER BY mb.email`,
        [org[slug]]
      )
      return owners.map((o) => o.email)
    }

    async function disputeEmails(disputeId: string): Promise<Row[]> {
      return rows(
        `SELECT template, "to", idempotency_key, data FROM notification WHERE resource_id = ? ORDER BY template, "to", idempotency_key`,
        [disputeId]
      )
    }

    /** What the ledger says was sent to an organization for an order, and what the sandbox moved. */
    async function sentPerLedgerAndProvider(orderId: string, slug: Slug) {
      const [ledger] = await rows(
        `SELECT coalesce(sum(sent_cents), 0)::int AS sent FROM gallery_ledger_entry WHERE gallery_order_id = ? AND organization_id = ?`,
        [orderId, org[slug]]
      )
      const [provider] = await rows(
        `SELECT coalesce(sum(t.amount - t.amount_reversed), 0)::int AS sent
         FROM sandbox_transfer t JOIN gallery_payout p ON p.transfer_id = t.id
         WHERE p.gallery_order_id = ? AND p.organization_id = ?`,
        [orderId, org[slug]]
      )
      return { ledger: ledger.sent, provider: provider.sent }
    }

    // ---------------------------------------------------------------------------------------------------------

    describe("the sandbox opens and closes disputes", () => {
      it("opening holds the unsent payouts and emails everyone with the due date; won releases and transfers them", async () => {
        await setAccounts({ "studio-north": null, "studio-south": "acct_south", "studio-east": "acct_east" })
        const order = await placeOrder()
        const before = await payoutsOf(order.orderId)
        expect(before["studio-north"].status).toBe("pending")
        expect(before["studio-south"].status).toBe("transferred")
        expect(before["studio-east"].status).toBe("transferred")

        const due = Math.floor(Date.now() / 1000) + 5 * 24 * 3600
        const opened = await openDispute(order.intentId, { reason: "product_not_received", evidence_due_by: due })
        expect(opened.status).toBe(200)
        expect(opened.data).toMatchObject({
          id: expect.stringMatching(/^du_/),
          object: "dispute",
          amount: order.totalCents,
          payment_intent: order.intentId,
          charge: expect.stringMatching(/^ch_/),
          reason: "product_not_received",
          status: "needs_response",
          evidence_details: { due_by: due },
        })
        const dispute = await disputeOf(order.orderId)
        expect(dispute).toMatchObject({
          provider_dispute_id: opened.data.id,
          payment_intent_id: order.intentId,
          charge_id: opened.data.charge,
          amount_cents: order.totalCents,
          reason: "product_not_received",
          status: "needs_response",
          outcome: null,
          closed_at: null,
        })
        expect(new Date(dispute.evidence_due_by).getTime()).toBe(due * 1000)

        const held = await payoutsOf(order.orderId)
        expect(held["studio-north"]).toMatchObject({ status: "pending", held_reason: `dispute:${dispute.id}` })
        expect(held["studio-north"].held_at).not.toBeNull()
        expect(held["studio-south"].held_at).toBeNull()

        // The administrators and every owner of the three artists, told of the status and the due date, once each.
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const emails = await disputeEmails(dispute.id)
        const admins = emails.filter((e) => e.template === "gallery-dispute-admin")
        expect(admins.length).toBeGreaterThan(0)
        expect(admins[0].idempotency_key).toMatch(new RegExp(`^gallery-dispute-admin:${dispute.id}:needs_response:`))
        expect(admins[0].data).toMatchObject({ publicId: order.publicId, evidenceDueBy: new Date(due * 1000).toISOString() })
        const artists = emails.filter((e) => e.template === "gallery-dispute-artist")
        const owners = [...(await ownerEmails("studio-north")), ...(await ownerEmails("studio-south")), ...(await ownerEmails("studio-east"))]
        expect(artists.map((e) => e.to).sort()).toEqual(owners.sort())
        expect(artists.every((e) => e.data.evidenceDueBy === new Date(due * 1000).toISOString())).toBe(true)

        // The artist without an account connects while the dispute is open: not paid.
        await setAccounts({ "studio-north": "acct_north" })
        await processPendingPayouts(container)
        await dispatchGalleryOutbox(container)
        expect((await payoutsOf(order.orderId))["studio-north"].status).toBe("pending")
        // An open dispute's admin list shows it.
        const listed = await api.get("/api/admin/disputes", bearer(token.admin))
        expect(listed.status).toBe(200)
        expect(listed.data.disputes.map((d: Row) => d.id)).toContain(dispute.id)

        const won = await closeDispute(order.intentId, "won")
        expect(won.status).toBe(200)
        expect(won.data.status).toBe("won")
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        expect(await disputeOf(order.orderId)).toMatchObject({ status: "won", outcome: "won", loss_plan: null })
        const after = await payoutsOf(order.orderId)
        expect(after["studio-north"]).toMatchObject({ status: "transferred", held_at: null, held_reason: null })
        expect(after["studio-north"].transfer_id).toMatch(/^tr_/)
        expect(await count("sandbox_transfer_reversal", "idempotency_key LIKE ?", [`dispute-reversal-${opened.data.id}-%`])).toBe(0)
        expect((await disputeEmails(dispute.id)).filter((e) => e.data.status === "won").length).toBe(emails.length)
        // Closed: no longer in the default (open) list.
        const open = await api.get("/api/admin/disputes", bearer(token.admin))
        expect(open.data.disputes.map((d: Row) => d.id)).not.toContain(dispute.id)
      })

      it("a disputed order is not refunded while the dispute is open nor after it was lost; once won it is", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const refund = async (galleryOrderId: string) => {
          expect(await outboxDrained(pg, 60_000)).toBe(0)
          const [mirrored] = await mirroredArtistOrders(pg, galleryOrderId)
          return api.post(`/api/admin/orders/${mirrored.medusaOrderId}/refunds`, { reason: "Damaged", amount: 1 }, { ...bearer(token.admin), ...anyStatus })
        }
        const won = await placeOrder([["studio-north-print", 1]])
        expect((await openDispute(won.intentId)).status).toBe(200)
        const whileOpen = await refund(won.orderId)
        expect([whileOpen.status, whileOpen.data.error]).toEqual([400, REFUND_MESSAGES.disputeOpen])
        expect((await closeDispute(won.intentId, "won")).status).toBe(200)
        expect((await refund(won.orderId)).status).toBe(201)

        const lost = await placeOrder([["studio-north-print", 1]])
        expect((await openDispute(lost.intentId)).status).toBe(200)
        expect((await closeDispute(lost.intentId, "lost")).status).toBe(200)
        const afterLoss = await refund(lost.orderId)
        expect([afterLoss.status, afterLoss.data.error]).toEqual([400, REFUND_MESSAGES.disputeLost])
        expect(await count("gallery_refund", "gallery_order_id = ?", [lost.orderId])).toBe(0)
      })

      it("lost: sent payouts reversed with exact amounts and keys, unsent ones cut, all in the ledger; replays change nothing", async () => {
        await setAccounts({ "studio-north": null, "studio-south": "acct_south", "studio-east": "acct_east" })
        const order = await placeOrder()
        const before = await payoutsOf(order.orderId)
        const opened = await openDispute(order.intentId)
        expect(opened.status).toBe(200)
        const lost = await closeDispute(order.intentId, "lost")
        expect(lost.status).toBe(200)
        expect(lost.data.status).toBe("lost")
        expect(await outboxDrained(pg, 60_000)).toBe(0)

        const dispute = await disputeOf(order.orderId)
        expect(dispute).toMatchObject({ status: "lost", outcome: "lost" })
        expect(dispute.closed_at).not.toBeNull()
        const after = await payoutsOf(order.orderId)
        for (const slug of ["studio-south", "studio-east"] as Slug[]) {
          const payout = before[slug]
          const [reversal] = await rows(`SELECT id, amount, transfer_id, idempotency_key FROM sandbox_transfer_reversal WHERE idempotency_key = ?`, [
            disputeReversalIdempotencyKey(opened.data.id, payout.id),
          ])
          expect(reversal).toMatchObject({ amount: payout.amount_cents, transfer_id: payout.transfer_id })
          expect(after[slug]).toMatchObject({ status: "reversed", reversal_id: reversal.id })
          const entries = await rows(`SELECT kind, amount_cents, earned_cents, sent_cents, reference, dispute_id, entry_key FROM gallery_ledger_entry WHERE payout_id = ? AND kind = 'dispute_reversal'`, [payout.id])
          expect(entries).toEqual([
            {
              kind: "dispute_reversal",
              amount_cents: payout.amount_cents,
              earned_cents: -payout.amount_cents,
              sent_cents: -payout.amount_cents,
              reference: reversal.id,
              dispute_id: dispute.id,
              entry_key: `dispute_reversal:${dispute.id}:${payout.id}`,
            },
          ])
          expect(await sentPerLedgerAndProvider(order.orderId, slug)).toEqual({ ledger: 0, provider: 0 })
        }
        // The unsent payout is cut to nothing, its hold gone, with its transfer_reduced entry.
        expect(after["studio-north"]).toMatchObject({ status: "failed", amount_cents: 0, failure_reason: "dispute_lost", held_at: null })
        const [cut] = await rows(`SELECT kind, amount_cents, dispute_id FROM gallery_ledger_entry WHERE payout_id = ? AND kind = 'transfer_reduced'`, [
          before["studio-north"].id,
        ])
        expect(cut).toEqual({ kind: "transfer_reduced", amount_cents: before["studio-north"].amount_cents, dispute_id: dispute.id })
        expect(dispute.loss_plan.map((item: Row) => [item.payout_id, item.action, item.amount_cents, Boolean(item.reversal_id)]).sort()).toEqual(
          [
            [before["studio-north"].id, "reduction", before["studio-north"].amount_cents, false],
            [before["studio-south"].id, "reversal", before["studio-south"].amount_cents, true],
            [before["studio-east"].id, "reversal", before["studio-east"].amount_cents, true],
          ].sort()
        )
        // The lost emails tell each artist what comes back.
        const lostEmails = (await disputeEmails(dispute.id)).filter((e) => e.template === "gallery-dispute-artist" && e.data.status === "lost")
        expect(lostEmails.length).toBeGreaterThan(0)

        // An account connected later pays nothing for it.
        await setAccounts({ "studio-north": "acct_north" })
        await processPendingPayouts(container)

        // Replays: the sandbox close again, the same event delivered twice, a new delivery of the closed dispute.
        const counts = async () => ({
          reversals: await count("sandbox_transfer_reversal"),
          ledger: await count("gallery_ledger_entry"),
          outbox: await count("gallery_outbox_message"),
          notifications: await count("notification"),
          transfers: await count("sandbox_transfer"),
        })
        const snapshot = await counts()
        expect((await closeDispute(order.intentId, "lost")).status).toBe(200)
        const event = disputeEvent("charge.dispute.closed", lost.data)
        const first = await sendWebhook(event)
        expect(first.status).toBe(200)
        expect(first.data).toEqual({ received: true })
        const second = await sendWebhook(event)
        expect(second.data).toEqual({ received: true, duplicate: true })
        // Older events delivered late: a closed dispute never reopens.
        const late = await sendWebhook(disputeEvent("charge.dispute.updated", { ...lost.data, status: "under_review" }))
        expect(late.status).toBe(200)
        await dispatchGalleryOutbox(container)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        expect(await counts()).toEqual(snapshot)
        expect(await disputeOf(order.orderId)).toMatchObject({ status: "lost" })
        // The other outcome is refused by the sandbox.
        expect((await closeDispute(order.intentId, "won")).status).toBe(400)
      })

      it("a partial dispute lost takes each artist's proportional share back", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south", "studio-east": "acct_east" })
        const order = await placeOrder()
        const before = await payoutsOf(order.orderId)
        const disputed = Math.floor(order.totalCents / 3)
        const opened = await openDispute(order.intentId, { amount: disputed })
        expect(opened.data.amount).toBe(disputed)
        expect(await count("gallery_payout", "gallery_order_id = ? AND held_at IS NOT NULL", [order.orderId])).toBe(0)
        await closeDispute(order.intentId, "lost")
        expect(await outboxDrained(pg, 60_000)).toBe(0)

        // In the order the planner reads them (its split gives a cent left over to the earlier payout on a tie).
        const slugs = (await rows(`SELECT organization_id FROM gallery_payout WHERE gallery_order_id = ? ORDER BY created_at, id`, [order.orderId])).map(
          (p) => ORG_SLUGS.find((s) => org[s] === p.organization_id) as Slug
        )
        const expected = planDisputeLoss({
          disputedCents: disputed,
          chargeCents: order.totalCents,
          payouts: slugs.map((slug) => ({
            payoutId: before[slug].id,
            organizationId: before[slug].organization_id,
            artistOrderId: "",
            status: "transferred" as const,
            baseCents: before[slug].amount_cents,
            transferId: before[slug].transfer_id,
          })),
        })
        expect(expected.length).toBe(3)
        const after = await payoutsOf(order.orderId)
        for (const item of expected) {
          const [reversal] = await rows(`SELECT amount FROM sandbox_transfer_reversal WHERE idempotency_key = ?`, [
            disputeReversalIdempotencyKey(opened.data.id, item.payout_id),
          ])
          expect(reversal.amount).toBe(item.amount_cents)
          expect(item.amount_cents).toBeLessThan(before[slugs.find((s) => before[s].id === item.payout_id) as Slug].amount_cents)
        }
        // Partly reversed payouts stay transferred; ledger = provider for each artist.
        for (const slug of slugs) {
          expect(after[slug].status).toBe("transferred")
          const sent = await sentPerLedgerAndProvider(order.orderId, slug)
          expect(sent.ledger).toBe(sent.provider)
          expect(sent.ledger).toBe(before[slug].amount_cents - (expected.find((i) => i.payout_id === before[slug].id)?.amount_cents ?? 0))
        }
      })

      it("a reversal whose record failed (a crash after the provider answered) is retried under its key: one reversal each", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south", "studio-east": "acct_east" })
        const order = await placeOrder()
        const before = await payoutsOf(order.orderId)
        const opened = await openDispute(order.intentId)
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        const record = jest.spyOn(gallery, "recordDisputeReversal").mockRejectedValueOnce(new Error("killed before the record"))
        let calls = 0
        try {
          await closeDispute(order.intentId, "lost")
          // Whatever the dispatcher left for later is due now, as after a restart.
          for (let i = 0; i < 50 && record.mock.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
          await pg.raw(`UPDATE gallery_outbox_message SET available_at = now() WHERE delivered_at IS NULL`)
          await dispatchGalleryOutbox(container)
          expect(await outboxDrained(pg, 60_000)).toBe(0)
          calls = record.mock.calls.length
        } finally {
          record.mockRestore()
        }
        // The killed attempt's record, then one per reversal (three artists, all paid).
        expect(calls).toBe(4)
        for (const slug of ORG_SLUGS as Slug[]) {
          const key = disputeReversalIdempotencyKey(opened.data.id, before[slug].id)
          expect(await count("sandbox_transfer_reversal", "idempotency_key = ?", [key])).toBe(1)
          expect(await count("gallery_ledger_entry", "payout_id = ? AND kind = 'dispute_reversal'", [before[slug].id])).toBe(1)
          expect(await sentPerLedgerAndProvider(order.orderId, slug)).toEqual({ ledger: 0, provider: 0 })
        }
      })

      it("refuses what the sandbox cannot dispute", async () => {
        expect((await openDispute("pi_unknown")).status).toBe(404)
        expect((await closeDispute("pi_unknown", "lost")).status).toBe(404)
        const order = await placeOrder([["studio-east-print", 1]])
        expect((await openDispute(order.intentId, { amount: order.totalCents + 1 })).status).toBe(400)
        expect((await openDispute(order.intentId, { amount: "ten" })).status).toBe(400)
        expect((await closeDispute(order.intentId, "lost")).status).toBe(404)
        expect((await openDispute(order.intentId)).status).toBe(200)
        expect((await closeDispute(order.intentId, "maybe")).status).toBe(400)
        // Opening again answers the same dispute.
        const again = await openDispute(order.intentId)
        expect(again.status).toBe(200)
        expect(await count("gallery_dispute", "payment_intent_id = ?", [order.intentId])).toBe(1)
        expect(await count("sandbox_dispute", "payment_intent_id = ?", [order.intentId])).toBe(1)
      })
    })

    describe("artist store payments (destination charges)", () => {
      /** A paid store sale of studio-north through the public routes: the intent, the sandbox payment, its settlement. */
      async function paidStorePayment(quantity = 2) {
        await setAccounts({ "studio-north": "acct_north_store" })
        const [variant] = await rows(`SELECT id FROM product_variant WHERE product_id = ? AND deleted_at IS NULL LIMIT 1`, [
          product["studio-north-print"],
        ])
        const created = await api.post(
          "/api/create-payment-intent",
          {
            org_id: org["studio-north"],
            customer_email: "store-buyer@collector.test",
            items: [{ product_id: product["studio-north-print"], variant_id: variant.id, quantity }],
          },
          anyStatus
        )
        expect(created.status).toBe(200)
        const intentId = (created.data.clientSecret as string).split("_secret_")[0]
        const paid = await api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
        expect(paid.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const [payment] = await rows(`SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId])
        expect(payment.status).toBe("paid")
        const chargeCents = payment.subtotal_cents + payment.shipping_cents
        return { intentId, payment, chargeCents, feeCents: payment.platform_fee_cents as number }
      }

      async function storeDispute(storePaymentId: string): Promise<Row> {
        const [dispute] = await rows(`SELECT * FROM gallery_dispute WHERE store_payment_id = ?`, [storePaymentId])
        return dispute
      }

      const reversalsOf = (providerDisputeId: string, storePaymentId: string) =>
        rows(`SELECT id, amount, transfer_id FROM sandbox_transfer_reversal WHERE idempotency_key = ?`, [
          disputeReversalIdempotencyKey(providerDisputeId, storePaymentId),
        ])

      const storeLedger = (storePaymentId: string) =>
        rows(
          `SELECT entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, reference, dispute_id, store_payment_id
           FROM gallery_ledger_entry WHERE store_payment_id = ? AND kind = 'dispute_reversal'`,
          [storePaymentId]
        )

      it("settlement stores the destination charge's transfer, which the sandbox shows: the charge less the fee, to the account", async () => {
        const { intentId, payment, chargeCents, feeCents } = await paidStorePayment()
        expect(payment.transfer_id).toMatch(/^tr_/)
        const listed = await api.get(`/api/sandbox/transfers?transfer_group=group_${intentId}`, anyStatus)
        expect(listed.status).toBe(200)
        expect(listed.data.data).toEqual([
          expect.objectContaining({
            id: payment.transfer_id,
            object: "transfer",
            amount: chargeCents - feeCents,
            destination: "acct_north_store",
            transfer_group: `group_${intentId}`,
            amount_reversed: 0,
          }),
        ])
      })

      it("lost: one reversal of the disputed amount less the fee's share, keyed by dispute and payment, in the ledger, emailed; replays change nothing", async () => {
        const { intentId, payment, chargeCents, feeCents } = await paidStorePayment()
        const disputed = Math.floor(chargeCents / 3)
        const opened = await openDispute(intentId, { amount: disputed })
        expect(opened.status).toBe(200)
        const lost = await closeDispute(intentId, "lost")
        expect(lost.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)

        const feeShare = Math.round((feeCents * disputed) / chargeCents)
        const amount = disputed - feeShare
        const dispute = await storeDispute(payment.id)
        expect(dispute).toMatchObject({ status: "lost", outcome: "lost", gallery_order_id: null })
        const reversals = await reversalsOf(opened.data.id, payment.id)
        expect(reversals).toEqual([{ id: expect.stringMatching(/^trr_/), amount, transfer_id: payment.transfer_id }])
        expect(await storeLedger(payment.id)).toEqual([
          {
            entry_key: `dispute_reversal:${dispute.id}:${payment.id}`,
            organization_id: org["studio-north"],
            kind: "dispute_reversal",
            amount_cents: amount,
            earned_cents: -amount,
            sent_cents: -amount,
            reference: reversals[0].id,
            dispute_id: dispute.id,
            store_payment_id: payment.id,
          },
        ])
        expect(dispute.loss_plan).toEqual([
          {
            action: "store_reversal",
            store_payment_id: payment.id,
            organization_id: org["studio-north"],
            amount_cents: amount,
            disputed_cents: disputed,
            charge_cents: chargeCents,
            application_fee_cents: feeCents,
            application_fee_share_cents: feeShare,
            transfer_cents: chargeCents - feeCents,
            already_reversed_cents: 0,
            transfer_id: payment.transfer_id,
            reversal_id: reversals[0].id,
          },
        ])
        // Ledger = provider: what the ledger says is still sent equals what the transfer still holds.
        const [sent] = await rows(`SELECT sum(sent_cents)::int AS sent FROM gallery_ledger_entry WHERE store_payment_id = ?`, [payment.id])
        const [transfer] = await rows(`SELECT amount - amount_reversed AS left FROM sandbox_transfer WHERE id = ?`, [payment.transfer_id])
        expect(sent.sent).toBe(transfer.left)
        // The day's reconciliation: the charge adds up with the reversal and the platform's share of the loss.
        const day = new Date(payment.paid_at).toISOString().slice(0, 10)
        const reconciled = await api.get(`/api/admin/reconciliation?date=${day}`, bearer(token.admin))
        expect(reconciled.status).toBe(200)
        expect(reconciled.data.charges.find((c: Row) => c.kind === "store_payment" && c.id === payment.id)).toMatchObject({
          reversals: amount / 100,
          disputes: disputed / 100,
          difference: 0,
          adds_up: true,
        })

        // The emails, as before: the administrators and the owners, at each status; the lost one says what comes back.
        const emails = await disputeEmails(dispute.id)
        const owners = await ownerEmails("studio-north")
        for (const status of ["needs_response", "lost"]) {
          const ofStatus = emails.filter((e) => e.data.status === status)
          expect(ofStatus.filter((e) => e.template === "gallery-dispute-admin").length).toBeGreaterThan(0)
          expect(ofStatus.filter((e) => e.template === "gallery-dispute-artist").map((e) => e.to).sort()).toEqual(owners)
          expect(ofStatus.every((e) => e.data.storePaymentId === payment.id)).toBe(true)
        }
        const lostArtist = emails.filter((e) => e.template === "gallery-dispute-artist" && e.data.status === "lost")
        expect(lostArtist.every((e) => e.data.takenBack === amount / 100)).toBe(true)

        // Replays: the sandbox close again, the same closing event delivered twice, a late update.
        const counts = async () => ({
          reversals: await count("sandbox_transfer_reversal"),
          ledger: await count("gallery_ledger_entry"),
          outbox: await count("gallery_outbox_message"),
          notifications: await count("notification"),
        })
        const snapshot = await counts()
        expect((await closeDispute(intentId, "lost")).status).toBe(200)
        const event = disputeEvent("charge.dispute.closed", lost.data)
        expect((await sendWebhook(event)).data).toEqual({ received: true })
        expect((await sendWebhook(event)).data).toEqual({ received: true, duplicate: true })
        expect((await sendWebhook(disputeEvent("charge.dispute.closed", lost.data))).status).toBe(200)
        expect((await sendWebhook(disputeEvent("charge.dispute.updated", { ...lost.data, status: "under_review" }))).status).toBe(200)
        await dispatchGalleryOutbox(container)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        expect(await counts()).toEqual(snapshot)
        expect(await reversalsOf(opened.data.id, payment.id)).toHaveLength(1)
      })

      it("a dispute of the whole charge takes the whole transfer back; a payment settled without its transfer id looks it up", async () => {
        const { intentId, payment, chargeCents, feeCents } = await paidStorePayment(1)
        // As a payment settled before the transfer was stored.
        await pg.raw(`UPDATE store_payment SET transfer_id = NULL WHERE id = ?`, [payment.id])
        const opened = await openDispute(intentId)
        expect(opened.data.amount).toBe(chargeCents)
        await closeDispute(intentId, "lost")
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const reversals = await reversalsOf(opened.data.id, payment.id)
        expect(reversals).toEqual([{ id: expect.any(String), amount: chargeCents - feeCents, transfer_id: payment.transfer_id }])
        const [stored] = await rows(`SELECT transfer_id FROM store_payment WHERE id = ?`, [payment.id])
        expect(stored.transfer_id).toBe(payment.transfer_id)
        const [transfer] = await rows(`SELECT amount, amount_reversed FROM sandbox_transfer WHERE id = ?`, [payment.transfer_id])
        expect(transfer.amount_reversed).toBe(transfer.amount)
        expect(await storeLedger(payment.id)).toEqual([expect.objectContaining({ amount_cents: chargeCents - feeCents, reference: reversals[0].id })])
      })

      it("won: nothing is reversed and nothing written to the ledger; the emails go out", async () => {
        const { intentId, payment } = await paidStorePayment()
        const opened = await openDispute(intentId)
        const won = await closeDispute(intentId, "won")
        expect(won.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const dispute = await storeDispute(payment.id)
        expect(dispute).toMatchObject({ status: "won", outcome: "won", loss_plan: null })
        expect(await reversalsOf(opened.data.id, payment.id)).toEqual([])
        expect(await count("sandbox_transfer_reversal", "transfer_id = ?", [payment.transfer_id])).toBe(0)
        expect(await storeLedger(payment.id)).toEqual([])
        expect(await count("gallery_outbox_message", "key = ?", [`dispute-reversals:${dispute.id}`])).toBe(0)
        expect((await disputeEmails(dispute.id)).some((e) => e.data.status === "won")).toBe(true)
      })

      it("a reversal the provider refuses is retried by the outbox and made once", async () => {
        const { intentId, payment, chargeCents, feeCents } = await paidStorePayment()
        const opened = await openDispute(intentId)
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        const reverse = jest.spyOn(payments, "reverseTransfer").mockRejectedValueOnce(new Error("provider unavailable"))
        let calls: unknown[] = []
        try {
          await closeDispute(intentId, "lost")
          for (let i = 0; i < 100 && reverse.mock.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
          const dispute = await storeDispute(payment.id)
          const key = `dispute-reversals:${dispute.id}`
          // The failed attempt leaves the message for later, with its error, and nothing recorded.
          const [failed] = await waitFor(
            () => rows(`SELECT last_error, delivered_at FROM gallery_outbox_message WHERE key = ?`, [key]),
            (found) => Boolean(found[0]?.last_error),
            30_000
          )
          expect(failed).toMatchObject({ delivered_at: null, last_error: expect.stringContaining("provider unavailable") })
          expect(await storeLedger(payment.id)).toEqual([])
          // Due again, as after its back-off: the dispatch job delivers it.
          await pg.raw(`UPDATE gallery_outbox_message SET available_at = now() WHERE key = ?`, [key])
          await dispatchGalleryOutbox(container)
          expect(await outboxDrained(pg, 60_000)).toBe(0)
          calls = reverse.mock.calls.map(([input]) => input)
        } finally {
          reverse.mockRestore()
        }
        // The refused attempt and the retry: the same transfer, amount and key.
        expect(calls).toEqual([
          { transferId: payment.transfer_id, amountCents: chargeCents - feeCents, idempotencyKey: disputeReversalIdempotencyKey(opened.data.id, payment.id) },
          { transferId: payment.transfer_id, amountCents: chargeCents - feeCents, idempotencyKey: disputeReversalIdempotencyKey(opened.data.id, payment.id) },
        ])
        expect(await reversalsOf(opened.data.id, payment.id)).toHaveLength(1)
        expect(await storeLedger(payment.id)).toHaveLength(1)
      })

      it("a reversal whose record failed (a crash after the provider answered) is sent again under its key: one reversal, one entry", async () => {
        const { intentId, payment, chargeCents, feeCents } = await paidStorePayment()
        const opened = await openDispute(intentId)
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        const record = jest.spyOn(gallery, "recordStoreDisputeReversal").mockRejectedValueOnce(new Error("killed before the record"))
        let calls = 0
        try {
          await closeDispute(intentId, "lost")
          for (let i = 0; i < 100 && record.mock.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
          const dispute = await storeDispute(payment.id)
          await waitFor(
            () => rows(`SELECT last_error FROM gallery_outbox_message WHERE key = ?`, [`dispute-reversals:${dispute.id}`]),
            (found) => Boolean(found[0]?.last_error),
            30_000
          )
          // Made at the provider, not recorded: as after a crash between the two.
          expect(await reversalsOf(opened.data.id, payment.id)).toHaveLength(1)
          expect(await storeLedger(payment.id)).toEqual([])
          await pg.raw(`UPDATE gallery_outbox_message SET available_at = now() WHERE delivered_at IS NULL`)
          await dispatchGalleryOutbox(container)
          expect(await outboxDrained(pg, 60_000)).toBe(0)
          calls = record.mock.calls.length
        } finally {
          record.mockRestore()
        }
        expect(calls).toBe(2)
        const reversals = await reversalsOf(opened.data.id, payment.id)
        expect(reversals).toEqual([{ id: expect.any(String), amount: chargeCents - feeCents, transfer_id: payment.transfer_id }])
        expect(await storeLedger(payment.id)).toEqual([expect.objectContaining({ amount_cents: chargeCents - feeCents, reference: reversals[0].id })])
        const [transfer] = await rows(`SELECT amount, amount_reversed FROM sandbox_transfer WHERE id = ?`, [payment.transfer_id])
        expect(transfer.amount_reversed).toBe(chargeCents - feeCents)
      })
    })

    describe("webhooks", () => {
      it("a signed charge.dispute.created is recorded once; an unknown payment is acknowledged and ignored", async () => {
        await setAccounts({ "studio-north": null, "studio-south": "acct_south", "studio-east": "acct_east" })
        const order = await placeOrder()
        const due = Math.floor(Date.now() / 1000) + 3 * 24 * 3600
        const object = {
          id: `du_${crypto.randomUUID().replace(/-/g, "")}`,
          object: "dispute",
          amount: order.totalCents,
          currency: "usd",
          charge: "ch_webhook",
          payment_intent: order.intentId,
          reason: "fraudulent",
          status: "needs_response",
          evidence_details: { due_by: due },
          created: Math.floor(Date.now() / 1000),
        }
        const event = disputeEvent("charge.dispute.created", object)
        const first = await sendWebhook(event)
        expect(first.status).toBe(200)
        expect(first.data).toEqual({ received: true })
        const dispute = await disputeOf(order.orderId)
        expect(dispute).toMatchObject({ provider_dispute_id: object.id, status: "needs_response", charge_id: "ch_webhook" })
        expect((await payoutsOf(order.orderId))["studio-north"].held_at).not.toBeNull()
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const emails = (await disputeEmails(dispute.id)).length
        expect(emails).toBeGreaterThan(0)

        expect((await sendWebhook(event)).data).toEqual({ received: true, duplicate: true })
        // The same dispute in a new event (the provider's retry with another id) changes nothing either.
        expect((await sendWebhook(disputeEvent("charge.dispute.created", object))).status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        expect(await count("gallery_dispute", "provider_dispute_id = ?", [object.id])).toBe(1)
        expect((await disputeEmails(dispute.id)).length).toBe(emails)

        // updated: under review, told once more.
        const updated = await sendWebhook(disputeEvent("charge.dispute.updated", { ...object, status: "under_review" }))
        expect(updated.status).toBe(200)
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        expect((await disputeOf(order.orderId)).status).toBe("under_review")
        expect((await disputeEmails(dispute.id)).length).toBe(emails * 2)

        // A failure answers 500 with nothing recorded; the provider's retry is processed.
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        const failing = jest.spyOn(gallery, "recordDisputeEvent").mockRejectedValueOnce(new Error("database unavailable"))
        const closedEvent = disputeEvent("charge.dispute.closed", { ...object, status: "won" })
        try {
          const failed = await sendWebhook(closedEvent)
          expect(failed.status).toBe(500)
          expect(await count("processed_webhook_event", "event_id = ?", [closedEvent.id])).toBe(0)
          expect((await disputeOf(order.orderId)).status).toBe("under_review")
        } finally {
          failing.mockRestore()
        }
        expect((await sendWebhook(closedEvent)).data).toEqual({ received: true })
        expect(await count("processed_webhook_event", "event_id = ?", [closedEvent.id])).toBe(1)
        expect(await disputeOf(order.orderId)).toMatchObject({ status: "won", outcome: "won" })
        expect(await outboxDrained(pg, 60_000)).toBe(0)

        const unknown = await sendWebhook(disputeEvent("charge.dispute.created", { ...object, id: "du_other", payment_intent: "pi_nowhere" }))
        expect(unknown.status).toBe(200)
        expect(await count("gallery_dispute", "provider_dispute_id = 'du_other'")).toBe(0)
      })

      it("charge.refunded: a refund made in the provider's dashboard is recorded on the order and emailed to administrators", async () => {
        const order = await placeOrder([["studio-south-print", 1]])
        const charge = {
          id: "ch_refunded",
          object: "charge",
          payment_intent: order.intentId,
          amount: order.totalCents,
          amount_refunded: 1000,
          refunds: { object: "list", data: [{ id: "re_dashboard", object: "refund", amount: 1000 }] },
        }
        const event = disputeEvent("charge.refunded", charge)
        expect((await sendWebhook(event)).data).toEqual({ received: true })
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const [stored] = await rows(`SELECT provider_refunded_cents FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(stored.provider_refunded_cents).toBe(1000)
        const emails = await rows(`SELECT "to", idempotency_key, data FROM notification WHERE template = 'gallery-provider-refund' AND resource_id = ?`, [
          order.orderId,
        ])
        expect(emails.length).toBeGreaterThan(0)
        expect(emails[0].idempotency_key).toMatch(/^gallery-provider-refund:re_dashboard:/)
        expect(emails[0].data).toMatchObject({ publicId: order.publicId, refundId: "re_dashboard" })
        // Redelivered (or an older total reported late): nothing new, the larger total kept.
        expect((await sendWebhook(event)).data).toEqual({ received: true, duplicate: true })
        await sendWebhook(disputeEvent("charge.refunded", { ...charge, amount_refunded: 500, refunds: { data: [] } }))
        expect(await outboxDrained(pg, 60_000)).toBe(0)
        const [kept] = await rows(`SELECT provider_refunded_cents FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(kept.provider_refunded_cents).toBe(1000)
        expect(await count("notification", "template = 'gallery-provider-refund' AND resource_id = ?", [order.orderId])).toBe(emails.length)
      })
    })

    describe("GET /api/admin/disputes", () => {
      it("lists open disputes by evidence due date with the order, amount and artists; administrators only", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south", "studio-east": "acct_east" })
        const later = await placeOrder([["studio-north-print", 1]])
        const sooner = await placeOrder([["studio-south-print", 1], ["studio-east-print", 1]])
        const closed = await placeOrder([["studio-east-print", 1]])
        const now = Math.floor(Date.now() / 1000)
        await openDispute(later.intentId, { evidence_due_by: now + 9 * 24 * 3600 })
        await openDispute(sooner.intentId, { evidence_due_by: now + 2 * 24 * 3600, amount: 100 })
        await openDispute(closed.intentId, { evidence_due_by: now + 1 * 24 * 3600 })
        await closeDispute(closed.intentId, "won")

        const listed = await api.get("/api/admin/disputes?status=open", bearer(token.admin))
        expect(listed.status).toBe(200)
        const mine = listed.data.disputes.filter((d: Row) => [later.publicId, sooner.publicId, closed.publicId].includes(d.order?.publicId))
        expect(mine.map((d: Row) => d.order.publicId)).toEqual([sooner.publicId, later.publicId])
        expect(mine[0]).toMatchObject({
          status: "needs_response",
          amount: 1,
          evidenceDueBy: new Date((now + 2 * 24 * 3600) * 1000).toISOString(),
          order: { id: sooner.orderId, publicId: sooner.publicId },
        })
        expect(mine[0].artists.map((a: Row) => a.id).sort()).toEqual([org["studio-south"], org["studio-east"]].sort())
        const dueDates = listed.data.disputes.map((d: Row) => d.evidenceDueBy)
        expect([...dueDates].sort()).toEqual(dueDates)

        const all = await api.get("/api/admin/disputes?status=all", bearer(token.admin))
        expect(all.data.disputes.map((d: Row) => d.order?.publicId)).toContain(closed.publicId)
        const closedOnly = await api.get("/api/admin/disputes?status=closed", bearer(token.admin))
        expect(closedOnly.data.disputes.every((d: Row) => ["won", "lost", "warning_closed"].includes(d.status))).toBe(true)

        expect((await api.get("/api/admin/disputes", anyStatus)).status).toBe(401)
        expect((await api.get("/api/admin/disputes", bearer(token.member))).status).toBe(403)
        const bad = await api.get("/api/admin/disputes?status=maybe", bearer(token.admin))
        expect(bad.status).toBe(400)
      })
    })
  },
})
