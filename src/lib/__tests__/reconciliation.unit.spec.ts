import { planDisputeLoss } from "../disputes"
import { artistPayoutCents, computeGalleryFees } from "../gallery-fees"
import {
  galleryCommissionCents,
  previousUtcDay,
  reconcileCharge,
  reconciledChargeInUsd,
  reconciliationTotals,
  utcDayRange,
  type GalleryChargeFacts,
  type ReconciledRefund,
  type StoreChargeFacts,
} from "../reconciliation"
import { planStoreRefund } from "../store-refunds"
import { planRefund, type RefundableArtistOrder, type RefundPlan } from "../refunds"

/** A paid gallery order of artist orders (merchandise, shipping) as the checkout stores it, nothing sent yet. */
function paidOrder(artists: { subtotalCents: number; shippingCents: number }[]): GalleryChargeFacts {
  const fees = computeGalleryFees(
    artists.reduce((a, b) => a + b.subtotalCents, 0),
    artists.reduce((a, b) => a + b.shippingCents, 0)
  )
  const artistOrders = artists.map((a) => ({ ...a, payoutCents: artistPayoutCents(a.subtotalCents, a.shippingCents) }))
  return {
    kind: "gallery_order",
    chargeCents: fees.totalCents,
    providerRefundedCents: 0,
    transfersSentCents: 0,
    reversalsCents: 0,
    pendingPayoutsCents: artistOrders.reduce((a, b) => a + b.payoutCents, 0),
    heldPayoutsCents: 0,
    galleryFeeCents: fees.galleryFeeCents,
    stripeFeeCents: fees.stripeFeeCents,
    artistOrders,
    cancelled: false,
    refunds: [],
    disputesLost: [],
  }
}

/** Every payout transferred (the outbox right after the payment). */
function transferAll(facts: GalleryChargeFacts): GalleryChargeFacts {
  return { ...facts, transfersSentCents: facts.transfersSentCents + facts.pendingPayoutsCents, pendingPayoutsCents: 0 }
}

function refundable(facts: GalleryChargeFacts, index: number, items: { id: string; quantity: number; priceCents: number }[]): RefundableArtistOrder {
  const a = facts.artistOrders[index]
  return {
    status: "paid",
    galleryOrderStatus: "paid",
    subtotalCents: a.subtotalCents,
    shippingCents: a.shippingCents,
    payoutCents: a.payoutCents,
    refundedCents: 0,
    refundedShippingCents: 0,
    refundedShareCents: 0,
    items: items.map((i) => ({ ...i, refundedQuantity: 0 })),
    galleryTotalCents: facts.chargeCents,
    galleryRefundedCents: facts.providerRefundedCents,
    othersFullyRefunded: false,
  }
}

function asRefund(plan: RefundPlan): ReconciledRefund {
  return {
    merchandiseCents: plan.merchandiseCents,
    shippingCents: plan.shippingCents,
    galleryFeeCents: plan.galleryFeeCents,
    processingFeeCents: plan.processingFeeCents,
    artistShareCents: plan.artistShareCents,
  }
}

/** A refund made: the provider refunded its amount; the artist's share reversed (sent) or cut (pending). */
function applyRefund(facts: GalleryChargeFacts, plan: RefundPlan, action: "reversal" | "reduction"): GalleryChargeFacts {
  return {
    ...facts,
    providerRefundedCents: facts.providerRefundedCents + plan.amountCents,
    reversalsCents: facts.reversalsCents + (action === "reversal" ? plan.artistShareCents : 0),
    pendingPayoutsCents: facts.pendingPayoutsCents - (action === "reduction" ? plan.artistShareCents : 0),
    refunds: [...facts.refunds, asRefund(plan)],
  }
}

function planned(plan: ReturnType<typeof planRefund>): RefundPlan {
  if ("refused" in plan) throw new Error(plan.refused)
  return plan
}

// 3 x $34.99 with $10 shipping (North), 1 x $34.99 free shipping (South): the HTTP suites' order.
const TWO_ARTISTS = [
  { subtotalCents: 10497, shippingCents: 1000 },
  { subtotalCents: 3499, shippingCents: 0 },
]

describe("reconcileCharge: gallery orders", () => {
  it("a paid order, transfers sent: charge = transfers + commission + processing fee", () => {
    const facts = transferAll(paidOrder(TWO_ARTISTS))
    const result = reconcileCharge(facts)
    // 88 % of $104.97 + $10 and 88 % of $34.99; the gallery keeps the rest of the merchandise and the buyer's fee.
    expect(result).toMatchObject({ transfers_sent: 10237 + 3079, reversals: 0, pending_transfers: 0, refunds: 0, disputes: 0 })
    expect(result.commission).toBe(facts.galleryFeeCents + (10497 - 9237) + (3499 - 3079))
    expect(result.processing_fee).toBe(facts.stripeFeeCents)
    expect(result).toMatchObject({ difference: 0, adds_up: true, expected: facts.chargeCents })
  })

  it("a paid order whose payouts wait for an account: they count as pending transfers", () => {
    const result = reconcileCharge(paidOrder(TWO_ARTISTS))
    expect(result).toMatchObject({ transfers_sent: 0, pending_transfers: 10237 + 3079, adds_up: true })
  })

  it("held payouts are still owed: counted in pending_transfers, reported as held_transfers", () => {
    const facts = { ...paidOrder(TWO_ARTISTS), heldPayoutsCents: 3079 }
    expect(reconcileCharge(facts)).toMatchObject({ held_transfers: 3079, adds_up: true })
  })

  it("partly refunded after the transfer (reversal), by items, shipping and amount, to the cent", () => {
    let facts = transferAll(paidOrder(TWO_ARTISTS))
    const items = [{ id: "i1", quantity: 3, priceCents: 3499 }]
    const first = planned(planRefund(refundable(facts, 0, items), { kind: "items", items: [{ id: "i1", quantity: 1 }], includeShipping: false }))
    facts = applyRefund(facts, first, "reversal")
    expect(reconcileCharge(facts)).toMatchObject({ refunds: 4033, reversals: 3079, adds_up: true })
    const second = planned(planRefund(refundable(facts, 1, [{ id: "s1", quantity: 1, priceCents: 3499 }]), { kind: "amount", amountCents: 1234 }))
    facts = applyRefund(facts, second, "reversal")
    const result = reconcileCharge(facts)
    expect(result.adds_up).toBe(true)
    expect(result.processing_fee).toBe(facts.stripeFeeCents - first.processingFeeCents - second.processingFeeCents)
  })

  it("refunded before the transfer (reduction): the cut payout is what is pending, then what is sent", () => {
    let facts = paidOrder(TWO_ARTISTS)
    const plan = planned(
      planRefund(refundable(facts, 0, [{ id: "i1", quantity: 3, priceCents: 3499 }]), {
        kind: "items",
        items: [{ id: "i1", quantity: 2 }],
        includeShipping: true,
      })
    )
    facts = applyRefund(facts, plan, "reduction")
    expect(reconcileCharge(facts)).toMatchObject({ reversals: 0, pending_transfers: 10237 + 3079 - plan.artistShareCents, adds_up: true })
    expect(reconcileCharge(transferAll(facts))).toMatchObject({ pending_transfers: 0, adds_up: true })
  })

  it("every artist order refunded in full returns the whole charge: nothing kept, nothing with the artists", () => {
    let facts = transferAll(paidOrder(TWO_ARTISTS))
    const north = planned(
      planRefund(refundable(facts, 0, [{ id: "i1", quantity: 3, priceCents: 3499 }]), {
        kind: "items",
        items: [{ id: "i1", quantity: 3 }],
        includeShipping: true,
      })
    )
    facts = applyRefund(facts, north, "reversal")
    const south = planned(
      planRefund(
        { ...refundable(facts, 1, [{ id: "s1", quantity: 1, priceCents: 3499 }]), othersFullyRefunded: true },
        { kind: "items", items: [{ id: "s1", quantity: 1 }], includeShipping: true }
      )
    )
    facts = applyRefund(facts, south, "reversal")
    const result = reconcileCharge(facts)
    expect(result).toMatchObject({ refunds: facts.chargeCents, commission: 0, processing_fee: 0, adds_up: true })
    expect(result.transfers_sent - result.reversals).toBe(0)
  })

  it("cancelled after the transfers: whole charge refunded, transfers reversed; before them: payouts failed", () => {
    const paid = transferAll(paidOrder(TWO_ARTISTS))
    const afterTransfer: GalleryChargeFacts = {
      ...paid,
      cancelled: true,
      providerRefundedCents: paid.chargeCents,
      reversalsCents: paid.transfersSentCents,
    }
    expect(reconcileCharge(afterTransfer)).toMatchObject({ commission: 0, processing_fee: 0, refunds: paid.chargeCents, adds_up: true })
    const beforeTransfer: GalleryChargeFacts = { ...paidOrder(TWO_ARTISTS), cancelled: true, pendingPayoutsCents: 0, providerRefundedCents: paid.chargeCents }
    expect(reconcileCharge(beforeTransfer).adds_up).toBe(true)
  })

  it("cancelled out of stock at settlement: no payouts, the charge refunded", () => {
    const facts: GalleryChargeFacts = { ...paidOrder(TWO_ARTISTS), pendingPayoutsCents: 0, cancelled: true }
    expect(reconcileCharge({ ...facts, providerRefundedCents: facts.chargeCents }).adds_up).toBe(true)
    // The cancellation's refund never reached the provider: the whole charge is missing.
    expect(reconcileCharge(facts)).toMatchObject({ adds_up: false, difference: facts.chargeCents })
  })

  it("a lost dispute: the artists' planned part reversed (sent) or cut (unsent), the gallery bears the rest", () => {
    const paid = paidOrder(TWO_ARTISTS)
    // North was sent; South's payout still pending (held, then cut).
    const facts: GalleryChargeFacts = { ...paid, transfersSentCents: 10237, pendingPayoutsCents: 3079 }
    const disputedCents = 5000
    const plan = planDisputeLoss({
      disputedCents,
      chargeCents: facts.chargeCents,
      payouts: [
        { payoutId: "p1", organizationId: "o1", artistOrderId: "a1", status: "transferred", baseCents: 10237, transferId: "tr_1" },
        { payoutId: "p2", organizationId: "o2", artistOrderId: "a2", status: "pending", baseCents: 3079, transferId: null },
      ],
    })
    const reversed = plan.filter((p) => p.action === "reversal").reduce((a, b) => a + b.amount_cents, 0)
    const cut = plan.filter((p) => p.action === "reduction").reduce((a, b) => a + b.amount_cents, 0)
    const artistsShareCents = reversed + cut
    const lost: GalleryChargeFacts = {
      ...facts,
      reversalsCents: reversed,
      pendingPayoutsCents: 3079 - cut,
      disputesLost: [{ disputedCents, artistsShareCents }],
    }
    const result = reconcileCharge(lost)
    expect(result).toMatchObject({ disputes: 5000, adds_up: true })
    expect(result.commission).toBe(galleryCommissionCents(paid) + artistsShareCents - disputedCents)
    // The planned reversal not made (not in the ledger): the artist still holds it, the charge does not add up.
    expect(reconcileCharge({ ...lost, reversalsCents: 0 })).toMatchObject({ adds_up: false, difference: -reversed })
  })

  it("flags a stray provider refund, a missing transfer record and a refund the provider never made", () => {
    const facts = transferAll(paidOrder(TWO_ARTISTS))
    expect(reconcileCharge({ ...facts, providerRefundedCents: 500 })).toMatchObject({ adds_up: false, difference: -500 })
    expect(reconcileCharge({ ...facts, transfersSentCents: 10237 })).toMatchObject({ adds_up: false, difference: 3079 })
    const plan = planned(
      planRefund(refundable(facts, 1, [{ id: "s1", quantity: 1, priceCents: 3499 }]), { kind: "items", items: [{ id: "s1", quantity: 1 }], includeShipping: false })
    )
    const recordedOnly = { ...applyRefund(facts, plan, "reversal"), providerRefundedCents: 0 }
    expect(reconcileCharge(recordedOnly)).toMatchObject({ adds_up: false, difference: plan.amountCents })
  })
})

describe("reconcileCharge: store payments (destination charges)", () => {
  const store: StoreChargeFacts = {
    kind: "store_payment",
    chargeCents: 5000 + 800,
    providerRefundedCents: 0,
    transfersSentCents: 5800 - 400,
    reversalsCents: 0,
    platformFeeCents: 400,
    cancelled: false,
    disputesLost: [],
  }

  it("charge = the destination transfer + the platform fee; no processing fee on our side", () => {
    expect(reconcileCharge(store)).toMatchObject({ commission: 400, processing_fee: 0, pending_transfers: 0, adds_up: true })
  })

  it("cancelled out of stock: refunded with the transfer and the fee", () => {
    expect(reconcileCharge({ ...store, cancelled: true, transfersSentCents: 0, providerRefundedCents: 5800 }).adds_up).toBe(true)
  })

  it("a store refund from Atelier adds up: the artist's reversal plus the returned fee is the amount refunded", () => {
    // $20 of the $58 charge: the fee comes back in proportion (round(400 x 2000 / 5800) = 138), the artist the rest.
    const plan = planStoreRefund(
      {
        status: "paid",
        subtotalCents: 5000,
        shippingCents: 800,
        platformFeeCents: 400,
        refundedCents: 0,
        refundedShippingCents: 0,
        refundedFeeCents: 0,
        items: [{ id: "ordli_1", quantity: 1, refundedQuantity: 0, priceCents: 5000 }],
      },
      { kind: "amount", amountCents: 2000 }
    )
    if ("refused" in plan) throw new Error(plan.refused)
    expect([plan.applicationFeeCents, plan.artistShareCents]).toEqual([138, 1862])
    const refunded = {
      ...store,
      providerRefundedCents: plan.amountCents,
      reversalsCents: plan.artistShareCents,
      refundedFeeCents: plan.applicationFeeCents,
    }
    expect(reconcileCharge(refunded)).toMatchObject({ commission: 400 - 138, reversals: 1862, refunds: 2000, adds_up: true })
    // The provider refunded but the record's fee is not counted: flagged by the fee.
    expect(reconcileCharge({ ...refunded, refundedFeeCents: 0 })).toMatchObject({ adds_up: false, difference: -138 })
  })

  it("a refund made in Stripe's dashboard that nothing recorded is flagged", () => {
    expect(reconcileCharge({ ...store, providerRefundedCents: 1000 })).toMatchObject({ adds_up: false, difference: -1000 })
  })

  it("a lost dispute the platform absorbs adds up", () => {
    expect(reconcileCharge({ ...store, disputesLost: [{ disputedCents: 5800, artistsShareCents: 0 }] })).toMatchObject({
      commission: 400 - 5800,
      disputes: 5800,
      adds_up: true,
    })
  })
})

describe("amounts, totals and days", () => {
  it("answers USD and sums per term", () => {
    const a = reconcileCharge(transferAll(paidOrder(TWO_ARTISTS)))
    const b = reconcileCharge({ ...transferAll(paidOrder(TWO_ARTISTS)), providerRefundedCents: 1 })
    expect(reconciledChargeInUsd(b)).toMatchObject({ refunds: 0.01, difference: -0.01, adds_up: false })
    expect(reconciliationTotals([a, b])).toMatchObject({ charge: a.charge * 2, refunds: 1, difference: -1 })
  })

  it("reads a UTC day and refuses what is not one", () => {
    expect(utcDayRange("2026-11-28")).toEqual({ from: new Date("2026-11-28T00:00:00Z"), to: new Date("2026-11-29T00:00:00Z") })
    for (const bad of ["2026-02-30", "2026-13-01", "26-11-28", "2026-11-28T00:00:00Z", ""]) expect(utcDayRange(bad)).toBeNull()
    expect(previousUtcDay(new Date("2026-12-01T02:30:00Z"))).toBe("2026-11-30")
  })
})
