import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PRODUCT_MESSAGES } from "../../../../lib/dashboard-products"
import { getDashboardProduct } from "../../../../queries/dashboard-products"
import { deleteArtistProductWorkflow } from "../../../../workflows/artist-product/workflows/delete-artist-product"
import { updateArtistProductWorkflow } from "../../../../workflows/artist-product/workflows/update-artist-product"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { toUpdateInput } from "../product-input"
import type { UpdateProductBody } from "../validators"

async function sendProduct(req: OrganizationScopedRequest, res: MedusaResponse) {
  const product = await getDashboardProduct(req.scope, req.params.id)
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.notFound)
  res.json({ product })
}

/** GET /api/products/{id} -> {product}. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  await sendProduct(req, res)
}

/** PUT /api/products/{id} -> {product}: changes the fields given (updateArtistProductWorkflow). */
export async function PUT(req: OrganizationScopedRequest<UpdateProductBody>, res: MedusaResponse) {
  await updateArtistProductWorkflow(req.scope).run({ input: toUpdateInput(req.params.id, req.validatedBody) })
  await sendProduct(req, res)
}

/** PATCH /api/products/{id}: the same partial update as PUT. */
export const PATCH = PUT

/**
 * DELETE /api/products/{id} -> {id, object: "product", deleted: true} (Medusa's answer): soft-deletes the Medusa
 * product and archives its gallery attributes.
 */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  await deleteArtistProductWorkflow(req.scope).run({ input: { product_id: req.params.id } })
  res.json({ id: req.params.id, object: "product", deleted: true })
}
