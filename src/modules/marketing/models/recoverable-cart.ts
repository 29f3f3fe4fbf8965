import { model } from "@medusajs/framework/utils"

/**
 * A storefront cart whose shopper left an email (`POST /api/cart/email`): one per organization and email, a newer
 * capture replacing the older. `items` holds `{product_id, variant_id, quantity, price}` as the shopper saw them.
 * The reminder job claims a due cart (`reminder_claimed_until`, a lease), sends once, and stamps `reminder_sent_at`;
 * a cart whose shopper has since bought in that store is closed with `purchased_at` instead.
 */
export const RecoverableCart = model
  .define("recoverable_cart", {
    id: model.id({ prefix: "rcart" }).primaryKey(),
    organization_id: model.text(),
    email: model.text(),
    items: model.json(),
    cart_total_cents: model.number(),
    captured_at: model.dateTime(),
    reminder_claimed_until: model.dateTime().nullable(),
    reminder_sent_at: model.dateTime().nullable(),
    purchased_at: model.dateTime().nullable(),
  })
  .indexes([
    // Capture is an upsert on this pair (INSERT ... ON CONFLICT), so two racing captures end in one row.
    { on: ["organization_id", "email"], unique: true, where: "deleted_at IS NULL" },
    { on: ["captured_at"], where: "deleted_at IS NULL AND reminder_sent_at IS NULL AND purchased_at IS NULL" },
  ])
