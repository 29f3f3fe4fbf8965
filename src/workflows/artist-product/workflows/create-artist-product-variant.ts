import type { CreateProductVariantDTO } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createInventoryItemsWorkflow,
  createProductVariantsWorkflow,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"
import { loadArtistProductStep } from "../steps/load-artist-product"
import { queueProductWebhookEventsStep } from "../steps/queue-product-webhook-events"
import { resolveArtistProductContextStep } from "../steps/resolve-artist-product-context"
import { validateArtistProductReferencesStep } from "../steps/validate-artist-product-references"
import { validateArtistProductVariantChangeStep } from "../steps/validate-artist-product-variant-change"

export type CreateArtistProductVariantWorkflowInput = {
  product_id: string
  title: string
  sku?: string | null
  /** USD, major unit. */
  price: number
  compare_at_price?: number | null
  /** Stocked at the organization's stock location (default 0). */
  inventory_quantity?: number
  /** Make it the product's default variant (the others move down one rank). */
  is_default?: boolean
}

/**
 * Adds a variant to an artist product: an inventory item stocked at the organization's location
 * (createInventoryItemsWorkflow), the Medusa variant with its USD price and that item (createProductVariantsWorkflow),
 * and, when it becomes the default, the others' ranks (updateProductVariantsWorkflow). Checks first (404, title and
 * SKU taken); a later failure undoes the earlier writes. The variant carries no value of the product's option:
 * variants are told apart by title (docs/products.md).
 */
export const createArtistProductVariantWorkflow = createWorkflow(
  "create-artist-product-variant",
  (input: CreateArtistProductVariantWorkflowInput) => {
    const record = loadArtistProductStep(transform({ input }, ({ input }) => ({ product_id: input.product_id })))
    const context = resolveArtistProductContextStep(
      transform({ record }, ({ record }) => ({ organization_id: record.organization_id }))
    )
    validateArtistProductVariantChangeStep(
      transform({ input, record, context }, ({ input, record, context }) => ({
        change: {
          action: "create" as const,
          title: input.title,
          inventory_quantity: input.inventory_quantity,
          location_id: context.location_id,
        },
        record,
      }))
    )
    validateArtistProductReferencesStep(transform({ input }, ({ input }) => ({ skus: input.sku ? [input.sku] : [] })))

    const items = createInventoryItemsWorkflow.runAsStep({
      input: transform({ input, record, context }, ({ input, record, context }) => ({
        items: [
          {
            sku: input.sku ?? undefined,
            title: `${record.view.title} (${input.title})`,
            requires_shipping: true,
            location_levels: context.location_id
              ? [{ location_id: context.location_id, stocked_quantity: input.inventory_quantity ?? 0 }]
              : [],
          },
        ],
      })),
    })

    const created = createProductVariantsWorkflow.runAsStep({
      input: transform({ input, record, items }, ({ input, record, items }) => ({
        product_variants: [
          {
            product_id: input.product_id,
            title: input.title,
            sku: input.sku ?? undefined,
            manage_inventory: true,
            allow_backorder: false,
            prices: [{ amount: input.price, currency_code: "usd" }],
            inventory_items: [{ inventory_item_id: items[0].id, required_quantity: 1 }],
            metadata: input.compare_at_price != null ? { compare_at_price: input.compare_at_price } : undefined,
            // Not in the DTO type but a column of product_variant: rank 0 is the default variant.
            variant_rank: input.is_default ? 0 : record.view.product_variants.length,
          } as CreateProductVariantDTO & { prices: { amount: number; currency_code: string }[] },
        ],
      })),
    })

    when("artist-variant-made-default", { input }, ({ input }) => Boolean(input.is_default)).then(() => {
      updateProductVariantsWorkflow.runAsStep({
        input: transform({ record }, ({ record }) => ({
          product_variants: record.view.product_variants.map((variant, i) => ({ id: variant.id, variant_rank: i + 1 })),
        })),
      })
    })

    queueProductWebhookEventsStep(
      transform({ input, record }, ({ input, record }) => ({
        organization_id: record.organization_id,
        product_ids: [input.product_id],
        type: "product.updated" as const,
      }))
    )
    return new WorkflowResponse(transform({ created }, ({ created }) => ({ id: created[0].id })))
  }
)
