import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { evaluateRuleCollections, listCollectionsWithItemCounts } from "../../../../queries/curation"
import { createCollectionWorkflow } from "../../../../workflows/curation/workflows/create-collection"
import { collectionListView, collectionView } from "./collection-view"
import type { AdminListCollectionsQuery, CreateCollectionBody } from "./validators"

/**
 * GET /api/admin/collections?is_active&type (spec 4.9), newest first. itemCount: stored items of manual
 * collections, all counted in ONE grouped query; smart and hybrid collections count their computed products
 * (one count query each, evaluated by the database).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { is_active, type } = req.validatedQuery as unknown as AdminListCollectionsQuery
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const collections = await listCollectionsWithItemCounts(pg, { is_active, type })
  const computed = await evaluateRuleCollections(pg, collections, 0)
  res.json({
    collections: collections.map((c) =>
      collectionListView(c, c.type === "manual" ? c.stored_item_count : computed.get(c.id)?.count ?? 0)
    ),
  })
}

/** POST /api/admin/collections -> 201 {collection}. Messages: see validators.ts and the create workflow. */
export async function POST(req: AuthenticatedMedusaRequest<CreateCollectionBody>, res: MedusaResponse) {
  const { result } = await createCollectionWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({ collection: collectionView(result) })
}
