import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PRODUCT_MESSAGES, toMedusaStatus } from "../../../lib/dashboard-products"
import { getDashboardProduct, listDashboardProducts } from "../../../queries/dashboard-products"
import { createArtistProductsWorkflow } from "../../../workflows/artist-product/workflows/create-artist-products"
import type { OrganizationScopedRequest } from "../../utils/access"
import type { CreateProductBody, ListProductsQuery } from "./validators"

/**
 * GET /api/products?org_id=&status=&search=&limit=&offset= -> {products, count, limit, offset}: the organization's
 * products, newest first (one SQL query).
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { status, search, limit, offset } = req.validatedQuery as unknown as ListProductsQuery
  const { products, count } = await listDashboardProducts(req.scope, {
    organization_id: req.organization.id,
    status,
    search,
    limit,
    offset,
  })
  res.json({ products, count, limit, offset })
}

/**
 * POST /api/products -> 201 {product}: a Medusa product in the organization's sales channel with one default
 * variant (priced base_price, stocked inventory_quantity) and its gallery attributes (createArtistProductsWorkflow).
 */
export async function POST(req: OrganizationScopedRequest<CreateProductBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const medusa = toMedusaStatus(body.status)
  const { result } = await createArtistProductsWorkflow(req.scope).run({
    input: {
      organization_id: req.organization.id,
      products: [
        {
          title: body.title,
          handle: body.slug,
          description: body.description,
          status: medusa.status,
          archived: medusa.archived,
          type_id: body.product_type_id,
          images: body.product_images,
          product_type: body.product_type,
          gallery_eligible: body.gallery_eligible,
          featured: body.featured,
          variants: [{ price: body.base_price ?? null, sku: body.sku, inventory_quantity: body.inventory_quantity }],
        },
      ],
    },
  })
  const product = await getDashboardProduct(req.scope, result[0].id)
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.notFound)
  res.status(201).json({ product })
}
