import type { CreateOrderDTO, ICustomerModuleService, IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../lib/money"
import { STORE_ORDER_SOURCE } from "../../../lib/order-book"
import { storeOrderIdOf } from "../../../lib/store-checkout"
import type { StorePaymentRow } from "../../../modules/gallery/service"
import { ensureOrderBookSetup, ORDER_BOOK_SHIPPING_OPTION_NAME, type OrderBookSetup } from "../../../order-book/shipping-setup"
import { getOrganizationSalesChannel, orderExists, readOrderBookSetup } from "../../../queries/store-checkout"
import { settledPayment, type LoadedStorePayment } from "./load-store-payment-for-settlement"

/** The Medusa order of a paid store payment (docs/store-checkout.md): source store, the charged prices, the fee. */
export function storeOrderInput(
  payment: StorePaymentRow,
  context: { setup: OrderBookSetup; salesChannelId: string | null; customerId: string; chargeId: string | null }
): CreateOrderDTO {
  return {
    // Ids chosen here, not by Medusa: the order's from the payment's (found again after a crash), the lines' those
    // the stock reservations already name. CreateOrderDTO does not type them; the order module keeps them.
    id: storeOrderIdOf(payment.id),
    region_id: context.setup.regionId,
    sales_channel_id: context.salesChannelId ?? undefined,
    customer_id: context.customerId,
    email: payment.customer_email,
    currency_code: "usd",
    status: "pending",
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
    // The storefront's own shipping is out of scope here: the artist ships, the method records how.
    shipping_methods: [{ name: ORDER_BOOK_SHIPPING_OPTION_NAME, amount: 0, shipping_option_id: context.setup.shippingOptionId }],
    // The captured payment: the order reads as paid (order_transaction), as Medusa's own checkout records it.
    transactions: [
      {
        amount: fromCents(payment.subtotal_cents),
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

type Compensation = { orderId: string | null; customerId: string | null }

/**
 * Makes the store payment's Medusa order in the organization's sales channel — unless a crashed run made it already
 * (its id derives from the payment's) — with the email's customer (a guest one when none exists). The stock reserved
 * at payment already names the order's lines, so Medusa's fulfilment consumes it. Compensation deletes the order and
 * customer this run made.
 */
export const createStoreOrderStep = createStep(
  "create-store-order",
  async (input: LoadedStorePayment, { container }) => {
    const payment = settledPayment(input)
    const orderId = storeOrderIdOf(payment.id)
    const made: Compensation = { orderId: null, customerId: null }
    if (await orderExists(container, orderId)) return new StepResponse({ orderId }, made)

    const [setup, salesChannelId] = await Promise.all([
      readOrderBookSetup(container, ORDER_BOOK_SHIPPING_OPTION_NAME).then((found) => found ?? ensureOrderBookSetup(container)),
      getOrganizationSalesChannel(container, payment.organization_id),
    ])
    const customers: ICustomerModuleService = container.resolve(Modules.CUSTOMER)
    const email = payment.customer_email.toLowerCase()
    const known = await customers.listCustomers({ email }, { select: ["id", "has_account"] })
    let customerId = [...known].sort((a, b) => Number(b.has_account) - Number(a.has_account))[0]?.id
    if (!customerId) {
      customerId = (await customers.createCustomers({ email })).id
      made.customerId = customerId
    }
    const orders: IOrderModuleService = container.resolve(Modules.ORDER)
    await orders.createOrders([storeOrderInput(payment, { setup, salesChannelId, customerId, chargeId: input.chargeId })])
    made.orderId = orderId
    return new StepResponse({ orderId }, made)
  },
  async (made, { container }) => {
    if (made?.orderId) await container.resolve<IOrderModuleService>(Modules.ORDER).deleteOrders([made.orderId])
    if (made?.customerId) await container.resolve<ICustomerModuleService>(Modules.CUSTOMER).deleteCustomers([made.customerId])
  }
)
