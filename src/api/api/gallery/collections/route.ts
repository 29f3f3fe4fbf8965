import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { evaluateRuleCollections, listCollectionsWithItemCounts } from "../../../../queries/curation"
import { collectionListView } from "../../admin/collections/collection-view"

/**
 * GET /api/gallery/collections (public browsing, docs/architecture.md, "Decisions"): active
 * collections, newest first; itemCount counts the products the public sees (gallery-eligible ones only).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const collections = await listCollectionsWithItemCounts(pg, { is_active: true, eligibleItemsOnly: true })
  const computed = await evaluateRuleCollections(pg, collections, 0)
  res.json({
    collections: collections.map((c) =>
      collectionListView(c, c.type === "manual" ? c.stored_item_count : computed.get(c.id)?.count ?? 0)
    ),
  })
}
