import {
  disputeFactsOf,
  disputeHoldReason,
  disputeOutcome,
  disputeReversalIdempotencyKey,
  isOpenDisputeStatus,
  disputeReversalLedgerKey,
  planDisputeLoss,
  planStoreDisputeReversal,
  providerRefundFactsOf,
  splitProportionally,
  type DisputedPayout,
} from "../disputes"
import { renderEmail } from "../email-templates"

const payout = (id: string, status: DisputedPayout["status"], baseCents: number): DisputedPayout => ({
  payoutId: id,
  organizationId: `org_${id}`,
  artistOrderId: `aord_${id}`,
  status,
  baseCents,
  transferId: status === "transferred" ? `tr_${id}` : null,
})

describe("dispute statuses", () => {
  it("open until won, lost or an inquiry closed; the outcome of each closed status", () => {
    expect(isOpenDisputeStatus("needs_response")).toBe(true)
    expect(isOpenDisputeStatus("under_review")).toBe(true)
    expect(isOpenDisputeStatus("warning_needs_response")).toBe(true)
    expect(isOpenDisputeStatus("won")).toBe(false)
    expect(isOpenDisputeStatus("lost")).toBe(false)
    expect(isOpenDisputeStatus("warning_closed")).toBe(false)
    expect(disputeOutcome("lost")).toBe("lost")
    expect(disputeOutcome("won")).toBe("won")
    expect(disputeOutcome("warning_closed")).toBe("won")
    expect(disputeOutcome("needs_response")).toBeNull()
  })

  it("keys", () => {
    expect(disputeReversalIdempotencyKey("du_1", "pay_2")).toBe("dispute-reversal-du_1-pay_2")
    expect(disputeHoldReason("gdsp_1")).toBe("dispute:gdsp_1")
  })
})

describe("disputeFactsOf", () => {
  it("reads Stripe's dispute object (ids or expanded objects, Unix seconds)", () => {
    expect(
      disputeFactsOf({
        id: "du_1",
        object: "dispute",
        amount: 5000,
        currency: "USD",
        charge: { id: "ch_1" },
        payment_intent: "pi_1",
        reason: "fraudulent",
        status: "needs_response",
        evidence_details: { due_by: 1_800_000_000 },
        created: 1_799_000_000,
      })
    ).toEqual({
      providerDisputeId: "du_1",
      chargeId: "ch_1",
      paymentIntentId: "pi_1",
      amountCents: 5000,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
      evidenceDueBy: new Date(1_800_000_000_000),
      openedAt: new Date(1_799_000_000_000),
    })
  })

  it("refuses what it cannot record", () => {
    expect(disputeFactsOf({ id: "du_1", amount: 5000, status: "bogus" })).toBeNull()
    expect(disputeFactsOf({ id: "du_1", amount: 0, status: "lost" })).toBeNull()
    expect(disputeFactsOf({ amount: 10, status: "lost" })).toBeNull()
    expect(disputeFactsOf({ id: "du_1", amount: 10, status: "lost" })).toMatchObject({
      reason: "general",
      evidenceDueBy: null,
      paymentIntentId: null,
    })
  })
})

describe("providerRefundFactsOf", () => {
  it("reads a refunded charge and its refunds", () => {
    expect(
      providerRefundFactsOf({
        id: "ch_1",
        payment_intent: "pi_1",
        amount_refunded: 700,
        refunds: { data: [{ id: "re_1", amount: 500 }, { id: "re_2", amount: 200 }, { amount: 3 }] },
      })
    ).toEqual({
      chargeId: "ch_1",
      paymentIntentId: "pi_1",
      amountRefundedCents: 700,
      refunds: [
        { id: "re_1", amountCents: 500 },
        { id: "re_2", amountCents: 200 },
      ],
    })
    expect(providerRefundFactsOf({ id: "ch_1" })).toBeNull()
  })
})

describe("splitProportionally", () => {
  it("adds up to the total, floors then gives the cents left to the largest remainders", () => {
    expect(splitProportionally(10, [10, 10, 10])).toEqual([4, 3, 3])
    expect(splitProportionally(10, [5, 3, 2])).toEqual([5, 3, 2])
    expect(splitProportionally(7, [5, 3, 2])).toEqual([4, 2, 1])
    expect(splitProportionally(0, [5, 3])).toEqual([0, 0])
    expect(splitProportionally(5, [0, 0])).toEqual([0, 0])
  })

  it("never gives a part more than its weight, even asked for more than the weights' sum", () => {
    expect(splitProportionally(50, [10, 20])).toEqual([10, 20])
    for (let total = 0; total <= 61; total++) {
      const shares = splitProportionally(total, [17, 29, 15])
      expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(total, 61))
      expect(shares[0]).toBeLessThanOrEqual(17)
      expect(shares[1]).toBeLessThanOrEqual(29)
      expect(shares[2]).toBeLessThanOrEqual(15)
    }
  })
})

describe("planDisputeLoss", () => {
  it("a dispute of the whole charge takes each payout whole: sent ones reversed, unsent ones cut", () => {
    const plan = planDisputeLoss({
      disputedCents: 12000,
      chargeCents: 12000,
      payouts: [payout("a", "transferred", 5280), payout("b", "pending", 2640), payout("c", "transferred", 0)],
    })
    expect(plan).toEqual([
      {
        payout_id: "a",
        organization_id: "org_a",
        artist_order_id: "aord_a",
        action: "reversal",
        amount_cents: 5280,
        transfer_id: "tr_a",
        reversal_id: null,
      },
      {
        payout_id: "b",
        organization_id: "org_b",
        artist_order_id: "aord_b",
        action: "reduction",
        amount_cents: 2640,
        transfer_id: null,
        reversal_id: null,
      },
    ])
  })

  it("a partial dispute takes the disputed share of each payout (disputed over the charge), in whole cents", () => {
    // Half of a 10,000-cent charge: half of the artists' 8,001 cents, rounded half-up, split 2:1 by their bases.
    const plan = planDisputeLoss({
      disputedCents: 5000,
      chargeCents: 10000,
      payouts: [payout("a", "transferred", 5334), payout("b", "pending", 2667)],
    })
    expect(plan.map((p) => [p.payout_id, p.action, p.amount_cents])).toEqual([
      ["a", "reversal", 2667],
      ["b", "reduction", 1334],
    ])
    expect(plan.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(Math.round(8001 / 2))
  })

  it("more disputed than the charge still holds takes the whole bases; nothing disputed, nothing taken", () => {
    const payouts = [payout("a", "transferred", 300), payout("b", "transferred", 200)]
    expect(planDisputeLoss({ disputedCents: 900, chargeCents: 800, payouts }).map((p) => p.amount_cents)).toEqual([300, 200])
    expect(planDisputeLoss({ disputedCents: 0, chargeCents: 800, payouts })).toEqual([])
    expect(planDisputeLoss({ disputedCents: 100, chargeCents: 0, payouts })).toEqual([])
  })
})

describe("dispute emails (lib/email-templates.ts)", () => {
  it("the administrators' email names the order, amount, reason, due date and artists", () => {
    const email = renderEmail({
      template: "gallery-dispute-admin",
      data: {
        publicId: "GAL-2026-ABC123",
        status: "needs_response",
        reason: "fraudulent",
        amount: 120.5,
        evidenceDueBy: "2026-12-06T23:59:59.000Z",
        artists: ["Studio North", "Studio South"],
        providerDisputeId: "du_1",
      },
    })
    expect(email.subject).toBe("Dispute awaiting a response: gallery order GAL-2026-ABC123")
    expect(email.text).toContain("$120.50 dispute (fraudulent)")
    expect(email.text).toContain("Evidence is due by 2026-12-06 23:59 UTC.")
    expect(email.text).toContain("Artists concerned: Studio North, Studio South.")
  })

  it("the artist's email says the payout is held while open, and what comes back once lost", () => {
    const open = renderEmail({
      template: "gallery-dispute-artist",
      data: { publicId: "GAL-1", status: "under_review", reason: "fraudulent", amount: 10, evidenceDueBy: "2026-12-06T10:00:00Z" },
    })
    expect(open.text).toContain("held until the dispute ends")
    expect(open.text).toContain("Evidence is due by 2026-12-06 10:00 UTC.")
    const lost = renderEmail({
      template: "gallery-dispute-artist",
      data: { publicId: "GAL-1", status: "lost", reason: "fraudulent", amount: 10, takenBack: 8.8 },
    })
    expect(lost.subject).toBe("Dispute lost: gallery order GAL-1")
    expect(lost.text).toContain("$8.80 of your payout comes back")
    const won = renderEmail({ template: "gallery-dispute-artist", data: { status: "won", amount: 10, reason: "general" } })
    expect(won.subject).toBe("Dispute won: a store sale")
    expect(won.text).toContain("released")
  })

  it("the administrators' email about a refund made outside Atelier", () => {
    const email = renderEmail({
      template: "gallery-provider-refund",
      data: { publicId: "GAL-1", refundId: "re_1", total: 100, refundedInAll: 25 },
    })
    expect(email.subject).toBe("Refund made outside Atelier on order GAL-1")
    expect(email.text).toContain("$25.00 of its $100.00 is refunded in all")
  })
})

describe("planStoreDisputeReversal (a store payment's lost dispute)", () => {
  // A $100.00 destination charge with a 5 % application fee: $95.00 transferred to the artist.
  const base = {
    storePaymentId: "spay_1",
    organizationId: "org_1",
    chargeCents: 10000,
    applicationFeeCents: 500,
    transferCents: 9500,
    alreadyReversedCents: 0,
    transferId: "tr_1" as string | null,
  }

  it("a dispute of the whole charge takes the whole transfer back: the platform bears its whole fee", () => {
    expect(planStoreDisputeReversal({ ...base, disputedCents: 10000 })).toEqual({
      action: "store_reversal",
      store_payment_id: "spay_1",
      organization_id: "org_1",
      amount_cents: 9500,
      disputed_cents: 10000,
      charge_cents: 10000,
      application_fee_cents: 500,
      application_fee_share_cents: 500,
      transfer_cents: 9500,
      already_reversed_cents: 0,
      transfer_id: "tr_1",
      reversal_id: null,
    })
  })

  it("a partial dispute: the disputed amount less round(fee x disputed / charge), half-up", () => {
    // 500 x 3333 / 10000 = 166.65 -> 167
    expect(planStoreDisputeReversal({ ...base, disputedCents: 3333 })).toMatchObject({
      amount_cents: 3333 - 167,
      application_fee_share_cents: 167,
    })
    // 500 x 1001 / 10000 = 50.05 -> 50
    expect(planStoreDisputeReversal({ ...base, disputedCents: 1001 })).toMatchObject({ amount_cents: 951, application_fee_share_cents: 50 })
    // An exact half rounds up: 3 x 5 / 10 = 1.5 -> 2.
    expect(
      planStoreDisputeReversal({ ...base, chargeCents: 10, applicationFeeCents: 3, transferCents: 7, disputedCents: 5 })
    ).toMatchObject({ amount_cents: 3, application_fee_share_cents: 2 })
  })

  it("never more than the transfer less what refunds and earlier reversals took back", () => {
    expect(planStoreDisputeReversal({ ...base, disputedCents: 10000, alreadyReversedCents: 4000 })).toMatchObject({
      amount_cents: 5500,
      already_reversed_cents: 4000,
    })
    expect(planStoreDisputeReversal({ ...base, disputedCents: 2000, alreadyReversedCents: 9000 })).toMatchObject({ amount_cents: 500 })
    expect(planStoreDisputeReversal({ ...base, disputedCents: 10000, alreadyReversedCents: 9500 })).toBeNull()
    expect(planStoreDisputeReversal({ ...base, disputedCents: 10000, alreadyReversedCents: 12000 })).toBeNull()
  })

  it("without a fee (a founding artist) the whole disputed amount; a dispute within the fee's share reverses nothing", () => {
    expect(planStoreDisputeReversal({ ...base, applicationFeeCents: 0, transferCents: 10000, disputedCents: 1234 })).toMatchObject({
      amount_cents: 1234,
      application_fee_share_cents: 0,
    })
    expect(planStoreDisputeReversal({ ...base, chargeCents: 100, applicationFeeCents: 100, transferCents: 0, disputedCents: 50 })).toBeNull()
  })

  it("nothing disputed or nothing charged: no reversal; a disputed amount above the charge counts as the whole charge", () => {
    expect(planStoreDisputeReversal({ ...base, disputedCents: 0 })).toBeNull()
    expect(planStoreDisputeReversal({ ...base, disputedCents: -5 })).toBeNull()
    expect(planStoreDisputeReversal({ ...base, chargeCents: 0, disputedCents: 100 })).toBeNull()
    expect(planStoreDisputeReversal({ ...base, disputedCents: 20000 })).toMatchObject({ amount_cents: 9500, disputed_cents: 10000 })
  })

  it("keeps the transfer id it was given (null: looked up from the provider before the reversal)", () => {
    expect(planStoreDisputeReversal({ ...base, transferId: null, disputedCents: 10000 })?.transfer_id).toBeNull()
  })

  it("keys: the provider's idempotency key and the ledger entry name the dispute and the store payment", () => {
    expect(disputeReversalIdempotencyKey("du_1", "spay_1")).toBe("dispute-reversal-du_1-spay_1")
    expect(disputeReversalLedgerKey("gdsp_1", "spay_1")).toBe("dispute_reversal:gdsp_1:spay_1")
  })
})
