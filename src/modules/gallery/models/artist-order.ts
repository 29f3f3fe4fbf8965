import { model } from "@medusajs/framework/utils"
import { ArtistOrderItem } from "./artist-order-item"
import { GalleryOrder } from "./gallery-order"

/** One organization's share of a gallery order: its items, its shipment, its payout. */
export const ArtistOrder = model
  .define("gallery_artist_order", {
    id: model.id({ prefix: "aord" }).primaryKey(),
    organization_id: model.text(),
    // Snapshot of the organization's name at checkout, as the customer saw it.
    artist_name: model.text(),
    status: model.enum(["pending", "paid", "processing", "shipped", "delivered"]).default("pending"),
    subtotal_cents: model.number(),
    // 88 % of subtotal_cents plus all of shipping_cents (lib/gallery-fees.ts).
    payout_cents: model.number(),
    // The artist's shipping charge and the Medusa shipping option it came from (null: the artist has no rates).
    shipping_cents: model.number().default(0),
    shipping_option_id: model.text().nullable(),
    shipping_option_name: model.text().nullable(),
    // The destination country the charge was quoted for; a per_artist address given later must be in it.
    shipping_country: model.text().nullable(),
    shipping_address: model.json().nullable(),
    carrier: model.text().nullable(),
    tracking_number: model.text().nullable(),
    tracking_url: model.text().nullable(),
    shipped_at: model.dateTime().nullable(),
    delivered_at: model.dateTime().nullable(),
    paid_at: model.dateTime().nullable(),
    /** What the customer got back of this artist order, and how much of that was its shipping (docs/refunds.md). */
    refunded_cents: model.number().default(0),
    refunded_shipping_cents: model.number().default(0),
    /** What came back from the artist's payout for those refunds (never more than payout_cents). */
    refunded_share_cents: model.number().default(0),
    /** The merchandise part of those refunds: analytics subtract it from the revenue (docs/refunds.md). */
    refunded_merchandise_cents: model.number().default(0),
    gallery_order: model.belongsTo(() => GalleryOrder, { mappedBy: "artist_orders" }),
    items: model.hasMany(() => ArtistOrderItem, { mappedBy: "artist_order" }),
  })
  .cascades({ delete: ["items"] })
  .indexes([
    { on: ["gallery_order_id", "organization_id"], unique: true },
    { on: ["organization_id", "status", "created_at"] },
    { on: ["organization_id", "paid_at"] },
    { on: ["paid_at"] },
  ])
