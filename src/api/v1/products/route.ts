import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { toMedusaStatus } from "../../../lib/dashboard-products"
import { getPlatformProduct, listPlatformProducts } from "../../../queries/platform-products"
import { createArtistProductsWorkflow } from "../../../workflows/artist-product/workflows/create-artist-products"
import type { PlatformRequest } from "../platform-auth"
import type { CreateProductBody, ParsedListQuery } from "../validators"

/** GET /v1/products -> {data, meta:{total, page, per_page, total_pages}} (read:products). */
export async function GET(req: PlatformRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as ParsedListQuery
  const { products, total } = await listPlatformProducts(req.scope, {
    organizationId: req.platform.organizationId,
    filters: query.filters,
    sort: query.sort,
    page: query.page,
    perPage: query.perPage,
  })
  res.json({
    data: products,
    meta: { total, page: query.page, per_page: query.perPage, total_pages: Math.ceil(total / query.perPage) },
  })
}

/**
 * POST /v1/products -> 201 {data} (write:products): a Medusa product in the organization's sales channel with its
 * gallery attributes and one default variant priced `base_price`, through the same workflow as the dashboard.
 */
export async function POST(req: PlatformRequest<CreateProductBody>, res: MedusaResponse) {
  const body = req.validatedBody as CreateProductBody
  const { result } = await createArtistProductsWorkflow(req.scope).run({
    input: {
      organization_id: req.platform.organizationId,
      products: [
        {
          title: body.title,
          product_type: body.product_type,
          ...toMedusaStatus(body.status),
          variants: [{ price: body.base_price }],
        },
      ],
    },
  })
  const product = await getPlatformProduct(req.scope, req.platform.organizationId, result[0].id)
  if (!product) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The product was created but could not be read back")
  res.status(201).json({ data: product })
}
