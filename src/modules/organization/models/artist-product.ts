import { model } from "@medusajs/framework/utils"
import { ARTWORK_TYPES } from "../../../lib/artwork-types"
import { Organization } from "./organization"

export { ARTWORK_TYPES, type ArtworkType } from "../../../lib/artwork-types"

/**
 * What the gallery needs to know about a Medusa product that Medusa does not model:
 * its organization, gallery eligibility, kind of work and curation flags. Linked 1:1 to the product.
 */
export const ArtistProduct = model
  .define("artist_product", {
    id: model.id({ prefix: "aprod" }).primaryKey(),
    gallery_eligible: model.boolean().default(false),
    product_type: model.enum([...ARTWORK_TYPES]).default("print"),
    featured: model.boolean().default(false),
    archived_at: model.dateTime().nullable(),
    organization: model.belongsTo(() => Organization, { mappedBy: "artist_products" }),
  })
  .indexes([{ on: ["organization_id", "gallery_eligible"] }])
