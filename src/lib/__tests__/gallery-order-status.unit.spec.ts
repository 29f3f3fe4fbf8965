import {
  ARTIST_ORDER_STATUSES,
  ArtistOrderStatus,
  GALLERY_ORDER_STATUSES,
  GalleryOrderStatus,
  canTransitionArtistOrder,
  derivedParentStatus,
  isArtistOrderShipped,
  isArtistOrderStatus,
  isGalleryOrderStatus,
  parentStatusOnShip,
  viewStatus,
} from "../gallery-order-status"

// Every list of `length` artist order statuses.
function allCombinations(length: number): ArtistOrderStatus[][] {
  if (length === 0) return [[]]
  return allCombinations(length - 1).flatMap((rest) => ARTIST_ORDER_STATUSES.map((status) => [status, ...rest]))
}

// Oracles written by counting, independently of the every/some formulation under test.
function count(statuses: ArtistOrderStatus[], wanted: ArtistOrderStatus[]): number {
  let n = 0
  for (const status of statuses) if (wanted.includes(status)) n++
  return n
}

function oracleRuleA(statuses: ArtistOrderStatus[]): string {
  const shippedOrDelivered = count(statuses, ["shipped", "delivered"])
  if (shippedOrDelivered === statuses.length) return "shipped"
  if (shippedOrDelivered > 0) return "partially_shipped"
  return "paid"
}

function oracleRuleB(statuses: ArtistOrderStatus[]): string {
  const delivered = count(statuses, ["delivered"])
  const shippedOrDelivered = count(statuses, ["shipped", "delivered"])
  const processing = count(statuses, ["processing"])
  if (delivered === statuses.length) return "delivered"
  if (shippedOrDelivered === statuses.length) return "shipped"
  if (shippedOrDelivered > 0) return "partially_shipped"
  if (processing > 0) return "processing"
  return "paid"
}

describe("status lists", () => {
  it("lists the spec's statuses", () => {
    expect(ARTIST_ORDER_STATUSES).toEqual(["pending", "paid", "processing", "shipped", "delivered"])
    expect(GALLERY_ORDER_STATUSES).toEqual([
      "pending",
      "paid",
      "processing",
      "partially_shipped",
      "shipped",
      "delivered",
      "cancelled",
    ])
  })

  it("recognises statuses", () => {
    expect(isArtistOrderStatus("shipped")).toBe(true)
    expect(isArtistOrderStatus("partially_shipped")).toBe(false)
    expect(isArtistOrderStatus(undefined)).toBe(false)
    expect(isGalleryOrderStatus("cancelled")).toBe(true)
    expect(isGalleryOrderStatus("SHIPPED")).toBe(false)
  })

  it("treats shipped and delivered as already shipped", () => {
    expect(ARTIST_ORDER_STATUSES.filter(isArtistOrderShipped)).toEqual(["shipped", "delivered"])
  })
})

describe.each([1, 2, 3])("every combination of %p artist orders", (length) => {
  const combinations = allCombinations(length)

  it("has 5^n combinations", () => {
    expect(combinations).toHaveLength(5 ** length)
  })

  it("rule A (on ship) matches the oracle", () => {
    for (const statuses of combinations) {
      expect({ statuses, status: parentStatusOnShip(statuses) }).toEqual({ statuses, status: oracleRuleA(statuses) })
    }
  })

  it("rule B (order view) matches the oracle", () => {
    for (const statuses of combinations) {
      expect({ statuses, status: derivedParentStatus(statuses) }).toEqual({ statuses, status: oracleRuleB(statuses) })
    }
  })

  it("viewStatus keeps pending and cancelled and otherwise applies rule B", () => {
    for (const statuses of combinations) {
      for (const stored of GALLERY_ORDER_STATUSES) {
        const expected: string = stored === "pending" || stored === "cancelled" ? stored : oracleRuleB(statuses)
        expect(viewStatus(stored, statuses)).toBe(expected)
      }
    }
  })
})

describe("hand-picked cases", () => {
  it.each<[ArtistOrderStatus[], string, string]>([
    // [artist statuses, rule A, rule B]
    [["paid"], "paid", "paid"],
    [["shipped"], "shipped", "shipped"],
    [["delivered"], "shipped", "delivered"],
    [["paid", "shipped"], "partially_shipped", "partially_shipped"],
    [["processing", "paid"], "paid", "processing"],
    [["processing", "delivered"], "partially_shipped", "partially_shipped"],
    [["shipped", "delivered"], "shipped", "shipped"],
    [["delivered", "delivered", "delivered"], "shipped", "delivered"],
    [["delivered", "delivered", "shipped"], "shipped", "shipped"],
    [["pending", "paid"], "paid", "paid"],
    [["pending", "shipped"], "partially_shipped", "partially_shipped"],
    [["paid", "paid", "shipped"], "partially_shipped", "partially_shipped"],
  ])("%j -> on ship %s, view %s", (statuses, onShip, derived) => {
    expect(parentStatusOnShip(statuses)).toBe(onShip)
    expect(derivedParentStatus(statuses)).toBe(derived)
  })

  it("treats no artist orders as nothing shipped", () => {
    expect(parentStatusOnShip([])).toBe("paid")
    expect(derivedParentStatus([])).toBe("paid")
  })

  it("a cancelled or unpaid parent is not overridden by its artist orders", () => {
    expect(viewStatus("cancelled", ["paid", "paid"])).toBe("cancelled")
    expect(viewStatus("pending", ["pending"])).toBe("pending")
    expect(viewStatus("paid", ["shipped", "paid"])).toBe("partially_shipped")
    expect(viewStatus("shipped", ["delivered", "delivered"])).toBe("delivered")
  })
})

describe("canTransitionArtistOrder", () => {
  const allowed: Array<[ArtistOrderStatus, ArtistOrderStatus]> = [
    ["pending", "paid"],
    ["paid", "processing"],
    ["paid", "shipped"],
    ["processing", "shipped"],
    ["shipped", "delivered"],
  ]

  it("allows exactly the listed transitions", () => {
    for (const from of ARTIST_ORDER_STATUSES) {
      for (const to of ARTIST_ORDER_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to)
        expect({ from, to, allowed: canTransitionArtistOrder(from, to) }).toEqual({ from, to, allowed: expected })
      }
    }
  })

  it("refuses shipping an order that is unpaid or already shipped", () => {
    expect(canTransitionArtistOrder("pending", "shipped")).toBe(false)
    expect(canTransitionArtistOrder("shipped", "shipped")).toBe(false)
    expect(canTransitionArtistOrder("delivered", "shipped")).toBe(false)
  })
})

// Type-level check: the derived statuses are all parent statuses.
const derivedIsParent: GalleryOrderStatus = derivedParentStatus(["paid"])
void derivedIsParent
