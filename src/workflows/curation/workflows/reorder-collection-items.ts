import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reorderCollectionItemsStep, type ReorderCollectionItemsStepInput } from "../steps/reorder-collection-items"

export const reorderCollectionItemsWorkflow = createWorkflow(
  "reorder-gallery-collection-items",
  (input: ReorderCollectionItemsStepInput) => new WorkflowResponse(reorderCollectionItemsStep(input))
)
