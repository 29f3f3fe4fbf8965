import { randomBytes } from "node:crypto"
import { Modules, MedusaError } from "@medusajs/framework/utils"
import type { ISalesChannelModuleService, IStockLocationService } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../modules/platform"
import { withLock } from "../../common/locks"
import { createOrganizationWorkflow } from "../../organization/workflows/create-organization"

/** How long a second first-sandbox-key request waits for the first one to create the sandbox (seconds). */
const SANDBOX_LOCK_TIMEOUT_SECONDS = 30

type Created = { pairId: string; sandboxOrganizationId: string; salesChannelId: string; stockLocationId: string }

/**
 * The sandbox organization paired with `organization_id` (spec 9.3), created on first use: an organization of its
 * own (own sales channel, so its products and orders are apart from the live ones), never gallery approved (so the
 * gallery never shows it), no members (only sandbox keys reach it). Serialized per organization by a lock, so two
 * concurrent first sandbox keys share one sandbox.
 */
export const ensureSandboxOrganizationStep = createStep(
  "ensure-sandbox-organization",
  async (input: { organization_id: string }, { container }) => {
    const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
    return await withLock(container, `platform-sandbox:${input.organization_id}`, SANDBOX_LOCK_TIMEOUT_SECONDS, async () => {
      const [pair] = await platform.listSandboxOrganizations({ organization_id: input.organization_id }, { take: 1 })
      if (pair) return new StepResponse({ sandbox_organization_id: pair.sandbox_organization_id }, null as Created | null)
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      const [live] = await organizations.listOrganizations(
        { id: input.organization_id },
        { take: 1, select: ["id", "name", "slug", "plan"] }
      )
      if (!live) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Organization not found")
      const suffix = randomBytes(4).toString("hex")
      const { result } = await createOrganizationWorkflow(container).run({
        input: {
          organization: {
            name: `${live.name} (sandbox)`,
            slug: `${live.slug.slice(0, 80)}-sandbox-${suffix}`,
            plan: live.plan,
            gallery_approved: false,
          },
        },
      })
      const created = await platform.createSandboxOrganizations({
        organization_id: input.organization_id,
        sandbox_organization_id: result.id,
      })
      return new StepResponse(
        { sandbox_organization_id: result.id },
        {
          pairId: created.id,
          sandboxOrganizationId: result.id,
          salesChannelId: result.sales_channel_id,
          stockLocationId: result.stock_location_id,
        } as Created | null
      )
    })
  },
  async (created, { container }) => {
    if (!created) return
    const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const salesChannels: ISalesChannelModuleService = container.resolve(Modules.SALES_CHANNEL)
    await platform.deleteSandboxOrganizations(created.pairId)
    await organizations.deleteOrganizations(created.sandboxOrganizationId)
    await salesChannels.deleteSalesChannels(created.salesChannelId)
    const locations: IStockLocationService = container.resolve(Modules.STOCK_LOCATION)
    await locations.deleteStockLocations(created.stockLocationId)
  }
)
