import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { NewCollectionInput } from "../../../modules/curation/service"
import { createCollectionStep } from "../steps/create-collection"
import { validateCollectionProductsStep } from "../steps/validate-collection-products"

/** A collection; a hybrid's manual inclusions must be existing, gallery-eligible products. */
export const createCollectionWorkflow = createWorkflow("create-gallery-collection", (input: NewCollectionInput) => {
  validateCollectionProductsStep(input.manual_inclusions)
  return new WorkflowResponse(createCollectionStep(input))
})
