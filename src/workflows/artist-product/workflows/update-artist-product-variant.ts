import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createInventoryLevelsWorkflow,
  updateInventoryItemsWorkflow,
  updateInventoryLevelsWorkflow,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"
import { rankWithDefault } from "../../../lib/dashboard-products"
import { loadArtistProductStep } from "../steps/load-artist-product"
import { queueProductWebhookEventsStep } from "../steps/queue-product-webhook-events"
import { resolveArtistProductContextStep } from "../steps/resolve-artist-product-context"
import { validateArtistProductReferencesStep } from "../steps/validate-artist-product-references"
import { validateArtistProductVariantChangeStep } from "../steps/validate-artist-product-variant-change"

export type UpdateArtistProductVariantWorkflowInput = {
  product_id: string
  variant_id: string
  title?: string
  sku?: string | null
  /** USD, major unit. */
  price?: number
  /** null clears it. */
  compare_at_price?: number | null
  /** Stocked at the organization's stock location. */
  inventory_quantity?: number
  /** true makes it the default (the others keep their order after it); false is refused on the default. */
  is_default?: boolean
}

/**
 * Updates a variant of an artist product: title, SKU, price, compare-at price and rank through
 * updateProductVariantsWorkflow (the SKU also on its inventory item), its stock at the organization's location
 * through updateInventoryLevelsWorkflow (createInventoryLevelsWorkflow when the item has no level there yet).
 * Checks first (404 for a variant of another product, title and SKU taken, unsetting the default); a later
 * failure undoes the earlier writes.
 */
export const updateArtistProductVariantWorkflow = createWorkflow(
  "update-artist-product-variant",
  (input: UpdateArtistProductVariantWorkflowInput) => {
    const record = loadArtistProductStep(transform({ input }, ({ input }) => ({ product_id: input.product_id })))
    const context = resolveArtistProductContextStep(
      transform({ record }, ({ record }) => ({ organization_id: record.organization_id }))
    )
    const check = validateArtistProductVariantChangeStep(
      transform({ input, record, context }, ({ input, record, context }) => ({
        change: {
          action: "update" as const,
          variant_id: input.variant_id,
          title: input.title,
          is_default: input.is_default,
          inventory_quantity: input.inventory_quantity,
          location_id: context.location_id,
        },
        record,
      }))
    )
    validateArtistProductReferencesStep(
      transform({ input }, ({ input }) => ({ skus: input.sku ? [input.sku] : [], exclude_variant_id: input.variant_id }))
    )

    const variantUpdates = transform({ input, record }, ({ input, record }) => {
      const own: Record<string, unknown> = { id: input.variant_id }
      if (input.title !== undefined) own.title = input.title
      if (input.sku !== undefined) own.sku = input.sku
      if (input.price !== undefined) own.prices = [{ amount: input.price, currency_code: "usd" }]
      if (input.compare_at_price !== undefined) {
        own.metadata = { ...(record.variant_metadata[input.variant_id] ?? {}), compare_at_price: input.compare_at_price }
      }
      const ids = record.view.product_variants.map((variant) => variant.id)
      if (!input.is_default || ids[0] === input.variant_id) return Object.keys(own).length > 1 ? [own] : []
      return rankWithDefault(ids, input.variant_id).map((id, rank) =>
        id === input.variant_id ? { ...own, variant_rank: rank } : { id, variant_rank: rank }
      )
    })
    when("artist-variant-fields-changed", { variantUpdates }, ({ variantUpdates }) => variantUpdates.length > 0).then(() => {
      updateProductVariantsWorkflow.runAsStep({
        input: transform({ variantUpdates }, ({ variantUpdates }) => ({
          product_variants: variantUpdates as { id: string }[],
        })),
      })
    })

    when("artist-variant-sku-changed", { input, check }, ({ input, check }) => input.sku !== undefined && Boolean(check.inventory_item_id)).then(() => {
      updateInventoryItemsWorkflow.runAsStep({
        input: transform({ input, check }, ({ input, check }) => ({
          updates: [{ id: check.inventory_item_id as string, sku: input.sku ?? null }],
        })),
      })
    })

    const level = transform({ input, check, context }, ({ input, check, context }) => ({
      inventory_item_id: check.inventory_item_id as string,
      location_id: context.location_id as string,
      stocked_quantity: input.inventory_quantity as number,
    }))
    when("artist-variant-level-exists", { input, check }, ({ input, check }) => input.inventory_quantity !== undefined && check.has_level).then(() => {
      updateInventoryLevelsWorkflow.runAsStep({ input: transform({ level }, ({ level }) => ({ updates: [level] })) })
    })
    when("artist-variant-level-missing", { input, check }, ({ input, check }) => input.inventory_quantity !== undefined && !check.has_level).then(() => {
      createInventoryLevelsWorkflow.runAsStep({ input: transform({ level }, ({ level }) => ({ inventory_levels: [level] })) })
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
