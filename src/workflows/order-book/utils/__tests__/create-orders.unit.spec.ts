import OrderModuleService from "@medusajs/order/dist/services/order-module-service"
import { createOrdersWithoutReadBack } from "../create-orders"

describe("createOrdersWithoutReadBack", () => {
  it("finds the installed order module's write without the read-back (fails when a Medusa upgrade renames it)", () => {
    expect(typeof (OrderModuleService.prototype as unknown as Record<string, unknown>).createOrders_).toBe("function")
  })

  it("writes through createOrders_ when the module has it, and never reads the orders back", async () => {
    const calls: string[] = []
    const service = {
      createOrders_: async () => void calls.push("createOrders_"),
      createOrders: async () => void calls.push("createOrders"),
    }
    await createOrdersWithoutReadBack({ resolve: (() => service) as never }, [{ currency_code: "usd" }])
    expect(calls).toEqual(["createOrders_"])
  })

  it("falls back to the public createOrders, and does nothing for no orders", async () => {
    const calls: string[] = []
    const service = { createOrders: async () => void calls.push("createOrders") }
    await createOrdersWithoutReadBack({ resolve: (() => service) as never }, [])
    await createOrdersWithoutReadBack({ resolve: (() => service) as never }, [{ currency_code: "usd" }])
    expect(calls).toEqual(["createOrders"])
  })
})
