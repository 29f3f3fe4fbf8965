import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { SHIPPING_RATE_MESSAGES, shippingRateView } from "../../../../lib/shipping-rates"
import { deleteShippingRate, updateShippingRate } from "../../../../processes/shipping/rates"
import { getOrganizationShippingRate } from "../../../../queries/medusa/shipping-rates"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { rateChanges, type UpdateShippingRateBody } from "../validators"

/** The organization's rate named by the path; 404 for an unknown id and for another organization's rate. */
async function readRate(req: OrganizationScopedRequest) {
  const rate = await getOrganizationShippingRate(req.scope, req.organization.id, req.params.id)
  if (!rate) throw new MedusaError(MedusaError.Types.NOT_FOUND, SHIPPING_RATE_MESSAGES.notFound)
  return rate
}

/** GET /api/shipping-rates/{id} -> {shipping_rate}. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  res.json({ shipping_rate: shippingRateView(await readRate(req)) })
}

/** PATCH (or PUT) /api/shipping-rates/{id} -> {shipping_rate}: the given fields change, the others stay. */
export async function PATCH(req: OrganizationScopedRequest<UpdateShippingRateBody>, res: MedusaResponse) {
  await updateShippingRate(req.scope, req.organization.id, req.params.id, rateChanges(req.validatedBody as UpdateShippingRateBody))
  res.json({ shipping_rate: shippingRateView(await readRate(req)) })
}

export const PUT = PATCH

/** DELETE /api/shipping-rates/{id} -> {id, object, deleted}. */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  await deleteShippingRate(req.scope, req.organization.id, req.params.id)
  res.json({ id: req.params.id, object: "shipping_rate", deleted: true })
}
