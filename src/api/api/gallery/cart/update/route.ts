import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { GALLERY_MODULE } from "../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../modules/gallery/service"
import { readCartSession, refreshCartSessionCookie } from "../session"
import { CART_MESSAGES, type CartUpdateBody } from "../validators"

/**
 * POST /api/gallery/cart/update {itemId, quantity} (spec 4.3): 1..99 sets, above 99 sets 99, 0 removes the item
 * and answers `{success:true, item:{id, productId, quantity:0}}`. 400 Item ID and quantity required; 400 for a
 * quantity that is not a whole number >= 0; 404 Cart item not found for an unknown id, an item of another
 * session, or no session at all. One SQL statement.
 */
export async function POST(req: MedusaRequest<CartUpdateBody>, res: MedusaResponse) {
  const { itemId, quantity: update } = req.validatedBody
  const sessionId = readCartSession(req)
  if (!sessionId) throw new MedusaError(MedusaError.Types.NOT_FOUND, CART_MESSAGES.itemNotFound)
  const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
  const row =
    update.action === "remove"
      ? await gallery.removeCartItem({ sessionId, itemId })
      : await gallery.setCartItemQuantity({ sessionId, itemId, quantity: update.quantity })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, CART_MESSAGES.itemNotFound)
  refreshCartSessionCookie(res, sessionId)
  res.json({
    success: true,
    item: { id: row.id, productId: row.product_id, quantity: update.action === "remove" ? 0 : row.quantity },
  })
}
