import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { shipArtistOrderWorkflow } from "../../../../../../../workflows/gallery-fulfilment/workflows/ship-artist-order"
import type { ShipBody } from "../../validators"

/**
 * POST /api/gallery/artist/orders/{id}/ship {trackingNumber, carrier?} (spec 4.8). The organization is the order's
 * (no org_id needed; one given, in the body, query or X-Organization-ID, must be the order's).
 *
 * 400 Tracking number required; 400 for a carrier other than UPS, USPS, FedEx or an https tracking URL;
 * 404 Order not found; 403 Forbidden (the caller is not a member of the order's organization, or named another);
 * 400 Order already shipped (shipped or delivered); 400 Order has been cancelled; 400 Order is not paid.
 * Response `{success, order:{id, status, trackingNumber, trackingUrl, shippedAt}, parentOrderStatus}` (rule A).
 * The customer gets a shipping email (subscriber of gallery.artist_order.shipped).
 *
 * Payout timing (spec: "2-7 business days after shipment"): nothing is moved here. The artist's 88 % is transferred
 * to its connected account when the payment succeeds (docs/architecture.md, "Money"); the connected account's own Stripe
 * payout schedule then pays it out to the artist's bank, which is where the business days come from.
 */
export async function POST(req: OrganizationScopedRequest<ShipBody>, res: MedusaResponse) {
  const { trackingNumber, carrier } = req.validatedBody
  const { result } = await shipArtistOrderWorkflow(req.scope).run({
    input: { artistOrderId: req.params.id.trim(), organizationId: req.organization.id, trackingNumber, carrier },
  })
  res.json({
    success: true,
    order: {
      id: result.id,
      status: result.status,
      carrier: result.carrier,
      trackingNumber: result.trackingNumber,
      trackingUrl: result.trackingUrl,
      shippedAt: result.shippedAt,
    },
    parentOrderStatus: result.parentOrderStatus,
  })
}
