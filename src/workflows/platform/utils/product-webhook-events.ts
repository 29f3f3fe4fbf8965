import type { MedusaContainer } from "@medusajs/framework/types"
import { enqueueOrganizationWebhookEvents, listeningOrganizations, type OrganizationWebhookEventInput } from "./enqueue-webhook-events"
import { productWebhookData } from "./webhook-event-data"

/**
 * product.created / product.updated for products of one organization (the artist product workflows' last step).
 * Asks first whether the organization listens (one indexed query; nothing more when it does not), then reads each
 * product as `GET /v1/products` shows it. product.created is keyed by the product (queued once per endpoint); each
 * update is an event of its own. Returns the ids of the deliveries queued.
 */
export async function queueProductWebhookEvents(
  container: Pick<MedusaContainer, "resolve">,
  input: { organization_id: string; product_ids: string[]; type: "product.created" | "product.updated" }
): Promise<string[]> {
  if (!input.product_ids.length) return []
  const listening = await listeningOrganizations(container, [input.organization_id], [input.type])
  if (!listening.size) return []
  const events: OrganizationWebhookEventInput[] = []
  for (const id of input.product_ids) {
    const data = await productWebhookData(container, input.organization_id, id)
    if (!data) continue
    events.push({
      organization_id: input.organization_id,
      type: input.type,
      data,
      key: input.type === "product.created" ? `product.created:${id}` : null,
    })
  }
  return enqueueOrganizationWebhookEvents(container, events)
}
