import type { ProductStatus } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateProductsWorkflow, updateProductVariantsWorkflow } from "@medusajs/medusa/core-flows"
import type { ArtworkType } from "../../../lib/artwork-types"
import { loadArtistProductStep } from "../steps/load-artist-product"
import { queueProductWebhookEventsStep } from "../steps/queue-product-webhook-events"
import { resolveArtistProductHandlesStep } from "../steps/resolve-artist-product-handles"
import { updateArtistProductRowStep } from "../steps/update-artist-product-row"
import { validateArtistProductReferencesStep } from "../steps/validate-artist-product-references"
import { validateArtistProductUpdateStep } from "../steps/validate-artist-product-update"

export type UpdateArtistProductWorkflowInput = {
  product_id: string
  title?: string
  /** A new handle: refused when another product has it. */
  handle?: string
  description?: string | null
  /** Medusa status. */
  status?: Extract<ProductStatus, "draft" | "published">
  /** Archive (true) or un-archive (false) the product (artist_product.archived_at). */
  archived?: boolean
  /** A Medusa product type (must exist), or null to clear it. */
  type_id?: string | null
  /** Image URLs in display order (replacing the current ones); the first is the thumbnail. */
  images?: string[]
  /** The default variant's USD price. */
  base_price?: number
  product_type?: ArtworkType
  gallery_eligible?: boolean
  featured?: boolean
}

/**
 * Updates an artist product: Medusa's product (title, handle, description, status, type, images) through
 * updateProductsWorkflow, the default variant's price through updateProductVariantsWorkflow, and the artist_product
 * row (gallery flags, archive mark); then product.updated to the organization's outbound webhooks. Checks come first (404, taken handle, unknown type, publishing without a
 * price); any later failure undoes the earlier writes (each step and nested workflow compensates).
 */
export const updateArtistProductWorkflow = createWorkflow(
  "update-artist-product",
  (input: UpdateArtistProductWorkflowInput) => {
    const record = loadArtistProductStep(transform({ input }, ({ input }) => ({ product_id: input.product_id })))
    validateArtistProductUpdateStep({ input, record })
    validateArtistProductReferencesStep(
      transform({ input }, ({ input }) => ({ type_ids: input.type_id ? [input.type_id] : [] }))
    )
    resolveArtistProductHandlesStep(
      transform({ input, record }, ({ input, record }) => ({
        products: input.handle && input.handle !== record.view.slug ? [{ title: record.view.title, handle: input.handle }] : [],
        exclude_product_id: input.product_id,
      }))
    )

    const productUpdate = transform({ input }, ({ input }) => {
      const update: Record<string, unknown> = {}
      if (input.title !== undefined) update.title = input.title
      if (input.handle !== undefined) update.handle = input.handle
      if (input.description !== undefined) update.description = input.description
      if (input.status !== undefined) update.status = input.status
      if (input.type_id !== undefined) update.type_id = input.type_id
      if (input.images !== undefined) {
        update.images = input.images.map((url) => ({ url }))
        update.thumbnail = input.images[0] ?? null
      }
      return update
    })
    when("artist-product-fields-changed", { productUpdate }, ({ productUpdate }) => Object.keys(productUpdate).length > 0).then(() => {
      updateProductsWorkflow.runAsStep({
        input: transform({ input, productUpdate }, ({ input, productUpdate }) => ({
          selector: { id: input.product_id },
          update: productUpdate,
        })),
      })
    })

    when("artist-product-price-changed", { input }, ({ input }) => input.base_price !== undefined).then(() => {
      updateProductVariantsWorkflow.runAsStep({
        input: transform({ input, record }, ({ input, record }) => ({
          product_variants: [
            {
              id: record.view.product_variants[0].id,
              prices: [{ amount: input.base_price as number, currency_code: "usd" }],
            },
          ],
        })),
      })
    })

    updateArtistProductRowStep(
      transform({ input, record }, ({ input, record }) => ({
        id: record.artist_product_id,
        product_type: input.product_type,
        gallery_eligible: input.gallery_eligible,
        featured: input.featured,
        archived_at:
          input.archived === undefined ? undefined : input.archived ? (record.archived_at ?? new Date()) : null,
      }))
    )
    queueProductWebhookEventsStep(
      transform({ input, record }, ({ input, record }) => ({
        organization_id: record.organization_id,
        product_ids: [input.product_id],
        type: "product.updated" as const,
      }))
    )
    return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.product_id })))
  }
)
