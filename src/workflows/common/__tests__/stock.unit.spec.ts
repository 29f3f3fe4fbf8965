import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { StockLevel } from "../../../lib/gallery-checkout"
import type { SaleLineStock } from "../../../lib/stock-reservations"
import { reserveSaleStock } from "../stock"

type ReservationInput = { line_item_id: string; inventory_item_id: string; location_id: string; quantity: number; external_id: string }

/**
 * A container with the three things reserveSaleStock touches: a locking module whose first taking of a key waits
 * until `releaseFirstLock` (so that sales arriving meanwhile queue up), an inventory module that records each
 * createReservationItems call and adds it to `levels`, and a pg connection answering the stock level read from `levels`.
 */
function fakeContainer(levels: Record<string, StockLevel[]>) {
  let releaseFirstLock = () => {}
  const firstLockHeld = new Promise<void>((resolve) => (releaseFirstLock = resolve))
  let lockCalls = 0
  const locking = {
    execute: async (_keys: string[], job: () => Promise<unknown>) => {
      if (lockCalls++ === 0) await firstLockHeld
      return job()
    },
  }
  const reservationCalls: ReservationInput[][] = []
  let refuse: ((inputs: ReservationInput[]) => boolean) | null = null
  let created = 0
  const inventory = {
    createReservationItems: async (inputs: ReservationInput[]) => {
      reservationCalls.push(inputs)
      if (refuse?.(inputs)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Not enough stock available")
      for (const input of inputs) {
        const level = levels[input.inventory_item_id].find((l) => l.location_id === input.location_id) as StockLevel
        level.reserved_quantity += input.quantity
      }
      return inputs.map((input) => ({ id: `resitem_${++created}`, line_item_id: input.line_item_id }))
    },
  }
  const levelReads: string[][] = []
  const knex = {
    raw: (_sql: string, bindings: [string[]]) => ({
      options: async () => {
        levelReads.push(bindings[0])
        return {
          rows: bindings[0].flatMap((itemId) =>
            (levels[itemId] ?? []).map((level) => ({
              inventory_item_id: itemId,
              location_id: level.location_id,
              stocked_quantity: String(level.stocked_quantity),
              reserved_quantity: String(level.reserved_quantity),
            }))
          ),
        }
      },
    }),
  }
  const container = {
    resolve: (key: string) => {
      if (key === Modules.LOCKING) return locking
      if (key === Modules.INVENTORY) return inventory
      if (key === ContainerRegistrationKeys.PG_CONNECTION) return knex
      throw new Error(`unexpected ${key}`)
    },
  }
  return {
    container: container as unknown as Parameters<typeof reserveSaleStock>[0],
    releaseFirstLock,
    reservationCalls,
    levelReads,
    refuseWhen: (fn: (inputs: ReservationInput[]) => boolean) => (refuse = fn),
  }
}

/** One line buying `quantity` of each of these inventory items. */
function sale(lineId: string, quantity: number, ...inventoryItemIds: string[]): SaleLineStock[] {
  return [
    {
      id: lineId,
      quantity,
      inventory: inventoryItemIds.map((id) => ({ inventory_item_id: id, required_quantity: 1, line_reserved: 0 })),
    },
  ]
}

const tag = (id: string) => ({ externalId: id, description: `Sale ${id}`, metadata: { sale: id } })
const flush = () => new Promise((resolve) => setImmediate(resolve))

describe("reserveSaleStock", () => {
  it("sales of the same items that wait for the locks are reserved together, in arrival order, against the current levels", async () => {
    const fake = fakeContainer({ iitem_original: [{ location_id: "sloc_1", stocked_quantity: 3, reserved_quantity: 1 }] })
    const first = reserveSaleStock(fake.container, sale("line_1", 1, "iitem_original"), tag("sale_1"))
    await flush()
    // While the first sale holds the locks, three more arrive: one unit is left for them after the first.
    const waiting = [
      reserveSaleStock(fake.container, sale("line_2", 1, "iitem_original"), tag("sale_2")),
      reserveSaleStock(fake.container, sale("line_3", 1, "iitem_original"), tag("sale_3")),
      reserveSaleStock(fake.container, sale("line_4", 1, "iitem_original"), tag("sale_4")),
    ]
    fake.releaseFirstLock()
    expect(await first).toEqual(["resitem_1"])
    expect(await Promise.all(waiting)).toEqual([["resitem_2"], null, null])
    // The first is served alone; the three waiting share one read of the levels and one reservation call.
    expect(fake.reservationCalls).toHaveLength(2)
    expect(fake.levelReads).toEqual([["iitem_original"], ["iitem_original"]])
    expect(fake.reservationCalls[1]).toEqual([
      expect.objectContaining({ line_item_id: "line_2", inventory_item_id: "iitem_original", location_id: "sloc_1", quantity: 1, external_id: "sale_2" }),
    ])
  })

  it("each sale gets the ids of its own reservations; a sale short of one item reserves none of the others", async () => {
    const fake = fakeContainer({
      iitem_a: [{ location_id: "sloc_1", stocked_quantity: 10, reserved_quantity: 0 }],
      iitem_b: [{ location_id: "sloc_1", stocked_quantity: 2, reserved_quantity: 0 }],
    })
    const first = reserveSaleStock(fake.container, sale("line_1", 1, "iitem_a", "iitem_b"), tag("sale_1"))
    await flush()
    const second = reserveSaleStock(fake.container, sale("line_2", 1, "iitem_a", "iitem_b"), tag("sale_2"))
    const third = reserveSaleStock(fake.container, sale("line_3", 2, "iitem_a", "iitem_b"), tag("sale_3"))
    fake.releaseFirstLock()
    expect(await first).toEqual(["resitem_1", "resitem_2"])
    // One unit of iitem_b is left after the first sale: the second takes it, the third needs two and reserves nothing.
    expect(await second).toEqual(["resitem_3", "resitem_4"])
    expect(await third).toBeNull()
    expect(fake.reservationCalls[1].map((r) => r.line_item_id)).toEqual(["line_2", "line_2"])
  })

  it("when the inventory module refuses a batch, each sale is tried alone: a shortage is null, the others are reserved", async () => {
    const fake = fakeContainer({ iitem_a: [{ location_id: "sloc_1", stocked_quantity: 10, reserved_quantity: 0 }] })
    // A writer that does not take the locks took the stock of line_3 (as the module sees it).
    fake.refuseWhen((inputs) => inputs.some((input) => input.line_item_id === "line_3"))
    const first = reserveSaleStock(fake.container, sale("line_1", 1, "iitem_a"), tag("sale_1"))
    await flush()
    const second = reserveSaleStock(fake.container, sale("line_2", 1, "iitem_a"), tag("sale_2"))
    const third = reserveSaleStock(fake.container, sale("line_3", 1, "iitem_a"), tag("sale_3"))
    fake.releaseFirstLock()
    expect(await first).toEqual(["resitem_1"])
    expect(await second).toEqual(["resitem_2"])
    expect(await third).toBeNull()
    expect(fake.reservationCalls.map((call) => call.map((r) => r.line_item_id))).toEqual([
      ["line_1"],
      ["line_2", "line_3"],
      ["line_2"],
      ["line_3"],
    ])
  })

  it("a sale without stocked items reserves nothing and takes no lock", async () => {
    const fake = fakeContainer({})
    expect(await reserveSaleStock(fake.container, [{ id: "line_1", quantity: 1, inventory: [] }], tag("sale_1"))).toEqual([])
    expect(fake.reservationCalls).toEqual([])
  })
})
