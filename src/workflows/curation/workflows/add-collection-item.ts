import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { addCollectionItemStep, type AddCollectionItemStepInput } from "../steps/add-collection-item"

export const addCollectionItemWorkflow = createWorkflow(
  "add-gallery-collection-item",
  (input: AddCollectionItemStepInput) => new WorkflowResponse(addCollectionItemStep(input))
)
