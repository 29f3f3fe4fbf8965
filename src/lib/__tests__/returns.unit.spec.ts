import {
  canMoveReturn,
  planRestock,
  planRestockMarkerRemoval,
  planReturnLines,
  RESTOCK_MARKERS_KEY,
  RETURN_MESSAGES,
  returnQuantityMessage,
  returnWindowRefusal,
  productNotInOrderMessage,
  type StockLevelState,
} from "../returns"

const DAY = 24 * 60 * 60 * 1000

describe("returnWindowRefusal", () => {
  const shippedAt = new Date("2026-11-01T12:00:00Z")

  it("refuses an order not shipped yet, and an organization that takes no returns", () => {
    expect(returnWindowRefusal({ shippedAt: null, windowDays: 30, now: shippedAt })).toBe(RETURN_MESSAGES.notShipped)
    expect(returnWindowRefusal({ shippedAt, windowDays: 0, now: shippedAt })).toBe(RETURN_MESSAGES.noReturns)
  })

  it("accepts up to the window's last millisecond and refuses after it", () => {
    const end = new Date(shippedAt.getTime() + 30 * DAY)
    expect(returnWindowRefusal({ shippedAt, windowDays: 30, now: end })).toBeNull()
    expect(returnWindowRefusal({ shippedAt, windowDays: 30, now: new Date(end.getTime() + 1) })).toBe(
      RETURN_MESSAGES.windowClosed
    )
  })
})

describe("canMoveReturn", () => {
  it("moves requested to accepted or refused, and accepted to received, nothing else", () => {
    expect(canMoveReturn("requested", "accepted")).toBe(true)
    expect(canMoveReturn("requested", "refused")).toBe(true)
    expect(canMoveReturn("accepted", "received")).toBe(true)
    expect(canMoveReturn("requested", "received")).toBe(false)
    expect(canMoveReturn("refused", "accepted")).toBe(false)
    expect(canMoveReturn("received", "received")).toBe(false)
  })
})

describe("planReturnLines", () => {
  const lines = [
    { itemId: "aoi_1", productId: "prod_a", quantity: 3, refundedQuantity: 1, inReturns: 1 },
    { itemId: "aoi_2", productId: "prod_b", quantity: 1, refundedQuantity: 0, inReturns: 0 },
  ]

  it("sums a product named twice and keeps what was bought less refunded and already in returns", () => {
    expect(planReturnLines(lines, [{ productId: "prod_b", quantity: 1 }])).toEqual({
      lines: [{ artist_order_item_id: "aoi_2", product_id: "prod_b", quantity: 1 }],
    })
    expect(planReturnLines(lines, [{ productId: "prod_a", quantity: 1 }, { productId: "prod_a", quantity: 1 }])).toEqual({
      refused: returnQuantityMessage("prod_a", 1),
    })
  })

  it("refuses a product of another order, and an empty request", () => {
    expect(planReturnLines(lines, [{ productId: "prod_x", quantity: 1 }])).toEqual({ refused: productNotInOrderMessage("prod_x") })
    expect(planReturnLines(lines, [])).toEqual({ refused: RETURN_MESSAGES.itemsInvalid })
  })
})

describe("planRestock", () => {
  const level = (over: Partial<StockLevelState> = {}): StockLevelState => ({
    inventory_item_id: "iitem_1",
    location_id: "sloc_1",
    stocked_quantity: 4,
    metadata: { note: "kept" },
    ...over,
  })

  it("adds the return's quantity (summed per level) and marks the return in the same update (only the markers' key)", () => {
    const lines = [
      { inventory_item_id: "iitem_1", location_id: "sloc_1", quantity: 1 },
      { inventory_item_id: "iitem_1", location_id: "sloc_1", quantity: 2 },
    ]
    expect(planRestock([level()], "gret_1", lines)).toEqual([
      {
        inventory_item_id: "iitem_1",
        location_id: "sloc_1",
        stocked_quantity: 7,
        metadata: { [RESTOCK_MARKERS_KEY]: { gret_1: 3 } },
      },
    ])
  })

  it("adds nothing to a level that already carries the return's marker (the second run after a crash)", () => {
    const marked = level({ stocked_quantity: 7, metadata: { [RESTOCK_MARKERS_KEY]: { gret_1: 3 } } })
    const lines = [{ inventory_item_id: "iitem_1", location_id: "sloc_1", quantity: 3 }]
    expect(planRestock([marked], "gret_1", lines)).toEqual([])
    expect(planRestock([marked], "gret_2", lines)).toEqual([
      {
        inventory_item_id: "iitem_1",
        location_id: "sloc_1",
        stocked_quantity: 10,
        metadata: { [RESTOCK_MARKERS_KEY]: { gret_1: 3, gret_2: 3 } },
      },
    ])
  })

  it("leaves out levels the return does not draw on", () => {
    const other = level({ location_id: "sloc_2" })
    expect(planRestock([other], "gret_1", [{ inventory_item_id: "iitem_1", location_id: "sloc_1", quantity: 1 }])).toEqual([])
  })
})

describe("planRestockMarkerRemoval", () => {
  it("removes only this return's marker, and the key (an empty string, for Medusa's merge) once it is empty, without touching the stock", () => {
    const both = {
      inventory_item_id: "iitem_1",
      location_id: "sloc_1",
      stocked_quantity: 10,
      metadata: { note: "kept", [RESTOCK_MARKERS_KEY]: { gret_1: 3, gret_2: 3 } },
    }
    expect(planRestockMarkerRemoval([both], "gret_1")).toEqual([
      { inventory_item_id: "iitem_1", location_id: "sloc_1", metadata: { [RESTOCK_MARKERS_KEY]: { gret_2: 3 } } },
    ])
    const last = { ...both, metadata: { note: "kept", [RESTOCK_MARKERS_KEY]: { gret_1: 3 } } }
    expect(planRestockMarkerRemoval([last], "gret_1")).toEqual([
      { inventory_item_id: "iitem_1", location_id: "sloc_1", metadata: { [RESTOCK_MARKERS_KEY]: "" } },
    ])
    expect(planRestockMarkerRemoval([{ ...both, metadata: null }], "gret_1")).toEqual([])
  })
})
