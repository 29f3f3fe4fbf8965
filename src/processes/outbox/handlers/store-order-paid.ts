import type { MedusaContainer } from "@medusajs/framework/types"
import type { IOrderModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { fromCents } from "../../../lib/money"
import { STORE_ORDER_PAID_TOPIC, type StoreOrderPaidPayload } from "../../../lib/outbox"
import { storeChargeCents } from "../../../lib/store-checkout"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import type { StorePaymentRow } from "../../../modules/gallery/service"
import { recordReferralConversionsWorkflow } from "../../../workflows/referrals/workflows/record-referral-conversions"
import { findOrCreateGuestCustomers } from "../../../workflows/order-book/utils/guest-customers"
import { orderEmailRecipients } from "../../../queries/order-email-recipients"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"

export const STORE_ORDER_CONFIRMATION_TEMPLATE = "store-order-confirmation"
export const STORE_ARTIST_NEW_ORDER_TEMPLATE = "store-artist-new-order"

async function paymentsOf(container: MedusaContainer, payloads: StoreOrderPaidPayload[]): Promise<StorePaymentRow[]> {
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const rows = await gallery.listStorePayments({ id: payloads.map((p) => p.store_payment_id) })
  return rows as unknown as StorePaymentRow[]
}

function itemsView(payment: StorePaymentRow) {
  return payment.items.map((item) => ({
    productId: item.product_id,
    variantId: item.variant_id,
    productName: item.product_title,
    variantTitle: item.variant_title,
    quantity: item.quantity,
    price: fromCents(item.unit_price_cents),
    image: item.thumbnail,
  }))
}

/**
 * Outbox handler of `store.order.paid`: the order confirmation to the customer and a new-order notification to each
 * owner of the store's organization (unless its notification settings turned order emails off), through the
 * Notification module, for a batch of sales at once. Idempotency keys per payment / owner: a redelivery sends nothing
 * twice.
 */
export async function sendStoreOrderEmails(container: MedusaContainer, payloads: StoreOrderPaidPayload[]) {
  const payments = await paymentsOf(container, payloads)
  if (payments.length < payloads.length) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${STORE_ORDER_PAID_TOPIC}: some store payments were not found`)
  }
  if (!payments.length) return
  const recipients = await orderEmailRecipients(
    container,
    payments.map((p) => p.organization_id)
  )
  await sendNotificationsOnce(
    container,
    payments.flatMap((payment) => {
      const data = {
        orderId: payment.order_id,
        storeName: recipients.get(payment.organization_id)?.name ?? null,
        subtotal: fromCents(payment.subtotal_cents),
        // Shipping (docs/store-checkout.md "Shipping"): 0 and null when the sale charged none.
        shipping: fromCents(payment.shipping_cents),
        shippingMethod: payment.shipping_option_name,
        shippingAddress: payment.shipping_address,
        total: fromCents(storeChargeCents(payment)),
        paidAt: payment.paid_at ? new Date(payment.paid_at).toISOString() : null,
        items: itemsView(payment),
      }
      const customer = {
        to: payment.customer_email,
        channel: "email",
        template: STORE_ORDER_CONFIRMATION_TEMPLATE,
        trigger_type: STORE_ORDER_PAID_TOPIC,
        resource_type: "order",
        resource_id: payment.order_id ?? payment.id,
        idempotency_key: `${STORE_ORDER_CONFIRMATION_TEMPLATE}:${payment.id}`,
        data,
      }
      const organization = recipients.get(payment.organization_id)
      // Owners whose settings turned order emails off get none; the customer's confirmation is unaffected.
      if (!organization?.sends_order_emails) return [customer]
      const artists = organization.owners.map((owner) => ({
        to: owner.email,
        channel: "email",
        template: STORE_ARTIST_NEW_ORDER_TEMPLATE,
        trigger_type: STORE_ORDER_PAID_TOPIC,
        resource_type: "order",
        resource_id: payment.order_id ?? payment.id,
        receiver_id: owner.id,
        idempotency_key: `${STORE_ARTIST_NEW_ORDER_TEMPLATE}:${payment.id}:${owner.id}`,
        data: { ...data, customerEmail: payment.customer_email, platformFee: fromCents(payment.platform_fee_cents) },
      }))
      return [customer, ...artists]
    })
  )
}

/**
 * Outbox handler of `store.order.paid` when the sale carried a gallery referral session (`gallery_ref` cookie or
 * `referral_session_id`): one conversion of the merchandise subtotal, credited to the session's live referral to the
 * store's organization. Store sales carry no gallery commission, referred or not. Idempotent per (referral, order).
 */
export async function recordStoreReferralConversion(container: MedusaContainer, payload: StoreOrderPaidPayload) {
  if (!payload.referral_session_id) return
  const [payment] = await paymentsOf(container, [payload])
  if (!payment?.order_id || !payment.referral_session_id) return
  await recordReferralConversionsWorkflow(container).run({
    input: {
      sessionId: payment.referral_session_id,
      orderId: payment.order_id,
      orderType: "store",
      amountsByOrganization: { [payment.organization_id]: payment.subtotal_cents },
      at: new Date(payment.paid_at ?? Date.now()).toISOString(),
    },
  })
}

/**
 * Outbox handler of `store.order.paid`: orders made without a customer (the shopper's email had none) get the email's
 * Medusa customer — an existing one, else a new guest customer — as Medusa's own checkout gives every order one.
 * A batch at once; idempotent (orders that have a customer are left alone).
 */
export async function attachStoreOrderCustomers(container: MedusaContainer, payloads: StoreOrderPaidPayload[]) {
  const orders: IOrderModuleService = container.resolve(Modules.ORDER)
  const missing = (
    await orders.listOrders({ id: payloads.map((p) => p.order_id) }, { select: ["id", "email", "customer_id"] })
  ).filter((order) => !order.customer_id && order.email)
  if (!missing.length) return
  const { byEmail } = await findOrCreateGuestCustomers(
    container,
    missing.map((order) => order.email as string)
  )
  await orders.updateOrders(
    missing.map((order) => ({ id: order.id, customer_id: byEmail[(order.email as string).toLowerCase()] }))
  )
}

