import type { MedusaResponse } from "@medusajs/framework/http"
import { shippingRateView } from "../../../lib/shipping-rates"
import { createShippingRate } from "../../../processes/shipping/rates"
import { getOrganizationShippingRate, listOrganizationShippingRates } from "../../../queries/medusa/shipping-rates"
import type { OrganizationScopedRequest } from "../../utils/access"
import { newRate, type CreateShippingRateBody } from "./validators"

/** GET /api/shipping-rates -> {shipping_rates} (oldest first): the organization's rates (docs/shipping.md). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const rates = await listOrganizationShippingRates(req.scope, req.organization.id)
  res.json({ shipping_rates: rates.map(shippingRateView) })
}

/** POST /api/shipping-rates -> 201 {shipping_rate}: a new rate, stored as a Medusa shipping option. */
export async function POST(req: OrganizationScopedRequest<CreateShippingRateBody>, res: MedusaResponse) {
  const body = req.validatedBody as CreateShippingRateBody
  const id = await createShippingRate(req.scope, req.organization.id, newRate(body))
  const rate = await getOrganizationShippingRate(req.scope, req.organization.id, id)
  res.status(201).json({ shipping_rate: rate && shippingRateView(rate) })
}
