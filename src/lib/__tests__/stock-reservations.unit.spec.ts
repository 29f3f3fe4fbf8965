import type { StockLevel } from "../gallery-checkout"
import {
  levelsByInventoryItem,
  planSaleReservations,
  planSalesReservations,
  type SaleLineStock,
} from "../stock-reservations"

function line(id: string, quantity: number, inventoryItemId: string, extra: Partial<SaleLineStock["inventory"][number]> = {}): SaleLineStock {
  return {
    id,
    quantity,
    inventory: [{ inventory_item_id: inventoryItemId, required_quantity: 1, line_reserved: 0, ...extra }],
  }
}

function levels(entries: Record<string, [location: string, stocked: number, reserved: number][]>): Map<string, StockLevel[]> {
  return new Map(
    Object.entries(entries).map(([item, rows]) => [
      item,
      rows.map(([location_id, stocked_quantity, reserved_quantity]) => ({ location_id, stocked_quantity, reserved_quantity })),
    ])
  )
}

describe("planSaleReservations", () => {
  it("plans each line's units at the location with the most available stock and counts them as reserved", () => {
    const stock = levels({ iitem_a: [["sloc_1", 5, 4], ["sloc_2", 3, 0]] })
    const planned = planSaleReservations([line("ordli_1", 2, "iitem_a")], stock)
    expect(planned).toEqual([{ line_item_id: "ordli_1", inventory_item_id: "iitem_a", location_id: "sloc_2", quantity: 2 }])
    expect(stock.get("iitem_a")).toEqual([
      { location_id: "sloc_1", stocked_quantity: 5, reserved_quantity: 4 },
      { location_id: "sloc_2", stocked_quantity: 3, reserved_quantity: 2 },
    ])
  })

  it("splits a line over locations when one is not enough", () => {
    const planned = planSaleReservations([line("ordli_1", 3, "iitem_a")], levels({ iitem_a: [["sloc_1", 2, 0], ["sloc_2", 1, 0]] }))
    expect(planned).toEqual([
      { line_item_id: "ordli_1", inventory_item_id: "iitem_a", location_id: "sloc_1", quantity: 2 },
      { line_item_id: "ordli_1", inventory_item_id: "iitem_a", location_id: "sloc_2", quantity: 1 },
    ])
  })

  it("multiplies by the required quantity and leaves out what an interrupted run already reserved for the line", () => {
    const stock = levels({ iitem_a: [["sloc_1", 10, 3]] })
    const planned = planSaleReservations([line("ordli_1", 2, "iitem_a", { required_quantity: 3, line_reserved: 3 })], stock)
    expect(planned).toEqual([{ line_item_id: "ordli_1", inventory_item_id: "iitem_a", location_id: "sloc_1", quantity: 3 }])
    expect(planSaleReservations([line("ordli_2", 1, "iitem_a", { line_reserved: 1 })], stock)).toEqual([])
  })

  it("counts two lines of one inventory item together (each fits alone, both do not)", () => {
    const stock = levels({ iitem_a: [["sloc_1", 1, 0]] })
    expect(planSaleReservations([line("ordli_1", 1, "iitem_a"), line("ordli_2", 1, "iitem_a")], stock)).toBeNull()
  })

  it("on a shortage plans nothing and leaves the levels as they were, also those of the lines that fitted", () => {
    const stock = levels({ iitem_a: [["sloc_1", 4, 0]], iitem_b: [["sloc_1", 1, 1]] })
    const before = structuredClone([...stock])
    expect(planSaleReservations([line("ordli_1", 2, "iitem_a"), line("ordli_2", 1, "iitem_b")], stock)).toBeNull()
    expect([...stock]).toEqual(before)
  })

  it("falls short for an item without levels", () => {
    expect(planSaleReservations([line("ordli_1", 1, "iitem_unknown")], new Map())).toBeNull()
  })
})

describe("planSalesReservations", () => {
  it("serves sales in order: the last unit of an original goes to the first sale only", () => {
    const stock = levels({ iitem_original: [["sloc_1", 1, 0]] })
    const plans = planSalesReservations([[line("ordli_first", 1, "iitem_original")], [line("ordli_second", 1, "iitem_original")]], stock)
    expect(plans).toEqual([
      [{ line_item_id: "ordli_first", inventory_item_id: "iitem_original", location_id: "sloc_1", quantity: 1 }],
      null,
    ])
    expect(stock.get("iitem_original")?.[0].reserved_quantity).toBe(1)
  })

  it("a sale that falls short takes nothing from the sales after it", () => {
    const stock = levels({ iitem_a: [["sloc_1", 2, 0]], iitem_b: [["sloc_1", 0, 0]] })
    const plans = planSalesReservations(
      [[line("ordli_1", 2, "iitem_a"), line("ordli_2", 1, "iitem_b")], [line("ordli_3", 2, "iitem_a")]],
      stock
    )
    expect(plans[0]).toBeNull()
    expect(plans[1]).toEqual([{ line_item_id: "ordli_3", inventory_item_id: "iitem_a", location_id: "sloc_1", quantity: 2 }])
  })
})

describe("levelsByInventoryItem", () => {
  it("groups level rows by inventory item", () => {
    expect(
      levelsByInventoryItem([
        { inventory_item_id: "iitem_a", location_id: "sloc_1", stocked_quantity: 3, reserved_quantity: 1 },
        { inventory_item_id: "iitem_b", location_id: "sloc_1", stocked_quantity: 1, reserved_quantity: 0 },
        { inventory_item_id: "iitem_a", location_id: "sloc_2", stocked_quantity: 2, reserved_quantity: 0 },
      ])
    ).toEqual(
      levels({ iitem_a: [["sloc_1", 3, 1], ["sloc_2", 2, 0]], iitem_b: [["sloc_1", 1, 0]] })
    )
  })
})
