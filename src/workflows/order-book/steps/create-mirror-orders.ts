import type { CreateOrderDTO, IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrdersWithoutReadBack } from "../utils/create-orders"

/** A mirror order's input with the id the order book chose for it (derivedOrderId of its artist order). */
export type MirrorOrderInput = CreateOrderDTO & { id: string }

/**
 * Creates the mirrors' Medusa orders in one write of the order module, not read back (workflows/order-book/utils/create-orders.ts):
 * their ids were chosen by the caller. Compensation deletes them.
 */
export const createMirrorOrdersStep = createStep(
  "create-mirror-orders",
  async (orders: MirrorOrderInput[], { container }) => {
    await createOrdersWithoutReadBack(container, orders)
    const ids = orders.map((order) => order.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    await container.resolve<IOrderModuleService>(Modules.ORDER).deleteOrders(ids)
  }
)
