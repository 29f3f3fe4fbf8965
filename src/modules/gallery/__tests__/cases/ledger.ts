import { galleryPaymentLedgerEntries, storePaymentLedgerEntries } from "../../../../lib/ledger"
import { checkoutInput, rejection, storePaymentInput, type Suite } from "../gallery-fixtures"

/**
 * The ledger (ledger.ts, docs/payouts-ledger.md): each movement writes its entries in its own statement, only when it
 * moved, once per key; the table refuses updates and deletes.
 */
export function ledgerCases({ service, db }: Suite) {
  const entries = (where = "true", bindings: unknown[] = []) =>
    db.rows(
      `SELECT entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id, artist_order_id,
              store_payment_id, payout_id, reference, description
       FROM gallery_ledger_entry WHERE ${where} ORDER BY entry_key`,
      bindings
    )

  /** An order (artist orders of 2 x 1,000 cents, payout 1,800, shipping 500 for the first) paid with its entries. */
  async function paidWithLedger(organizations = ["org_a", "org_b"]) {
    const input = checkoutInput(organizations)
    input.artist_orders[0].shipping_cents = 500
    input.artist_orders[0].payout_cents += 500
    await service.createCheckoutOrder(input)
    const paidAt = new Date("2026-11-29T10:00:00.000Z")
    const args = {
      orderId: input.id,
      paidAt,
      artistOrderIds: input.artist_orders.map((a) => a.id),
      payouts: input.artist_orders.map((a) => ({ artist_order_id: a.id, organization_id: a.organization_id, amount_cents: a.payout_cents })),
      outbox: [],
      ledger: galleryPaymentLedgerEntries({
        id: input.id,
        publicId: input.public_id,
        paidAt,
        artistOrders: input.artist_orders.map((a) => ({
          id: a.id,
          organizationId: a.organization_id,
          payoutCents: a.payout_cents,
          shippingCents: a.shipping_cents,
        })),
      }),
    }
    const paid = await service.markOrderPaid(args)
    return { input, args, payouts: paid.payouts }
  }

  it("a payment writes each artist order's earnings with it, once: a replay writes nothing", async () => {
    const { input, args } = await paidWithLedger()
    const [a, b] = input.artist_orders
    const written = await entries()
    expect(written).toHaveLength(3)
    expect(written).toEqual(expect.arrayContaining([
      expect.objectContaining({ entry_key: `sale_earned:${a.id}`, organization_id: "org_a", amount_cents: 1800, earned_cents: 1800, sent_cents: 0, gallery_order_id: input.id, artist_order_id: a.id, description: `Gallery sale #${input.public_id}` }),
      expect.objectContaining({ entry_key: `sale_earned:${b.id}`, organization_id: "org_b", amount_cents: 1800, earned_cents: 1800 }),
      expect.objectContaining({ entry_key: `shipping_earned:${a.id}`, organization_id: "org_a", amount_cents: 500, earned_cents: 500, sent_cents: 0 }),
    ]))
    // Replayed (the order is paid already): nothing moves, nothing is written.
    expect((await service.markOrderPaid(args)).paid).toBe(false)
    expect(await db.count("gallery_ledger_entry")).toBe(3)
  })

  it("an order that does not move (not pending) writes no entry", async () => {
    const input = checkoutInput(["org_a"])
    await service.createCheckoutOrder(input)
    await service.cancelOrderOutOfStock({ orderId: input.id, refundId: "re_1" })
    const paidAt = new Date()
    const result = await service.markOrderPaid({
      orderId: input.id,
      paidAt,
      artistOrderIds: [input.artist_orders[0].id],
      payouts: [],
      outbox: [],
      ledger: galleryPaymentLedgerEntries({
        id: input.id,
        publicId: input.public_id,
        paidAt,
        artistOrders: [{ id: input.artist_orders[0].id, organizationId: "org_a", payoutCents: 1800, shippingCents: 0 }],
      }),
    })
    expect(result.paid).toBe(false)
    expect(await db.count("gallery_ledger_entry")).toBe(0)
  })

  it("a transfer writes transfer_sent with the payout's amount and the transfer id, once", async () => {
    const { payouts } = await paidWithLedger()
    const [p1, p2] = payouts
    await service.recordPayoutTransfers([
      { payoutId: p1.id, transferId: "tr_1", destination: "acct_1" },
      { payoutId: p2.id, transferId: "tr_2", destination: "acct_2" },
    ])
    await service.recordPayoutTransfers([{ payoutId: p1.id, transferId: "tr_again", destination: "acct_1" }])
    expect(await entries("kind = 'transfer_sent'")).toEqual(
      [p1, p2]
        .map((p, i) => ({
          entry_key: `transfer_sent:${p.id}`,
          organization_id: p.organization_id,
          kind: "transfer_sent",
          amount_cents: p.amount_cents,
          earned_cents: 0,
          sent_cents: p.amount_cents,
          gallery_order_id: expect.any(String),
          artist_order_id: p.artist_order_id,
          store_payment_id: null,
          payout_id: p.id,
          reference: `tr_${i + 1}`,
          description: "Transfer to your account",
        }))
        .sort((x, y) => x.entry_key.localeCompare(y.entry_key))
    )
    // Earned and sent are equal for each organization once its payout is transferred.
    const sums = await db.rows(
      `SELECT organization_id, sum(earned_cents)::int AS earned, sum(sent_cents)::int AS sent FROM gallery_ledger_entry
       GROUP BY organization_id ORDER BY organization_id`
    )
    expect(sums).toEqual([
      { organization_id: "org_a", earned: 2300, sent: 2300 },
      { organization_id: "org_b", earned: 1800, sent: 1800 },
    ])
  })

  it("a cancellation's reversal takes back what was sent (refund_reversal keyed by the payout), once", async () => {
    const { payouts } = await paidWithLedger(["org_a"])
    const [p1] = payouts
    await service.recordPayoutReversal({ payoutId: p1.id, reversalId: "trr_early" }) // not transferred: nothing
    expect(await db.count("gallery_ledger_entry", "kind = 'refund_reversal'")).toBe(0)
    await service.recordPayoutTransfers([{ payoutId: p1.id, transferId: "tr_1", destination: "acct_1" }])
    await service.recordPayoutReversal({ payoutId: p1.id, reversalId: "trr_1" })
    await service.recordPayoutReversal({ payoutId: p1.id, reversalId: "trr_2" })
    expect(await entries("kind = 'refund_reversal'")).toEqual([
      expect.objectContaining({ entry_key: `refund_reversal:${p1.id}`, amount_cents: 2300, earned_cents: -2300, sent_cents: -2300, reference: "trr_1" }),
    ])
    expect(await db.one(`SELECT sum(earned_cents)::int AS earned, sum(sent_cents)::int AS sent FROM gallery_ledger_entry`)).toEqual({
      earned: 0,
      sent: 0,
    })
  })

  it("a cancellation fails the pending payouts with transfer_reduced; the transferred one is left to its reversal", async () => {
    const { input, payouts } = await paidWithLedger()
    const [p1, p2] = payouts
    await service.recordPayoutTransfers([{ payoutId: p2.id, transferId: "tr_2", destination: "acct_2" }])
    const { cancelledAt } = await service.markOrderCancelled(input.id)
    await service.markOrderCancelled(input.id)
    const reduced = await db.rows(`SELECT entry_key, amount_cents, earned_cents, sent_cents, occurred_at FROM gallery_ledger_entry WHERE kind = 'transfer_reduced'`)
    expect(reduced).toEqual([
      { entry_key: `transfer_reduced:${p1.id}`, amount_cents: p1.amount_cents, earned_cents: -p1.amount_cents, sent_cents: 0, occurred_at: expect.anything() },
    ])
    expect(new Date(reduced[0].occurred_at).toISOString()).toBe(cancelledAt.toISOString())
  })

  it("a store payment writes its four entries with it, once", async () => {
    const { payment } = await service.recordStorePayment(storePaymentInput({ shipping_cents: 850 }))
    const paidAt = new Date("2026-11-30T12:00:00.000Z")
    const ledger = storePaymentLedgerEntries({
      id: payment.id,
      organizationId: payment.organization_id,
      paymentIntentId: payment.payment_intent_id,
      subtotalCents: payment.subtotal_cents,
      shippingCents: payment.shipping_cents,
      platformFeeCents: payment.platform_fee_cents,
      paidAt,
    })
    expect(await service.markStorePaymentPaid({ id: payment.id, orderId: "order_1", paidAt, outbox: [], ledger })).toBe(true)
    expect(await service.markStorePaymentPaid({ id: payment.id, orderId: "order_1", paidAt, outbox: [], ledger })).toBe(false)
    expect((await entries()).map((e) => [e.kind, e.amount_cents, e.earned_cents, e.sent_cents, e.store_payment_id, e.reference])).toEqual([
      ["plan_fee", 300, -300, 0, payment.id, payment.payment_intent_id],
      ["sale_earned", 3000, 3000, 0, payment.id, payment.payment_intent_id],
      ["shipping_earned", 850, 850, 0, payment.id, payment.payment_intent_id],
      ["transfer_sent", 3550, 0, 3550, payment.id, payment.payment_intent_id],
    ])
  })

  it("is append-only: an UPDATE or a DELETE of an entry is refused by the table's trigger", async () => {
    await paidWithLedger(["org_a"])
    expect((await rejection(db.execute(`UPDATE gallery_ledger_entry SET amount_cents = 1`))).message).toMatch(/append-only/)
    expect((await rejection(db.execute(`DELETE FROM gallery_ledger_entry`))).message).toMatch(/append-only/)
    expect(await db.count("gallery_ledger_entry")).toBe(2)
  })
}
