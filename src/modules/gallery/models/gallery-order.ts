import { model } from "@medusajs/framework/utils"
import { ArtistOrder } from "./artist-order"

export const GALLERY_SHIPPING_OPTIONS = ["single_address", "per_artist"] as const

/** The parent order of one gallery checkout: one payment, split into one artist order per organization. */
export const GalleryOrder = model
  .define("gallery_order", {
    id: model.id({ prefix: "gord" }).primaryKey(),
    public_id: model.text().unique(),
    status: model
      .enum(["pending", "paid", "processing", "partially_shipped", "shipped", "delivered", "cancelled"])
      .default("pending"),
    email: model.text(),
    shipping_option: model.enum([...GALLERY_SHIPPING_OPTIONS]),
    shipping_address: model.json().nullable(),
    // Amounts in integer cents (USD): no binary floating point in stored money.
    subtotal_cents: model.number(),
    // The artists' shipping charges summed (docs/shipping.md); 0 where no artist configured rates.
    shipping_cents: model.number().default(0),
    gallery_fee_cents: model.number(),
    stripe_fee_cents: model.number(),
    total_cents: model.number(),
    currency_code: model.text().default("usd"),
    payment_intent_id: model.text().unique().nullable(),
    transfer_group: model.text(),
    cart_session_id: model.text(),
    referral_session_id: model.text().nullable(),
    payment_failure: model.text().nullable(),
    paid_at: model.dateTime().nullable(),
    cancelled_at: model.dateTime().nullable(),
    refund_id: model.text().nullable(),
    /** The merchandise its artist orders' refunds gave back (docs/refunds.md): analytics subtract it from the revenue. */
    refunded_merchandise_cents: model.number().default(0),
    /** What the provider reports refunded on the charge in all (`charge.refunded`), its dashboard's refunds included. */
    provider_refunded_cents: model.number().default(0),
    artist_orders: model.hasMany(() => ArtistOrder, { mappedBy: "gallery_order" }),
  })
  .cascades({ delete: ["artist_orders"] })
  .indexes([{ on: ["status", "created_at"] }, { on: ["paid_at"] }, { on: ["created_at"] }])
