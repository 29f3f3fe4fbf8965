import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  evaluateRuleCollections,
  filterCollectionsShowingProduct,
  listCollectionsWithItemCounts,
} from "../../../../queries/curation"
import { collectionListView } from "../../admin/collections/collection-view"
import type { GalleryCollectionsQuery } from "./validators"

/**
 * GET /api/gallery/collections (public browsing, docs/architecture.md, "Decisions"): active
 * collections, newest first; itemCount counts the products the public sees (gallery-eligible ones only).
 * `product_id` keeps those that show that product (none when it is not gallery eligible).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as GalleryCollectionsQuery
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const active = await listCollectionsWithItemCounts(pg, { is_active: true, eligibleItemsOnly: true })
  const collections = query.product_id ? await filterCollectionsShowingProduct(pg, active, query.product_id) : active
  const computed = await evaluateRuleCollections(pg, collections, 0)
  res.json({
    collections: collections.map((c) =>
      collectionListView(c, c.type === "manual" ? c.stored_item_count : computed.get(c.id)?.count ?? 0)
    ),
  })
}
