import { model } from "@medusajs/framework/utils"
import { CHANNELS } from "../../../lib/channels"

/**
 * A marketplace listing imported as an Atelier product: the import's memory, so that importing again creates nothing
 * twice (unique per organization, channel and listing). `product_id` is the Medusa product made from it.
 */
export const ChannelListing = model
  .define("channel_listing", {
    id: model.id({ prefix: "chlst" }).primaryKey(),
    organization_id: model.text(),
    channel: model.enum([...CHANNELS]),
    listing_id: model.text(),
    product_id: model.text(),
  })
  .indexes([{ on: ["organization_id", "channel", "listing_id"], unique: true, where: "deleted_at IS NULL" }])
