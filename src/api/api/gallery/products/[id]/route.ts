import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { getGalleryProductsByIds, isGalleryEligible } from "../../../../../queries/gallery-products"
import { CART_MESSAGES, MAX_ID_LENGTH } from "../../cart/validators"
import { toListedGalleryProduct } from "../product-view"

/**
 * GET /api/gallery/products/{id}: one product as the list shows it (the storefront's product page). Public, so only
 * eligible products are found: any other id, or one that is not gallery eligible, is 404 Product not found (the
 * cart's message). One SQL statement (the prepared by-ids read of the cart).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = String(req.params.id ?? "")
  const notFound = new MedusaError(MedusaError.Types.NOT_FOUND, CART_MESSAGES.productNotFound)
  if (!id || id.length > MAX_ID_LENGTH) throw notFound
  const products = await getGalleryProductsByIds(req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), [id])
  const product = products.get(id)
  if (!product || !isGalleryEligible(product)) throw notFound
  res.json({ product: toListedGalleryProduct(product) })
}
