import type { MedusaContainer } from "@medusajs/framework/types"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../modules/platform"
import { sendNotificationsOnce } from "../../workflows/common/notifications"

export const WEBHOOK_ENDPOINT_DISABLED_TEMPLATE = "webhook-endpoint-disabled"

/**
 * Emails the owners of every endpoint disabled for sustained failure whose owners were not told yet, through the
 * Notification module (channel email), then marks it told. The idempotency key names the disabling (endpoint and
 * time), so a run that dies between sending and marking sends nothing twice, and a later disabling of the same
 * endpoint (after an owner re-enabled it) is told again. Always sent: it is about the organization's integration,
 * not an order email the notification settings govern.
 */
export async function notifyDisabledWebhookEndpoints(container: Pick<MedusaContainer, "resolve">): Promise<number> {
  const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
  const endpoints = await platform.listEndpointsDisabledUnnotified()
  if (!endpoints.length) return 0
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const owners = await organizations.listMemberships(
    { organization_id: [...new Set(endpoints.map((e) => e.organization_id))], role: "owner" },
    { relations: ["member"] }
  )
  for (const endpoint of endpoints) {
    const disabledAt = new Date(endpoint.disabled_at)
    await sendNotificationsOnce(
      container,
      owners.flatMap(({ organization_id, member }) =>
        organization_id !== endpoint.organization_id || !member?.email
          ? []
          : [
              {
                to: member.email,
                channel: "email",
                template: WEBHOOK_ENDPOINT_DISABLED_TEMPLATE,
                trigger_type: "platform.webhook_endpoint.disabled",
                resource_type: "webhook_endpoint",
                resource_id: endpoint.id,
                receiver_id: member.id,
                idempotency_key: `${WEBHOOK_ENDPOINT_DISABLED_TEMPLATE}:${endpoint.id}:${disabledAt.getTime()}:${member.id}`,
                data: {
                  endpoint_id: endpoint.id,
                  url: endpoint.url,
                  organization_id: endpoint.organization_id,
                  disabled_at: disabledAt.toISOString(),
                  failing_since: endpoint.failing_since ? new Date(endpoint.failing_since).toISOString() : null,
                  consecutive_failures: Number(endpoint.consecutive_failures),
                },
              },
            ]
      )
    )
    await platform.markEndpointDisabledNotified({ id: endpoint.id, disabledAt })
  }
  return endpoints.length
}
