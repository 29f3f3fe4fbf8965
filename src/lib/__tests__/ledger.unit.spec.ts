import { artistPayoutCents } from "../gallery-fees"
import {
  galleryPaymentLedgerEntries,
  LEDGER_ENTRY_KINDS,
  LEDGER_KIND_LABELS,
  ledgerBalance,
  ledgerEffect,
  ledgerEffectSigns,
  ledgerEntryKey,
  ledgerRangeBound,
  recentStatementMonths,
  statementMonthRange,
  storePaymentLedgerEntries,
  type LedgerEntryInput,
} from "../ledger"

const at = (iso: string) => new Date(iso)
/** The sums of entries, as the balance adds them up. */
const sums = (entries: LedgerEntryInput[]) =>
  entries
    .filter((e) => e.amountCents > 0)
    .reduce(
      (total, e) => {
        const effect = ledgerEffect(e.kind, e.amountCents)
        return { earned: total.earned + effect.earnedCents, sent: total.sent + effect.sentCents }
      },
      { earned: 0, sent: 0 }
    )

describe("ledger entry effects", () => {
  it("earnings add to earned, fees and reductions take from it, transfers add to sent, reversals take from both", () => {
    expect(ledgerEffect("sale_earned", 1200)).toEqual({ earnedCents: 1200, sentCents: 0 })
    expect(ledgerEffect("shipping_earned", 800)).toEqual({ earnedCents: 800, sentCents: 0 })
    expect(ledgerEffect("plan_fee", 60)).toEqual({ earnedCents: -60, sentCents: 0 })
    expect(ledgerEffect("transfer_reduced", 300)).toEqual({ earnedCents: -300, sentCents: 0 })
    expect(ledgerEffect("transfer_sent", 2000)).toEqual({ earnedCents: 0, sentCents: 2000 })
    expect(ledgerEffect("refund_reversal", 500)).toEqual({ earnedCents: -500, sentCents: -500 })
    expect(ledgerEffect("dispute_reversal", 500)).toEqual({ earnedCents: -500, sentCents: -500 })
  })

  it("refuses an amount that is not a positive whole number of cents", () => {
    for (const amount of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => ledgerEffect("sale_earned", amount)).toThrow(RangeError)
    }
  })

  it("gives SQL the same signs as the effects (every kind but adjustment)", () => {
    for (const kind of LEDGER_ENTRY_KINDS.filter((k) => k !== "adjustment") as Exclude<(typeof LEDGER_ENTRY_KINDS)[number], "adjustment">[]) {
      const effect = ledgerEffect(kind, 7)
      expect(ledgerEffectSigns(kind)).toEqual({ earned: effect.earnedCents / 7, sent: effect.sentCents / 7 })
    }
  })

  it("labels every kind", () => {
    expect(Object.keys(LEDGER_KIND_LABELS).sort()).toEqual([...LEDGER_ENTRY_KINDS].sort())
  })
})

describe("the balance", () => {
  it("pending is what was earned and neither sent nor held, never below zero", () => {
    expect(ledgerBalance({ earnedCents: 10000, sentCents: 6000, heldCents: 1000 })).toEqual({
      earnedCents: 10000,
      sentCents: 6000,
      pendingCents: 3000,
      heldCents: 1000,
    })
    expect(ledgerBalance({ earnedCents: 5000, sentCents: 5000, heldCents: 0 }).pendingCents).toBe(0)
    // A dispute holding back more than is unsent (a reversal already recorded) leaves nothing pending, not a debt.
    expect(ledgerBalance({ earnedCents: 5000, sentCents: 4000, heldCents: 2000 }).pendingCents).toBe(0)
  })
})

describe("keys", () => {
  it("name the kind and the record, as the back-fill does", () => {
    expect(ledgerEntryKey("sale_earned", "gao_1")).toBe("sale_earned:gao_1")
    expect(ledgerEntryKey("transfer_sent", "pay_1")).toBe("transfer_sent:pay_1")
    expect(ledgerEntryKey("refund_reversal", "pay_1")).toBe("refund_reversal:pay_1")
  })
})

describe("a gallery payment's entries", () => {
  const paidAt = at("2026-11-29T10:00:00Z")
  const order = {
    id: "gord_1",
    publicId: "GAL-ABC123",
    paidAt,
    artistOrders: [
      // 88 % of 69.98 = 61.58, plus 24.00 of shipping.
      { id: "gao_north", organizationId: "org_north", payoutCents: artistPayoutCents(6998, 2400), shippingCents: 2400 },
      // No shipping rates: no shipping entry is written (zero amounts are dropped by the writer).
      { id: "gao_east", organizationId: "org_east", payoutCents: artistPayoutCents(1295, 0), shippingCents: 0 },
    ],
  }

  it("earn each artist order's payout: its share of the merchandise and its shipping, keyed by the artist order", () => {
    const entries = galleryPaymentLedgerEntries(order)
    expect(entries.map((e) => [e.key, e.organizationId, e.kind, e.amountCents])).toEqual([
      ["sale_earned:gao_north", "org_north", "sale_earned", 6158],
      ["shipping_earned:gao_north", "org_north", "shipping_earned", 2400],
      ["sale_earned:gao_east", "org_east", "sale_earned", 1140],
      ["shipping_earned:gao_east", "org_east", "shipping_earned", 0],
    ])
    expect(entries.every((e) => e.occurredAt === paidAt && e.galleryOrderId === "gord_1")).toBe(true)
    expect(entries[0]).toMatchObject({ artistOrderId: "gao_north", description: "Gallery sale #GAL-ABC123" })
    // What is earned is exactly what the payout will transfer.
    const north = entries.filter((e) => e.organizationId === "org_north")
    expect(sums(north)).toEqual({ earned: 8558, sent: 0 })
    expect(sums([...north, { ...north[0], key: "transfer_sent:pay_1", kind: "transfer_sent", amountCents: 8558 }])).toEqual({
      earned: 8558,
      sent: 8558,
    })
  })
})

describe("a store payment's entries", () => {
  it("earn the subtotal and the shipping, pay the plan fee, and send the rest at once (a destination charge)", () => {
    const paidAt = at("2026-11-29T11:00:00Z")
    const entries = storePaymentLedgerEntries({
      id: "spay_1",
      organizationId: "org_north",
      paymentIntentId: "pi_1",
      subtotalCents: 6998,
      shippingCents: 1050,
      platformFeeCents: 350,
      paidAt,
    })
    expect(entries.map((e) => [e.key, e.kind, e.amountCents, e.reference, e.storePaymentId])).toEqual([
      ["sale_earned:spay_1", "sale_earned", 6998, "pi_1", "spay_1"],
      ["shipping_earned:spay_1", "shipping_earned", 1050, "pi_1", "spay_1"],
      ["plan_fee:spay_1", "plan_fee", 350, "pi_1", "spay_1"],
      ["transfer_sent:spay_1", "transfer_sent", 7698, "pi_1", "spay_1"],
    ])
    // Nothing is left pending: the account got what the artist earned.
    expect(sums(entries)).toEqual({ earned: 7698, sent: 7698 })
  })

  it("a founding artist's sale without shipping: no fee entry and no shipping entry to write", () => {
    const entries = storePaymentLedgerEntries({
      id: "spay_2",
      organizationId: "org_north",
      paymentIntentId: "pi_2",
      subtotalCents: 3499,
      shippingCents: 0,
      platformFeeCents: 0,
      paidAt: at("2026-11-29T12:00:00Z"),
    })
    expect(entries.filter((e) => e.amountCents > 0).map((e) => [e.kind, e.amountCents])).toEqual([
      ["sale_earned", 3499],
      ["transfer_sent", 3499],
    ])
  })
})

describe("statement months", () => {
  it("covers a UTC month as a half-open range, December into the next year", () => {
    expect(statementMonthRange("2026-11")).toEqual({ from: at("2026-11-01T00:00:00Z"), to: at("2026-12-01T00:00:00Z") })
    expect(statementMonthRange("2026-12")).toEqual({ from: at("2026-12-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") })
    expect(statementMonthRange("2028-02")).toEqual({ from: at("2028-02-01T00:00:00Z"), to: at("2028-03-01T00:00:00Z") })
  })

  it("refuses anything but YYYY-MM from 1970 on", () => {
    for (const month of ["2026-13", "2026-00", "2026-1", "26-11", "2026/11", "2026-11-01", " 2026-11", "", "0099-01", "1969-12"]) {
      expect([month, statementMonthRange(month)]).toEqual([month, null])
    }
  })

  it("lists the recent months newest first, across a year's end", () => {
    expect(recentStatementMonths(at("2027-02-15T12:00:00Z"), 4)).toEqual(["2027-02", "2027-01", "2026-12", "2026-11"])
    expect(recentStatementMonths(at("2026-11-30T23:59:59Z"), 1)).toEqual(["2026-11"])
  })
})

describe("ledger date ranges", () => {
  it("reads a date alone as a whole UTC day: from its midnight, to the next one", () => {
    expect(ledgerRangeBound("2026-11-01", "from")).toEqual(at("2026-11-01T00:00:00Z"))
    expect(ledgerRangeBound("2026-11-30", "to")).toEqual(at("2026-12-01T00:00:00Z"))
    expect(ledgerRangeBound("2028-02-29", "to")).toEqual(at("2028-03-01T00:00:00Z"))
  })

  it("reads a date-time as its instant, UTC unless it names an offset", () => {
    expect(ledgerRangeBound("2026-11-01T12:30:00Z", "from")).toEqual(at("2026-11-01T12:30:00Z"))
    expect(ledgerRangeBound("2026-11-01T12:30", "to")).toEqual(at("2026-11-01T12:30:00Z"))
    expect(ledgerRangeBound("2026-11-01T12:30:15.250+02:00", "from")).toEqual(at("2026-11-01T10:30:15.250Z"))
  })

  it("refuses what is not a real date or time", () => {
    for (const text of ["2026-02-29", "2026-13-01", "2026-11-31", "yesterday", "2026-11-01T25:00:00Z", "2026-11-01 12:00", "1969-12-31", "", "2026-11-01T12:60Z"]) {
      expect([text, ledgerRangeBound(text, "from")]).toEqual([text, null])
    }
  })
})
