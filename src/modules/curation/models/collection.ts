import { model } from "@medusajs/framework/utils"
import { GalleryCollectionItem } from "./collection-item"

export const COLLECTION_TYPES = ["manual", "smart", "hybrid"] as const
export type CollectionType = (typeof COLLECTION_TYPES)[number]

/**
 * A curated set of gallery products. `manual` collections hold ordered items (gallery_collection_item);
 * `smart` ones compute their products from `rules` (validated by lib/smart-collection-rules.ts); `hybrid`
 * ones show `manual_inclusions` (product ids, in that order) followed by the products matching `rules`.
 */
export const GalleryCollection = model
  .define("gallery_collection", {
    id: model.id({ prefix: "gcol" }).primaryKey(),
    // Unique: the create route inserts with ON CONFLICT on this index, so two racing creates cannot both win.
    slug: model.text().unique(),
    name: model.text(),
    description: model.text().nullable(),
    type: model.enum([...COLLECTION_TYPES]),
    is_active: model.boolean().default(true),
    featured_image: model.text().nullable(),
    rules: model.json().nullable(),
    manual_inclusions: model.array().nullable(),
    items: model.hasMany(() => GalleryCollectionItem, { mappedBy: "collection" }),
  })
  .cascades({ delete: ["items"] })
  .indexes([{ on: ["is_active", "type"] }])
