import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { listArtistOrdersForOrganization } from "../../../../../queries/artist-orders"
import type { ArtistOrdersListQuery } from "./validators"

/**
 * GET /api/gallery/artist/orders?org_id=&status=&limit=&offset= (spec 4.8): the organization's artist orders that
 * have been paid, newest first, with `parentOrder`, items (with the product's current `sku` and `inventory`),
 * shipping address and tracking; `pagination {total, limit, offset, hasMore}`. Amounts in USD.
 *
 * Member of org_id only (middlewares: 401 / 403 / 400 Organization ID required). 400 for a status other than
 * paid|processing|shipped|delivered, a limit below 1 or an offset below 0; a limit above 100 is served as 100.
 * Artist orders of cancelled gallery orders are not listed. Three queries per request whatever the page size.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { status, limit, offset } = req.validatedQuery as unknown as ArtistOrdersListQuery
  const body = await listArtistOrdersForOrganization(req.scope, { organizationId: req.organization.id, status, limit, offset })
  res.json(body)
}
