import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { removeCollectionItemWorkflow } from "../../../../../../../workflows/curation/workflows/remove-collection-item"

/** DELETE /api/admin/collections/{id}/items/{itemId}: 404 Collection item not found (also for another's item). */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await removeCollectionItemWorkflow(req.scope).run({
    input: { collection_id: req.params.id, item_id: req.params.itemId },
  })
  res.json({ success: true })
}
