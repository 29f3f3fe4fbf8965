import { model } from "@medusajs/framework/utils"
import type { ShippingAddress } from "../../../lib/gallery-checkout"

export const STORE_PAYMENT_STATUSES = ["pending", "paid", "cancelled"] as const
export type StorePaymentStatus = (typeof STORE_PAYMENT_STATUSES)[number]

/** One line of a store payment, priced from Medusa when the payment was created (the price charged). */
export type StorePaymentItem = {
  /** Line id (`ordli_...`): the id of the Medusa order line it becomes, which the stock reservation names from the start. */
  id: string
  product_id: string
  variant_id: string
  quantity: number
  unit_price_cents: number
  product_title: string
  variant_title: string | null
  sku: string | null
  thumbnail: string | null
}

/**
 * A payment of an artist's own storefront (docs/store-checkout.md): one Stripe destination charge to the
 * organization's connected account, the platform keeping `platform_fee_cents`. Pending until the payment succeeds;
 * then paid with the Medusa order it became (`order_id`), or cancelled (refunded) when the stock was gone. It lives in
 * the gallery module because that module owns settled payments and the outbox: a payment becomes paid and queues its
 * emails and referral credit in one statement.
 */
export const StorePayment = model
  .define("store_payment", {
    id: model.id({ prefix: "spay" }).primaryKey(),
    organization_id: model.text(),
    payment_intent_id: model.text().unique(),
    /** `payment_intent` (POST /api/create-payment-intent) or `checkout_session` (Stripe Checkout). */
    origin: model.enum(["payment_intent", "checkout_session"]),
    checkout_session_id: model.text().nullable(),
    customer_email: model.text(),
    items: model.json<StorePaymentItem[]>(),
    subtotal_cents: model.number(),
    /** The plan's commission on this sale, in basis points, and the fee it makes (application_fee_amount). */
    commission_basis_points: model.number(),
    platform_fee_cents: model.number(),
    /**
     * Shipping charged on top of the merchandise (docs/store-checkout.md "Shipping"): all of it the artist's, no fee
     * on it. The artist's Medusa shipping option and its name (null: the artist has no rates, or a Checkout session
     * charged a rate of the storefront's own) and the address the shopper gave (null: none).
     */
    shipping_cents: model.number().default(0),
    shipping_option_id: model.text().nullable(),
    shipping_option_name: model.text().nullable(),
    shipping_address: model.json<ShippingAddress>().nullable(),
    currency: model.text().default("usd"),
    referral_session_id: model.text().nullable(),
    status: model.enum([...STORE_PAYMENT_STATUSES]).default("pending"),
    order_id: model.text().nullable(),
    /** The last failed payment attempt, `out_of_stock`, or a refused settlement (amount or currency mismatch). */
    payment_failure: model.text().nullable(),
    refund_id: model.text().nullable(),
    /**
     * The destination charge's automatic transfer to the connected account (`tr_...`), stored at settlement; null for
     * payments settled before it was stored, or when the provider did not report it (a lost dispute looks it up).
     */
    transfer_id: model.text().nullable(),
    /**
     * What refunds from Atelier gave back of the paid charge (models/store-refund.ts, docs/refunds.md "Store orders"):
     * the amount, its shipping, the application fee returned, and the quantity refunded per line (`{line id: quantity}`).
     */
    refunded_cents: model.number().default(0),
    refunded_shipping_cents: model.number().default(0),
    refunded_fee_cents: model.number().default(0),
    refunded_quantities: model.json<Record<string, number>>().default({}),
    paid_at: model.dateTime().nullable(),
    cancelled_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["organization_id"] }, { on: ["status", "created_at"] }])
