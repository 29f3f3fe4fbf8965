import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PRODUCT_MESSAGES } from "../../../lib/dashboard-products"
import type { DashboardProductRecord } from "../../../queries/dashboard-products"

export type VariantChange = {
  /** The variant changed or deleted; absent when one is created. */
  variant_id?: string
  /** "delete" refuses the last variant. */
  action: "create" | "update" | "delete"
  title?: string
  is_default?: boolean
  inventory_quantity?: number
  /** The organization's stock location (where inventory_quantity is stocked). */
  location_id?: string | null
}

export type VariantChangeCheck = {
  /** The changed variant's inventory item (null: none, or a new variant). */
  inventory_item_id: string | null
  /** Whether that item already has a level at the location. */
  has_level: boolean
}

const invalid = (message: string, field?: string) =>
  Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), field ? { field } : {})

/**
 * Reads (never writes) what a variant change must respect: the variant belongs to the product (404 Variant not
 * found), titles stay unique within the product, a product keeps exactly one default variant and at least one
 * variant, a quantity goes to a variant that tracks inventory at an existing stock location.
 */
export const validateArtistProductVariantChangeStep = createStep(
  "validate-artist-product-variant-change",
  async ({ change, record }: { change: VariantChange; record: DashboardProductRecord }, { container }) => {
    const variants = record.view.product_variants
    const variant = change.variant_id ? variants.find((v) => v.id === change.variant_id) : undefined
    if (change.action !== "create" && !variant) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.variantNotFound)
    }
    if (change.action === "delete" && variants.length <= 1) throw invalid(PRODUCT_MESSAGES.lastVariant)
    if (change.title !== undefined && variants.some((v) => v.id !== change.variant_id && v.title === change.title)) {
      throw invalid(PRODUCT_MESSAGES.variantTitleTaken(change.title), "title")
    }
    if (change.action === "update" && change.is_default === false && variant?.is_default) {
      throw invalid(PRODUCT_MESSAGES.unsetDefault, "is_default")
    }
    const check: VariantChangeCheck = { inventory_item_id: null, has_level: false }
    if (change.inventory_quantity === undefined) return new StepResponse(check)
    if (!change.location_id && (change.action === "update" || change.inventory_quantity > 0)) {
      throw invalid(PRODUCT_MESSAGES.noStockLocation, "inventory_quantity")
    }
    if (change.action !== "update" || !variant) return new StepResponse(check)
    const [itemId] = record.inventory_items[variant.id] ?? []
    if (!itemId) throw invalid(PRODUCT_MESSAGES.noInventory, "inventory_quantity")
    const levels = await container
      .resolve(Modules.INVENTORY)
      .listInventoryLevels({ inventory_item_id: itemId, location_id: change.location_id as string }, { select: ["id"], take: 1 })
    return new StepResponse<VariantChangeCheck>({ inventory_item_id: itemId, has_level: levels.length > 0 })
  }
)
