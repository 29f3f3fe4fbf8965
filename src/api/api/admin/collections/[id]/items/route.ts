import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { addCollectionItemWorkflow } from "../../../../../../workflows/curation/workflows/add-collection-item"
import { collectionItemView } from "../../collection-view"
import type { AddCollectionItemBody } from "../../validators"

/**
 * POST /api/admin/collections/{id}/items {productId, position?} -> 201 {item}. 400 Product ID required; 404
 * Collection not found; 400 for a smart/hybrid collection; 404 Product not found; 400 Product not gallery eligible;
 * 400 Product already in collection. Without a position the item is appended (max + 1; the first item is 0).
 */
export async function POST(req: AuthenticatedMedusaRequest<AddCollectionItemBody>, res: MedusaResponse) {
  const { productId, position } = req.validatedBody
  const { result } = await addCollectionItemWorkflow(req.scope).run({
    input: { collection_id: req.params.id, product_id: productId, position },
  })
  res.status(201).json({ item: collectionItemView(result) })
}
