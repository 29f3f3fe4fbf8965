import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PRODUCT_MESSAGES } from "../../../../../lib/dashboard-products"
import { getDashboardProduct } from "../../../../../queries/dashboard-products"
import { createArtistProductVariantWorkflow } from "../../../../../workflows/artist-product/workflows/create-artist-product-variant"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import type { CreateVariantBody } from "../../validators"

/** GET /api/products/{id}/variants -> {variants}, the default first. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const product = await getDashboardProduct(req.scope, req.params.id)
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.notFound)
  res.json({ variants: product.product_variants })
}

/** POST /api/products/{id}/variants -> 201 {variant} (createArtistProductVariantWorkflow). */
export async function POST(req: OrganizationScopedRequest<CreateVariantBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const { result } = await createArtistProductVariantWorkflow(req.scope).run({
    input: {
      product_id: req.params.id,
      title: body.title,
      sku: body.sku,
      price: body.price,
      compare_at_price: body.compare_at_price,
      inventory_quantity: body.inventory_quantity,
      is_default: body.is_default,
    },
  })
  const product = await getDashboardProduct(req.scope, req.params.id)
  const variant = product?.product_variants.find((v) => v.id === result.id)
  if (!variant) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.variantNotFound)
  res.status(201).json({ variant })
}
