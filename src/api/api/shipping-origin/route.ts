import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { SHIPPING_RATE_MESSAGES } from "../../../lib/shipping-rates"
import { getOrganizationShippingLocation } from "../../../queries/medusa/shipping-rates"
import { updateShippingOriginWorkflow } from "../../../workflows/shipping/workflows/update-shipping-origin"
import type { OrganizationScopedRequest } from "../../utils/access"
import { shippingOriginView } from "./shipping-origin-view"
import type { ShippingOriginBody } from "./validators"

async function readOrigin(req: OrganizationScopedRequest) {
  const location = await getOrganizationShippingLocation(req.scope, req.organization.id)
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, SHIPPING_RATE_MESSAGES.noLocation)
  return shippingOriginView(location)
}

/** GET /api/shipping-origin -> {shipping_origin}: the organization's stock location and its address (nulls before one is set). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  res.json({ shipping_origin: await readOrigin(req) })
}

/** PUT /api/shipping-origin -> {shipping_origin}: sets the address the organization ships from. */
export async function PUT(req: OrganizationScopedRequest<ShippingOriginBody>, res: MedusaResponse) {
  const { org_id: _org, ...address } = req.validatedBody as ShippingOriginBody
  await updateShippingOriginWorkflow(req.scope).run({ input: { organization_id: req.organization.id, address } })
  res.json({ shipping_origin: await readOrigin(req) })
}
