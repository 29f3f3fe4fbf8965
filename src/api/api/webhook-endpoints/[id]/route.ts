import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../../modules/platform"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { WEBHOOK_ENDPOINT_MESSAGES, type UpdateWebhookEndpointBody } from "../validators"
import { WEBHOOK_ENDPOINT_VIEW_FIELDS, webhookEndpointView } from "../webhook-endpoint-view"
import { assertWebhookTarget } from "../webhook-target"

async function readEndpoint(platform: PlatformModuleService, id: string) {
  const [endpoint] = await platform.listWebhookEndpoints({ id }, { select: [...WEBHOOK_ENDPOINT_VIEW_FIELDS], take: 1 })
  if (!endpoint) throw new MedusaError(MedusaError.Types.NOT_FOUND, WEBHOOK_ENDPOINT_MESSAGES.notFound)
  return endpoint
}

/** GET /api/webhook-endpoints/{id} -> {webhook_endpoint}. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  res.json({ webhook_endpoint: webhookEndpointView(await readEndpoint(platform, req.params.id)) })
}

/**
 * PATCH (or PUT) /api/webhook-endpoints/{id} -> {webhook_endpoint}: url, events, description (partial); `enabled`
 * false disables it (its pending deliveries fail), true re-enables it with a fresh failure count.
 */
export async function PATCH(req: OrganizationScopedRequest<UpdateWebhookEndpointBody>, res: MedusaResponse) {
  const body = req.validatedBody as UpdateWebhookEndpointBody
  if (body.url !== undefined) await assertWebhookTarget(body.url)
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const id = req.params.id
  const fields: { url?: string; events?: string[]; description?: string | null } = {}
  if (body.url !== undefined) fields.url = body.url
  if (body.events !== undefined) fields.events = body.events
  if (body.description !== undefined) fields.description = body.description
  if (Object.keys(fields).length) await platform.updateWebhookEndpoints({ id, ...fields })
  if (body.enabled !== undefined) await platform.setWebhookEndpointEnabled({ id, enabled: body.enabled, now: new Date() })
  res.json({ webhook_endpoint: webhookEndpointView(await readEndpoint(platform, id)) })
}

export const PUT = PATCH

/** DELETE /api/webhook-endpoints/{id} -> {id, object, deleted}: nothing more is delivered to it. */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const deleted = await platform.deleteWebhookEndpoint({ organizationId: req.organization.id, id: req.params.id })
  if (!deleted) throw new MedusaError(MedusaError.Types.NOT_FOUND, WEBHOOK_ENDPOINT_MESSAGES.notFound)
  res.json({ id: req.params.id, object: "webhook_endpoint", deleted: true })
}
