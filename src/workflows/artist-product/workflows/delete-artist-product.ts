import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteProductsWorkflow } from "@medusajs/medusa/core-flows"
import { loadArtistProductStep } from "../steps/load-artist-product"
import { updateArtistProductRowStep } from "../steps/update-artist-product-row"

export type DeleteArtistProductWorkflowInput = { product_id: string }

/**
 * Soft-deletes an artist product: marks its artist_product row archived (kept for the order history), then
 * Medusa's deleteProductsWorkflow soft-deletes the product, its variants, their inventory items and the links.
 * 404 for an unknown (or already deleted) product. A failure of the deletion restores the row.
 */
export const deleteArtistProductWorkflow = createWorkflow(
  "delete-artist-product",
  (input: DeleteArtistProductWorkflowInput) => {
    const record = loadArtistProductStep(transform({ input }, ({ input }) => ({ product_id: input.product_id })))
    updateArtistProductRowStep(
      transform({ record }, ({ record }) => ({ id: record.artist_product_id, archived_at: record.archived_at ?? new Date() }))
    )
    deleteProductsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.product_id] })) })
    return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.product_id })))
  }
)
