import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listCartItems } from "../../../../queries/gallery-cart"
import { getGalleryProductsByIds } from "../../../../queries/gallery-products"
import { cartShippingQuote } from "../shipping/cart-shipping-quote"
import { buildCartView, emptyCartView } from "./cart-view"
import { readCartSession } from "./session"
import type { CartQuery } from "./validators"

/**
 * GET /api/gallery/cart (spec 4.3). No cookie (or not a UUID): sessionId null and an empty cart; an unknown
 * session: its id and an empty cart. Two queries: the session's rows, then their products' gallery view.
 * Reading is not activity: the cookie is not refreshed. With `?country=` (extension, docs/shipping.md) the body's cart
 * also carries `shippingQuote`: what each artist charges to ship there, as POST /api/gallery/shipping/quote answers.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { country } = req.validatedQuery as CartQuery
  res.setHeader("Cache-Control", "no-store")
  const sessionId = readCartSession(req)
  if (!sessionId) return void res.json({ cart: emptyCartView(null) })
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const rows = await listCartItems(pg, sessionId)
  if (!rows.length) return void res.json({ cart: emptyCartView(sessionId) })
  const products = await getGalleryProductsByIds(pg, rows.map((row) => row.product_id))
  const cart = buildCartView(sessionId, rows, products)
  if (!country) return void res.json({ cart })
  const shippingQuote = await cartShippingQuote(pg, rows, products, { country, countries: {}, shippingMethods: {} })
  res.json({ cart: { ...cart, shippingQuote } })
}
