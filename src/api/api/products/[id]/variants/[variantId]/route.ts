import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PRODUCT_MESSAGES } from "../../../../../../lib/dashboard-products"
import { getDashboardProduct } from "../../../../../../queries/dashboard-products"
import { deleteArtistProductVariantWorkflow } from "../../../../../../workflows/artist-product/workflows/delete-artist-product-variant"
import { updateArtistProductVariantWorkflow } from "../../../../../../workflows/artist-product/workflows/update-artist-product-variant"
import type { OrganizationScopedRequest } from "../../../../../utils/access"
import type { UpdateVariantBody } from "../../../validators"

/** PUT /api/products/{id}/variants/{variantId} -> {variant} (updateArtistProductVariantWorkflow). */
export async function PUT(req: OrganizationScopedRequest<UpdateVariantBody>, res: MedusaResponse) {
  const { org_id: _organization, ...changes } = req.validatedBody
  await updateArtistProductVariantWorkflow(req.scope).run({
    input: { product_id: req.params.id, variant_id: req.params.variantId, ...changes },
  })
  const product = await getDashboardProduct(req.scope, req.params.id)
  const variant = product?.product_variants.find((v) => v.id === req.params.variantId)
  if (!variant) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.variantNotFound)
  res.json({ variant })
}

/** PATCH: the same partial update as PUT. */
export const PATCH = PUT

/** DELETE /api/products/{id}/variants/{variantId} -> {id, object: "variant", deleted: true}. */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  await deleteArtistProductVariantWorkflow(req.scope).run({
    input: { product_id: req.params.id, variant_id: req.params.variantId },
  })
  res.json({ id: req.params.variantId, object: "variant", deleted: true })
}
