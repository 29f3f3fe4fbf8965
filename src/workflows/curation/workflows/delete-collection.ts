import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteCollectionStep } from "../steps/delete-collection"

/** Deletes a collection with all its items. */
export const deleteCollectionWorkflow = createWorkflow(
  "delete-gallery-collection",
  (input: { id: string }) => new WorkflowResponse(deleteCollectionStep(input.id))
)
