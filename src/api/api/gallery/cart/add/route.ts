import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { GALLERY_MODULE } from "../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../modules/gallery/service"
import { galleryEligibilityError } from "../../../../../queries/gallery-products"
import { cartSessionOrNew, refreshCartSessionCookie } from "../session"
import { CART_MESSAGES, type CartAddBody } from "../validators"

/**
 * POST /api/gallery/cart/add {productId, quantity = 1} (spec 4.3). Hot path: the gallery service's ONE SQL
 * statement (lean product lookup + race-safe upsert); no workflow, no query.graph.
 *
 * Errors, checked in this order: 400 Product ID required; 400 (quantity not a positive whole number);
 * 404 Product not found; 400 Product not gallery eligible (flag off, no gallery attributes, or organization not
 * approved) BEFORE 400 Product not active (draft/archived) when both apply — the order of the spec's error list.
 * The session cookie is created by the first successful add and re-set by every successful one.
 */
export async function POST(req: MedusaRequest<CartAddBody>, res: MedusaResponse) {
  const { productId, quantity } = req.validatedBody
  const { sessionId } = cartSessionOrNew(req)
  const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
  const result = await gallery.addCartItem({ sessionId, productId, quantity })
  if (result.outcome === "not_found") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, CART_MESSAGES.productNotFound)
  }
  if (result.outcome === "ineligible") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      galleryEligibilityError(result.product) ?? "Product not gallery eligible"
    )
  }
  refreshCartSessionCookie(res, sessionId)
  const { item } = result
  res.json({
    success: true,
    item: { id: item.id, productId: item.product_id, quantity: item.quantity, sessionId: item.session_id },
  })
}
