import { model } from "@medusajs/framework/utils"

/** Every status change of a gallery order or one of its artist orders, with its time. */
export const OrderTransition = model
  .define("gallery_order_transition", {
    id: model.id({ prefix: "otr" }).primaryKey(),
    gallery_order_id: model.text(),
    artist_order_id: model.text().nullable(),
    from_status: model.text().nullable(),
    to_status: model.text(),
    occurred_at: model.dateTime(),
  })
  .indexes([{ on: ["gallery_order_id"] }])
