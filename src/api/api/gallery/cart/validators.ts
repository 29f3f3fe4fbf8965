import { z } from "@medusajs/framework/zod"
import { CountryCode } from "../checkout/validators"
import { clampCartQuantity, resolveCartUpdate, type CartUpdate } from "../../../../lib/cart-quantity"
import { text } from "../../../utils/validation"

// The spec fixes the messages ("Product ID required", "Item ID and quantity required", "Item ID required"); a value
// of the wrong type answers the same message as a missing one. Unknown extra fields are ignored (a storefront may
// send more than it needs).

export const CART_MESSAGES = {
  productIdRequired: "Product ID required",
  itemIdAndQuantityRequired: "Item ID and quantity required",
  itemIdRequired: "Item ID required",
  addQuantityInvalid: "Quantity must be a positive whole number",
  updateQuantityInvalid: "Quantity must be a whole number, 0 or more (0 removes the item)",
  productNotFound: "Product not found",
  itemNotFound: "Cart item not found",
} as const

/** Product and cart item ids are short prefixed ids; anything longer cannot exist. */
export const MAX_ID_LENGTH = 100

/** POST /api/gallery/cart/add `{productId, quantity = 1}`: a whole number of at least 1, above 99 capped to 99. */
export const CartAddBody = z.object({
  productId: text(MAX_ID_LENGTH, CART_MESSAGES.productIdRequired),
  quantity: z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined || value === null) return 1
      const quantity = typeof value === "number" ? clampCartQuantity(value) : null
      if (quantity === null) {
        ctx.addIssue({ code: "custom", message: CART_MESSAGES.addQuantityInvalid })
        return z.NEVER
      }
      return quantity
    }),
})
export type CartAddBody = z.output<typeof CartAddBody>

const updateQuantity = z.unknown().transform((value, ctx): Exclude<CartUpdate, { action: "invalid" }> => {
  if (value === undefined || value === null || value === "") {
    ctx.addIssue({ code: "custom", message: CART_MESSAGES.itemIdAndQuantityRequired })
    return z.NEVER
  }
  const update: CartUpdate = typeof value === "number" ? resolveCartUpdate(value) : { action: "invalid" }
  if (update.action === "invalid") {
    ctx.addIssue({ code: "custom", message: CART_MESSAGES.updateQuantityInvalid })
    return z.NEVER
  }
  return update
})

/** POST /api/gallery/cart/update `{itemId, quantity}`, both required; 0 removes, 1..99 sets, above 99 sets 99. */
export const CartUpdateBody = z.object({
  itemId: text(MAX_ID_LENGTH, CART_MESSAGES.itemIdAndQuantityRequired),
  quantity: updateQuantity,
})
export type CartUpdateBody = z.output<typeof CartUpdateBody>

/** POST /api/gallery/cart/remove `{itemId}`. */
export const CartRemoveBody = z.object({ itemId: text(MAX_ID_LENGTH, CART_MESSAGES.itemIdRequired) })
export type CartRemoveBody = z.output<typeof CartRemoveBody>

/**
 * GET /api/gallery/cart query: `country` (extension, docs/shipping.md) adds what each artist charges to ship there.
 * Other parameters are ignored, as before.
 */
export const CartQuery = z.looseObject({ country: CountryCode.optional() })
export type CartQuery = z.output<typeof CartQuery>
