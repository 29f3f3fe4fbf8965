import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteProductVariantsWorkflow, updateProductVariantsWorkflow } from "@medusajs/medusa/core-flows"
import { rankWithout } from "../../../lib/dashboard-products"
import { loadArtistProductStep } from "../steps/load-artist-product"
import { queueProductWebhookEventsStep } from "../steps/queue-product-webhook-events"
import { validateArtistProductVariantChangeStep } from "../steps/validate-artist-product-variant-change"

export type DeleteArtistProductVariantWorkflowInput = { product_id: string; variant_id: string }

/**
 * Soft-deletes a variant of an artist product (deleteProductVariantsWorkflow: the variant, its links and its
 * inventory item), then renumbers the others' ranks so that the next one becomes the default when the default
 * goes. 404 for a variant of another product; 400 for the product's last variant.
 */
export const deleteArtistProductVariantWorkflow = createWorkflow(
  "delete-artist-product-variant",
  (input: DeleteArtistProductVariantWorkflowInput) => {
    const record = loadArtistProductStep(transform({ input }, ({ input }) => ({ product_id: input.product_id })))
    validateArtistProductVariantChangeStep(
      transform({ input, record }, ({ input, record }) => ({
        change: { action: "delete" as const, variant_id: input.variant_id },
        record,
      }))
    )
    deleteProductVariantsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.variant_id] })) })
    const ranks = transform({ input, record }, ({ input, record }) =>
      rankWithout(
        record.view.product_variants.map((variant) => variant.id),
        input.variant_id
      ).map((id, rank) => ({ id, variant_rank: rank }))
    )
    when("artist-variants-reranked", { ranks }, ({ ranks }) => ranks.length > 0).then(() => {
      updateProductVariantsWorkflow.runAsStep({ input: transform({ ranks }, ({ ranks }) => ({ product_variants: ranks })) })
    })
    queueProductWebhookEventsStep(
      transform({ input, record }, ({ input, record }) => ({
        organization_id: record.organization_id,
        product_ids: [input.product_id],
        type: "product.updated" as const,
      }))
    )
    return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.variant_id })))
  }
)
