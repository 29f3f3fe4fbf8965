import { createRemoteLinkStep, createSalesChannelsWorkflow } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import { createOrganizationShippingLocationWorkflow } from "../../shipping/workflows/create-organization-shipping-location"
import { createMembershipStep } from "../steps/create-membership"
import { createOrganizationStep, type CreateOrganizationStepInput } from "../steps/create-organization"

export type CreateOrganizationWorkflowInput = {
  organization: CreateOrganizationStepInput
  /** The member who becomes the organization's owner, when a member creates it. */
  owner_member_id?: string
}

/**
 * An organization, its own sales channel and the link between them, its own stock location (where it ships from,
 * docs/shipping.md) and its owner; a failure undoes them all.
 */
export const createOrganizationWorkflow = createWorkflow(
  "create-organization",
  (input: CreateOrganizationWorkflowInput) => {
    const organization = createOrganizationStep(input.organization)
    const salesChannelsData = transform({ input }, ({ input }) => [
      { name: input.organization.name, description: `Storefront of ${input.organization.slug}` },
    ])
    const salesChannels = createSalesChannelsWorkflow.runAsStep({ input: { salesChannelsData } })
    const links = transform({ organization, salesChannels }, ({ organization, salesChannels }) => [
      {
        [ORGANIZATION_MODULE]: { organization_id: organization.id },
        [Modules.SALES_CHANNEL]: { sales_channel_id: salesChannels[0].id },
      },
    ])
    createRemoteLinkStep(links)
    const location = createOrganizationShippingLocationWorkflow.runAsStep({
      input: transform({ organization, salesChannels }, ({ organization, salesChannels }) => ({
        organization_id: organization.id,
        name: organization.name,
        sales_channel_id: salesChannels[0].id,
      })),
    })
    when({ input }, ({ input }) => Boolean(input.owner_member_id)).then(() => {
      const membership = transform({ input, organization }, ({ input, organization }) => ({
        member_id: input.owner_member_id as string,
        organization_id: organization.id,
        role: "owner" as const,
      }))
      createMembershipStep(membership)
    })
    const result = transform({ organization, salesChannels, location }, ({ organization, salesChannels, location }) => ({
      ...organization,
      sales_channel_id: salesChannels[0].id,
      stock_location_id: location.location_id,
    }))
    return new WorkflowResponse(result)
  }
)
