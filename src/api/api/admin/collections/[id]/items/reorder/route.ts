import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reorderCollectionItemsWorkflow } from "../../../../../../../workflows/curation/workflows/reorder-collection-items"
import type { ReorderCollectionItemsBody } from "../../../validators"

/**
 * PATCH /api/admin/collections/{id}/items/reorder {items: [{itemId, position}]} -> {success, updatedCount}. One
 * transaction: if any listed item is not an item of this collection, 400 and nothing changes. Items not listed keep
 * their positions.
 */
export async function PATCH(req: AuthenticatedMedusaRequest<ReorderCollectionItemsBody>, res: MedusaResponse) {
  const { items } = req.validatedBody
  const { result } = await reorderCollectionItemsWorkflow(req.scope).run({
    input: { collection_id: req.params.id, items },
  })
  res.json({ success: true, updatedCount: result.updatedCount })
}
