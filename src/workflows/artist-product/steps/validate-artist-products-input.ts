import { MedusaError } from "@medusajs/framework/utils"
import { createStep } from "@medusajs/framework/workflows-sdk"
import { hasAtMostTwoDecimals, PRODUCT_MESSAGES } from "../../../lib/dashboard-products"
import type { CreateArtistProductsWorkflowInput } from "../workflows/create-artist-products"

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** Whole-input checks Medusa would not make (or would make only halfway through): fail before any write. */
export const validateArtistProductsInputStep = createStep(
  "validate-artist-products-input",
  async (input: CreateArtistProductsWorkflowInput) => {
    if (!input.organization_id) throw invalid("Organization ID required")
    if (!input.products?.length) throw invalid("At least one product is required")
    for (const product of input.products) {
      if (!product.title?.trim()) throw invalid("Product title is required")
      if (!product.variants?.length) throw invalid(`Product "${product.title}" needs at least one variant`)
      if (product.status === "published" && product.variants[0].price === null) {
        throw Object.assign(invalid(PRODUCT_MESSAGES.publishWithoutPrice), { field: "base_price" })
      }
      const titles = new Set<string>()
      for (const variant of product.variants) {
        const title = variant.title?.trim() || "Standard"
        if (titles.has(title)) throw invalid(`Product "${product.title}" has two variants titled "${title}"`)
        titles.add(title)
        if (variant.price !== null) {
          if (typeof variant.price !== "number" || !Number.isFinite(variant.price) || variant.price < 0) {
            throw invalid("Price must be a non-negative number")
          }
          if (!hasAtMostTwoDecimals(variant.price)) throw invalid("Price must have at most two decimals")
        }
        const quantity = variant.inventory_quantity
        if (quantity !== undefined && (!Number.isInteger(quantity) || quantity < 0)) {
          throw invalid("Inventory quantity must be a non-negative integer")
        }
      }
    }
  }
)

export const validateInventoryLocationStep = createStep(
  "validate-inventory-location",
  async (input: { needs_location: boolean; location_id: string | null }) => {
    if (input.needs_location && !input.location_id) {
      throw invalid("No stock location is available for this organization's inventory")
    }
  }
)
