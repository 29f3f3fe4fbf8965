import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { GALLERY_MODULE } from "../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../modules/gallery/service"
import { readCartSession, refreshCartSessionCookie } from "../session"
import { CART_MESSAGES, type CartRemoveBody } from "../validators"

/**
 * POST /api/gallery/cart/remove {itemId} (spec 4.3): deletes the row. 400 Item ID required; 404 Cart item not
 * found (unknown id, another session's item, or no session). One SQL statement.
 */
export async function POST(req: MedusaRequest<CartRemoveBody>, res: MedusaResponse) {
  const { itemId } = req.validatedBody
  const sessionId = readCartSession(req)
  if (!sessionId) throw new MedusaError(MedusaError.Types.NOT_FOUND, CART_MESSAGES.itemNotFound)
  const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
  const row = await gallery.removeCartItem({ sessionId, itemId })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, CART_MESSAGES.itemNotFound)
  refreshCartSessionCookie(res, sessionId)
  res.json({ success: true })
}
