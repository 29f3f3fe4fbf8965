import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { removeCollectionItemStep } from "../steps/remove-collection-item"

export const removeCollectionItemWorkflow = createWorkflow(
  "remove-gallery-collection-item",
  (input: { collection_id: string; item_id: string }) => new WorkflowResponse(removeCollectionItemStep(input))
)
