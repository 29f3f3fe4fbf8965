import { model } from "@medusajs/framework/utils"

/** One product in an anonymous gallery cart; the session is the `gallery_cart_session` cookie's UUID. */
export const CartItem = model
  .define("gallery_cart_item", {
    id: model.id({ prefix: "gci" }).primaryKey(),
    session_id: model.text(),
    product_id: model.text(),
    quantity: model.number(),
  })
  .indexes([
    // Add is an upsert on this pair (INSERT ... ON CONFLICT), so two racing adds merge instead of duplicating.
    { on: ["session_id", "product_id"], unique: true },
    { on: ["updated_at"] },
  ])
  .checks([{ name: "gallery_cart_item_quantity_range", expression: (columns) => `${columns.quantity} BETWEEN 1 AND 99` }])
