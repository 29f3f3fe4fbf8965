import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseCartSessionId } from "../../../../../lib/cart-session"
import { listCartItems } from "../../../../../queries/gallery-cart"
import { getGalleryProductsByIds } from "../../../../../queries/gallery-products"
import { cartShippingQuote } from "../cart-shipping-quote"
import type { ShippingQuoteBody } from "./validators"

/**
 * POST /api/gallery/shipping/quote (docs/shipping.md): per artist in the cart, the shipping options for their
 * destination with amounts, the default (cheapest) and the selected one, or `available: false` and why; an artist
 * without rates ships free. What checkout would then charge, before paying. Reads only; an empty or unknown cart
 * quotes nothing.
 */
export async function POST(req: MedusaRequest<ShippingQuoteBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const rows = await listCartItems(pg, parseCartSessionId(body.sessionId) ?? body.sessionId)
  const products = rows.length ? await getGalleryProductsByIds(pg, rows.map((row) => row.product_id)) : new Map()
  res.setHeader("Cache-Control", "no-store")
  res.json({
    quote: await cartShippingQuote(pg, rows, products, {
      country: body.country ?? null,
      countries: body.countries,
      shippingMethods: body.shippingMethods,
    }),
  })
}
