import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listGalleryProducts } from "../../../../queries/gallery-products"
import { toListedGalleryProduct } from "./product-view"
import type { GalleryProductsQuery } from "./validators"

/**
 * GET /api/gallery/products (public browsing, docs/architecture.md, "Decisions"): eligible
 * products only (active, gallery_eligible, organization approved), filtered by org_id, product_type,
 * price_min/price_max (USD, inclusive), q (title contains, case-insensitive), sorted (`sort`, default newest),
 * paginated (limit default 20, at most 100; offset). One SQL statement for the page and the count.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as GalleryProductsQuery
  const { products, count } = await listGalleryProducts(req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), {
    eligibleOnly: true,
    org_id: query.org_id ?? undefined,
    product_type: query.product_type,
    price_min: query.price_min,
    price_max: query.price_max,
    q: query.q || undefined,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  })
  res.json({
    products: products.map(toListedGalleryProduct),
    count,
    limit: query.limit,
    offset: query.offset,
  })
}
