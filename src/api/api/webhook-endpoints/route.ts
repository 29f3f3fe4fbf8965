import type { MedusaResponse } from "@medusajs/framework/http"
import { generateWebhookSecret } from "../../../lib/webhooks"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../modules/platform"
import type { OrganizationScopedRequest } from "../../utils/access"
import type { CreateWebhookEndpointBody } from "./validators"
import { WEBHOOK_ENDPOINT_VIEW_FIELDS, webhookEndpointView } from "./webhook-endpoint-view"
import { assertWebhookTarget } from "./webhook-target"

/** GET /api/webhook-endpoints -> {webhook_endpoints} (newest first; disabled ones with their status). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const endpoints = await platform.listWebhookEndpoints(
    { organization_id: req.organization.id },
    { select: [...WEBHOOK_ENDPOINT_VIEW_FIELDS], order: { created_at: "DESC", id: "DESC" }, take: null }
  )
  res.json({ webhook_endpoints: endpoints.map(webhookEndpointView) })
}

/** POST /api/webhook-endpoints -> 201 {webhook_endpoint, secret}: the only time the secret is shown. */
export async function POST(req: OrganizationScopedRequest<CreateWebhookEndpointBody>, res: MedusaResponse) {
  const body = req.validatedBody as CreateWebhookEndpointBody
  await assertWebhookTarget(body.url)
  const secret = generateWebhookSecret()
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const endpoint = await platform.createWebhookEndpoints({
    organization_id: req.organization.id,
    url: body.url,
    events: body.events,
    description: body.description,
    secret,
  })
  res.status(201).json({ webhook_endpoint: webhookEndpointView(endpoint), secret })
}
