import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listCartItems } from "../../../../queries/gallery-cart"
import { getGalleryProductsByIds } from "../../../../queries/gallery-products"
import { buildCartView, emptyCartView } from "./cart-view"
import { readCartSession } from "./session"

/**
 * GET /api/gallery/cart (spec 4.3). No cookie (or not a UUID): sessionId null and an empty cart; an unknown
 * session: its id and an empty cart. Two queries: the session's rows, then their products' gallery view.
 * Reading is not activity: the cookie is not refreshed.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  const sessionId = readCartSession(req)
  if (!sessionId) return void res.json({ cart: emptyCartView(null) })
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const rows = await listCartItems(pg, sessionId)
  if (!rows.length) return void res.json({ cart: emptyCartView(sessionId) })
  const products = await getGalleryProductsByIds(pg, rows.map((row) => row.product_id))
  res.json({ cart: buildCartView(sessionId, rows, products) })
}
