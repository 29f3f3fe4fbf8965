import type { CreateOrderDTO, ICustomerModuleService, IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../lib/money"
import { STORE_ORDER_SOURCE, toMedusaAddress } from "../../../lib/order-book"
import { storeChargeCents, storeOrderIdOf } from "../../../lib/store-checkout"
import type { StorePaymentRow } from "../../../modules/gallery/service"
import { createOrdersWithoutReadBack } from "../../order-book/utils/create-orders"
import { ensureOrderBookSetup, ORDER_BOOK_SHIPPING_OPTION_NAME, type OrderBookSetup } from "../../order-book/utils/shipping-setup"
import { findCustomerIdByEmail, getOrganizationSalesChannel, orderExists } from "../../../queries/store-checkout"
import { settledPayment, type LoadedStorePayment } from "./load-store-payment-for-settlement"

/**
 * How the artist ships a store sale: the option of theirs the shopper was charged for (docs/store-checkout.md
 * "Shipping"); a Checkout session's shipping of the storefront's own rate, at its amount; or, without shipping, the
 * order book's free "Shipped by the artist".
 */
function storeShippingMethod(payment: StorePaymentRow, setup: OrderBookSetup) {
  return {
    name: payment.shipping_option_name ?? ORDER_BOOK_SHIPPING_OPTION_NAME,
    amount: fromCents(payment.shipping_cents),
    shipping_option_id: payment.shipping_option_id ?? setup.shippingOptionId,
  }
}

/**
 * The Medusa order of a paid store payment (docs/store-checkout.md): source store, the charged prices, the shipping
 * method and address, the fee.
 */
export function storeOrderInput(
  payment: StorePaymentRow,
  context: { setup: OrderBookSetup; salesChannelId: string | null; customerId: string | null; chargeId: string | null }
): CreateOrderDTO {
  const address = toMedusaAddress(payment.shipping_address)
  return {
    // Ids chosen here, not by Medusa: the order's from the payment's (found again after a crash), the lines' those
    // the stock reservations already name. CreateOrderDTO does not type them; the order module keeps them.
    id: storeOrderIdOf(payment.id),
    region_id: context.setup.regionId,
    sales_channel_id: context.salesChannelId ?? undefined,
    customer_id: context.customerId ?? undefined,
    email: payment.customer_email,
    currency_code: "usd",
    status: "pending",
    shipping_address: address ?? undefined,
    items: payment.items.map((item) => ({
      id: item.id,
      title: item.variant_title && item.variant_title !== "Standard" ? `${item.product_title} (${item.variant_title})` : item.product_title,
      product_title: item.product_title,
      product_id: item.product_id,
      variant_id: item.variant_id,
      variant_title: item.variant_title ?? undefined,
      variant_sku: item.sku ?? undefined,
      thumbnail: item.thumbnail ?? undefined,
      quantity: item.quantity,
      unit_price: fromCents(item.unit_price_cents),
      requires_shipping: true,
    })),
    shipping_methods: [storeShippingMethod(payment, context.setup)],
    // The captured payment of all that was charged: the order reads as paid (order_transaction), as Medusa's own
    // checkout records it.
    transactions: [
      {
        amount: fromCents(storeChargeCents(payment)),
        currency_code: "usd",
        reference: "payment_intent",
        reference_id: payment.payment_intent_id,
      },
    ],
    metadata: {
      source: STORE_ORDER_SOURCE,
      store_payment_id: payment.id,
      payment_intent_id: payment.payment_intent_id,
      charge_id: context.chargeId,
      platform_fee_cents: payment.platform_fee_cents,
      commission_basis_points: payment.commission_basis_points,
    },
  } as CreateOrderDTO
}

/**
 * Makes the store payment's Medusa order in the organization's sales channel — unless a crashed run made it already
 * (its id derives from the payment's). An existing customer of the email is its customer; for a first-time shopper a
 * guest customer is made first, as Medusa's own checkout does, so the order is written once, complete. The stock
 * reserved at payment already names the order's lines, so Medusa's fulfilment consumes it. Compensation deletes the
 * order and the guest customer this run made.
 */
type StoreOrderCompensation = { orderId: string; createdCustomerId: string | null } | null

export const createStoreOrderStep = createStep(
  "create-store-order",
  async (input: LoadedStorePayment, { container }) => {
    const payment = settledPayment(input)
    const orderId = storeOrderIdOf(payment.id)
    // The reads the order needs go out with the check for a crashed run's order (one round trip, not two).
    const [exists, setup, salesChannelId, customerId] = await Promise.all([
      orderExists(container, orderId),
      ensureOrderBookSetup(container),
      getOrganizationSalesChannel(container, payment.organization_id),
      findCustomerIdByEmail(container, payment.customer_email),
    ])
    if (exists) return new StepResponse({ orderId }, null as StoreOrderCompensation)
    let createdCustomerId: string | null = null
    if (!customerId) {
      const customers: ICustomerModuleService = container.resolve(Modules.CUSTOMER)
      const [created] = await customers.createCustomers([{ email: payment.customer_email }])
      createdCustomerId = created.id
    }
    await createOrdersWithoutReadBack(container, [
      storeOrderInput(payment, { setup, salesChannelId, customerId: customerId ?? createdCustomerId, chargeId: input.chargeId }),
    ])
    return new StepResponse({ orderId }, { orderId, createdCustomerId } as StoreOrderCompensation)
  },
  async (made, { container }) => {
    if (!made) return
    await container.resolve<IOrderModuleService>(Modules.ORDER).deleteOrders([made.orderId])
    if (made.createdCustomerId) await container.resolve<ICustomerModuleService>(Modules.CUSTOMER).deleteCustomers([made.createdCustomerId])
  }
)
