import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { requireEligibleGalleryProducts } from "../../../queries/curation"

/** Checks that a hybrid's manual inclusions are existing, gallery-eligible products (nothing written). */
export const validateCollectionProductsStep = createStep(
  "validate-gallery-collection-products",
  async (productIds: string[] | null | undefined, { container }) => {
    if (productIds?.length) await requireEligibleGalleryProducts(container, productIds)
    return new StepResponse(true)
  }
)
