import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ORGANIZATION_MODULE } from "../modules/organization"
import type OrganizationModuleService from "../modules/organization/service"
import { runScheduledJob } from "../lib/scheduled-job"

/**
 * Hourly: records when each guest workspace past its expiry was first seen expired (`expired_at`), for the
 * administrators and any later clean-up. Nothing else happens here: access does not wait for this job (an expired
 * workspace refuses writes from its `expires_at` on, src/api/utils/access.ts), nothing is deleted, no event is sent.
 * Idempotent: a workspace already marked keeps its first `expired_at`. Returns how many it marked.
 */
export async function expireGuestWorkspaces(container: MedusaContainer, now = new Date()): Promise<number> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const expired = await organizations.listOrganizations(
    { is_guest: true, expires_at: { $lte: now }, expired_at: null },
    { select: ["id"] }
  )
  if (!expired.length) return 0
  await organizations.updateOrganizations(expired.map(({ id }) => ({ id, expired_at: now })))
  return expired.length
}

async function expireGuestWorkspacesJob(container: MedusaContainer) {
  const marked = await expireGuestWorkspaces(container)
  if (marked > 0) container.resolve(ContainerRegistrationKeys.LOGGER).info(`expire-guest-workspaces: marked ${marked} workspace(s) expired`)
}

export const config = {
  name: "expire-guest-workspaces",
  schedule: "0 * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => expireGuestWorkspacesJob(container))
}
