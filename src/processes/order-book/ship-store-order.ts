import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow, createOrderShipmentWorkflow } from "@medusajs/medusa/core-flows"
import { FULFILMENT_MESSAGES } from "../../lib/gallery-fulfilment"
import { knownCarrier, trackingUrlForCarrier } from "../../lib/tracking-url"
import { getMirrorOrder, listOrderFulfillments } from "../../queries/medusa/order-book"
import { ensureOrderBookSetup } from "../../workflows/order-book/utils/shipping-setup"

export type ShippedStoreOrder = { id: string; status: "shipped"; tracking_number: string; shipped_at: string }

/**
 * Ships a store order (a Medusa order with no gallery artist order) with Medusa's own workflows: a fulfilment of all
 * its items (from its shipping method's option, else the order book's), then its shipment with the tracking label.
 * 400 Order has been cancelled / Order already shipped. Medusa's fulfilment consumes the order's stock reservations.
 */
export async function shipStoreOrder(
  container: MedusaContainer,
  input: { orderId: string; trackingNumber: string; carrier: string | null }
): Promise<ShippedStoreOrder> {
  const order = await getMirrorOrder(container, input.orderId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  if (order.status === "canceled") throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.orderCancelled)
  const live = (await listOrderFulfillments(container, order.id)).filter((f) => !f.canceled_at)
  if (live.some((f) => f.shipped_at)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.orderAlreadyShipped)
  }
  const carrier = input.carrier === null ? null : (knownCarrier(input.carrier) ?? input.carrier)
  const trackingUrl = trackingUrlForCarrier(input.carrier ?? undefined, input.trackingNumber)
  const items = order.items.map((i) => ({ id: i.id, quantity: i.quantity }))
  let fulfillmentId = live[0]?.id
  if (!fulfillmentId) {
    const setup = await ensureOrderBookSetup(container)
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: {
        order_id: order.id,
        items,
        // Medusa takes the order's shipping method's option when it has one; this one serves orders without.
        shipping_option_id: order.shipping_option_id ?? setup.shippingOptionId,
        location_id: order.shipping_option_id ? undefined : setup.locationId,
        metadata: { carrier },
      },
    })
    fulfillmentId = result.id
  }
  await createOrderShipmentWorkflow(container).run({
    input: {
      order_id: order.id,
      fulfillment_id: fulfillmentId,
      items,
      labels: [{ tracking_number: input.trackingNumber, tracking_url: trackingUrl, label_url: trackingUrl }],
    },
  })
  const [shipped] = (await listOrderFulfillments(container, order.id)).filter((f) => f.id === fulfillmentId)
  return {
    id: order.id,
    status: "shipped",
    tracking_number: input.trackingNumber,
    shipped_at: new Date(shipped?.shipped_at ?? Date.now()).toISOString(),
  }
}
