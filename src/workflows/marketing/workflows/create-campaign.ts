import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCampaignStep, type CreateCampaignStepInput } from "../steps/create-campaign"

export const createCampaignWorkflow = createWorkflow("create-marketing-campaign", (input: CreateCampaignStepInput) =>
  new WorkflowResponse(createCampaignStep(input))
)
