import type { CreateOrderDTO, ICustomerModuleService, IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../lib/money"
import { STORE_ORDER_SOURCE } from "../../../lib/order-book"
import type { StorePaymentRow } from "../../../modules/gallery/service"
import { ensureOrderBookSetup, ORDER_BOOK_SHIPPING_OPTION_NAME, type OrderBookSetup } from "../../../order-book/shipping-setup"
import { moveReservationsToLines } from "../../../order-book/sync"
import { findStoreOrderOfPayment, getOrganizationSalesChannel, listStoreOrderLines } from "../../../queries/store-checkout"
import { settledPayment, type LoadedStorePayment } from "./load-store-payment-for-settlement"

/** The Medusa order of a paid store payment (docs/store-checkout.md): source store, the charged prices, the fee. */
export function storeOrderInput(
  payment: StorePaymentRow,
  context: { setup: OrderBookSetup; salesChannelId: string | null; customerId: string; chargeId: string | null }
): CreateOrderDTO {
  return {
    region_id: context.setup.regionId,
    sales_channel_id: context.salesChannelId ?? undefined,
    customer_id: context.customerId,
    email: payment.customer_email,
    currency_code: "usd",
    status: "pending",
    items: payment.items.map((item) => ({
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
      // The payment line whose stock reservation this line takes over.
      metadata: { store_payment_line_id: item.id },
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
 * Makes the store payment's Medusa order in the organization's sales channel — or finds the one a crashed run made
 * (metadata.store_payment_id), so a retry never makes a second — and moves the payment's stock reservations onto
 * its lines. The customer is the email's Medusa customer (a guest one is made when none exists). Compensation
 * deletes the order and customer this run made.
 */
export const createStoreOrderStep = createStep(
  "create-store-order",
  async (input: LoadedStorePayment, { container }) => {
    const payment = settledPayment(input)
    let orderId = await findStoreOrderOfPayment(container, payment.id)
    const made: Compensation = { orderId: null, customerId: null }
    if (!orderId) {
      const [setup, salesChannelId] = await Promise.all([
        ensureOrderBookSetup(container),
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
      const [order] = await orders.createOrders([
        storeOrderInput(payment, { setup, salesChannelId, customerId, chargeId: input.chargeId }),
      ])
      orderId = order.id
      made.orderId = order.id
    }
    const lines = await listStoreOrderLines(container, orderId)
    await moveReservationsToLines(
      container,
      new Map(lines.filter((l) => l.store_payment_line_id).map((l) => [l.store_payment_line_id as string, l.id]))
    )
    return new StepResponse({ orderId }, made)
  },
  async (made, { container }) => {
    if (made?.orderId) await container.resolve<IOrderModuleService>(Modules.ORDER).deleteOrders([made.orderId])
    if (made?.customerId) await container.resolve<ICustomerModuleService>(Modules.CUSTOMER).deleteCustomers([made.customerId])
  }
)
