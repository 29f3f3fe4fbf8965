// Gallery cart quantity rules (spec 4.3 and part 8: 1 to 99 per item; update with 0 removes; above 99 capped).

export const MAX_CART_QUANTITY = 99

export type CartUpdate = { action: "remove" } | { action: "set"; quantity: number } | { action: "invalid" }

/** Quantity for an add: integers of 1 or more, capped at 99; null for anything else (0, negative, fractional, NaN). */
export function clampCartQuantity(quantity: number): number | null {
  if (!Number.isInteger(quantity) || quantity < 1) return null
  return Math.min(quantity, MAX_CART_QUANTITY)
}

/** What an update with this quantity does: 0 removes, 1..99 sets, above 99 sets 99, anything else is invalid. */
export function resolveCartUpdate(quantity: number): CartUpdate {
  if (quantity === 0) return { action: "remove" }
  const clamped = clampCartQuantity(quantity)
  return clamped === null ? { action: "invalid" } : { action: "set", quantity: clamped }
}

/** Adding a product already in the cart increases its quantity, still capped at 99. */
export function mergedCartQuantity(existing: number, added: number): number {
  return Math.min(MAX_CART_QUANTITY, existing + added)
}
