import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  evaluateRuleCollections,
  listCollectionItemsWithProducts,
  listCollectionsWithItemCounts,
} from "../../../../../queries/curation"
import { deleteCollectionWorkflow } from "../../../../../workflows/curation/workflows/delete-collection"
import { updateCollectionWorkflow } from "../../../../../workflows/curation/workflows/update-collection"
import { collectionDetailView, detailItems } from "../collection-view"
import { COLLECTION_MESSAGES, type UpdateCollectionBody } from "../validators"

/**
 * GET /api/admin/collections/{id}: the collection with rules and items in position order. Manual collections list
 * every stored item (product null if it was deleted; ineligible products included so they can be removed); smart
 * and hybrid ones list their computed products (id null, positions 0..n-1, at most COMPUTED_ITEMS_LIMIT;
 * itemCount counts all).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const [collection] = await listCollectionsWithItemCounts(pg, { id: req.params.id })
  if (!collection) throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_MESSAGES.notFound)
  const [stored, evaluated] = await Promise.all([
    collection.type === "manual" ? listCollectionItemsWithProducts(pg, collection.id) : Promise.resolve([]),
    collection.type === "manual" ? Promise.resolve(undefined) : evaluateRuleCollections(pg, [collection]),
  ])
  const { items, itemCount } = detailItems(collection, stored, evaluated?.get(collection.id))
  res.json({ collection: collectionDetailView(collection, items, itemCount) })
}

/** PATCH /api/admin/collections/{id}: name, description, isActive, featuredImage (and rules, manualInclusions). */
export async function PATCH(req: AuthenticatedMedusaRequest<UpdateCollectionBody>, res: MedusaResponse) {
  const { result } = await updateCollectionWorkflow(req.scope).run({ input: { id: req.params.id, ...req.validatedBody } })
  res.json({ collection: { id: result.id, slug: result.slug, name: result.name, updatedAt: result.updated_at } })
}

/** DELETE /api/admin/collections/{id}: the collection and all its items. */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await deleteCollectionWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ success: true })
}
