import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep } from "@medusajs/framework/workflows-sdk"
import { PRODUCT_MESSAGES } from "../../../lib/dashboard-products"

export type ValidateArtistProductReferencesInput = {
  /** Medusa product types named by the input: each must exist. */
  type_ids?: string[]
  /** SKUs the input gives variants: none may belong to another variant (or another inventory item). */
  skus?: string[]
  /** The variant being updated: its own SKU is not "taken". */
  exclude_variant_id?: string | null
}

const invalid = (message: string, field: string) =>
  Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { field })

/**
 * Reads (never writes): the product types exist, the SKUs are free (Medusa's unique indexes on variant and
 * inventory item SKUs would otherwise fail halfway through a workflow), and no SKU is given twice.
 */
export const validateArtistProductReferencesStep = createStep(
  "validate-artist-product-references",
  async (input: ValidateArtistProductReferencesInput, { container }) => {
    const productModule = container.resolve(Modules.PRODUCT)
    const typeIds = [...new Set(input.type_ids ?? [])]
    if (typeIds.length) {
      const types = await productModule.listProductTypes({ id: typeIds }, { select: ["id"] })
      if (types.length !== typeIds.length) throw invalid(PRODUCT_MESSAGES.productTypeIdUnknown, "product_type_id")
    }
    const skus = input.skus ?? []
    const duplicate = skus.find((sku, i) => skus.indexOf(sku) !== i)
    if (duplicate) throw invalid(PRODUCT_MESSAGES.skuTaken(duplicate), "sku")
    if (!skus.length) return
    const variants = await productModule.listProductVariants({ sku: skus }, { select: ["id", "sku"] })
    const takenByVariant = variants.find((variant) => variant.id !== input.exclude_variant_id)
    if (takenByVariant?.sku) throw invalid(PRODUCT_MESSAGES.skuTaken(takenByVariant.sku), "sku")
    if (input.exclude_variant_id) return
    const items = await container.resolve(Modules.INVENTORY).listInventoryItems({ sku: skus }, { select: ["id", "sku"] })
    if (items[0]?.sku) throw invalid(PRODUCT_MESSAGES.skuTaken(items[0].sku), "sku")
  }
)
