import { model } from "@medusajs/framework/utils"
import { ArtistOrder } from "./artist-order"

/** A line of an artist order; name, price and image are snapshots taken at checkout. */
export const ArtistOrderItem = model
  .define("gallery_artist_order_item", {
    id: model.id({ prefix: "aoi" }).primaryKey(),
    product_id: model.text(),
    variant_id: model.text().nullable(),
    product_name: model.text(),
    quantity: model.number(),
    price_cents: model.number(),
    /** How many of `quantity` were refunded (docs/refunds.md): never more than `quantity`. */
    refunded_quantity: model.number().default(0),
    image: model.text().nullable(),
    artist_order: model.belongsTo(() => ArtistOrder, { mappedBy: "items" }),
  })
  .indexes([{ on: ["product_id"] }])
