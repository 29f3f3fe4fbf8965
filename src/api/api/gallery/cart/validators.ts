import { MedusaError } from "@medusajs/framework/utils"
import { clampCartQuantity, resolveCartUpdate, type CartUpdate } from "../../../../lib/cart-quantity"

// Cart bodies are read by hand rather than by a zod middleware: the spec fixes the exact messages
// ("Product ID required", "Item ID and quantity required", "Item ID required"), the add is a hot path,
// and unknown extra fields are ignored (a storefront may send more than it needs).

export const CART_MESSAGES = {
  productIdRequired: "Product ID required",
  itemIdAndQuantityRequired: "Item ID and quantity required",
  itemIdRequired: "Item ID required",
  addQuantityInvalid: "Quantity must be a positive whole number",
  updateQuantityInvalid: "Quantity must be a whole number, 0 or more (0 removes the item)",
  productNotFound: "Product not found",
  itemNotFound: "Cart item not found",
} as const

type Body = Record<string, unknown>

function asBody(body: unknown): Body {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Body) : {}
}

function nonEmptyString(value: unknown): string | null {
  if (typeof value !== "string") return null
  const trimmed = value.trim()
  return trimmed ? trimmed : null
}

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

export type CartAddInput = { productId: string; quantity: number }

/** `{productId, quantity = 1}`; quantity a whole number of at least 1, above 99 capped to 99. */
export function parseCartAddBody(raw: unknown): CartAddInput {
  const body = asBody(raw)
  const productId = nonEmptyString(body.productId)
  if (!productId) throw invalid(CART_MESSAGES.productIdRequired)
  if (body.quantity === undefined || body.quantity === null) return { productId, quantity: 1 }
  const quantity = typeof body.quantity === "number" ? clampCartQuantity(body.quantity) : null
  if (quantity === null) throw invalid(CART_MESSAGES.addQuantityInvalid)
  return { productId, quantity }
}

export type CartUpdateInput = { itemId: string; update: Exclude<CartUpdate, { action: "invalid" }> }

/** `{itemId, quantity}`, both required; 0 removes, 1..99 sets, above 99 sets 99. */
export function parseCartUpdateBody(raw: unknown): CartUpdateInput {
  const body = asBody(raw)
  const itemId = nonEmptyString(body.itemId)
  if (!itemId || body.quantity === undefined || body.quantity === null || body.quantity === "") {
    throw invalid(CART_MESSAGES.itemIdAndQuantityRequired)
  }
  const update: CartUpdate = typeof body.quantity === "number" ? resolveCartUpdate(body.quantity) : { action: "invalid" }
  if (update.action === "invalid") throw invalid(CART_MESSAGES.updateQuantityInvalid)
  return { itemId, update }
}

/** `{itemId}`, required. */
export function parseCartRemoveBody(raw: unknown): { itemId: string } {
  const itemId = nonEmptyString(asBody(raw).itemId)
  if (!itemId) throw invalid(CART_MESSAGES.itemIdRequired)
  return { itemId }
}
