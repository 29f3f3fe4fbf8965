import { emitEventStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { CAMPAIGN_SENDING_EVENT } from "../../../lib/campaigns"
import { prepareCampaignSendStep, type PrepareCampaignSendInput } from "../steps/prepare-campaign-send"
import { startCampaignSendStep } from "../steps/start-campaign-send"

/**
 * `POST /api/campaigns/{id}/send` and the scheduled sends of the `send-campaigns` job: the campaign is scheduled, or
 * starts sending with its recipients written; then its delivery is nudged (an event; the job is the backstop).
 */
export const sendCampaignWorkflow = createWorkflow("send-marketing-campaign", (input: PrepareCampaignSendInput) => {
  const prepared = prepareCampaignSendStep(input)
  const startInput = transform({ prepared, input }, ({ prepared, input }) => ({ ...prepared, now: input.now }))
  const started = startCampaignSendStep(startInput)
  when({ started }, ({ started }) => started.status === "sending").then(() => {
    const data = transform({ started }, ({ started }) => ({ id: started.id }))
    emitEventStep({ eventName: CAMPAIGN_SENDING_EVENT, data })
  })
  return new WorkflowResponse(started)
})
