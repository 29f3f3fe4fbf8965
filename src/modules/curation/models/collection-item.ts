import { model } from "@medusajs/framework/utils"
import { GalleryCollection } from "./collection"

/** A product placed in a manual collection; `position` orders the collection (0 first). */
export const GalleryCollectionItem = model
  .define("gallery_collection_item", {
    id: model.id({ prefix: "gcitem" }).primaryKey(),
    product_id: model.text(),
    position: model.number(),
    // ON DELETE CASCADE in the database: deleting a collection deletes its items.
    collection: model.belongsTo(() => GalleryCollection, { mappedBy: "items" }),
  })
  .indexes([
    // Adding an item is an INSERT ... ON CONFLICT on this pair: a product is in a collection at most once.
    { on: ["collection_id", "product_id"], unique: true },
    { on: ["collection_id", "position"] },
    { on: ["product_id"] },
  ])
