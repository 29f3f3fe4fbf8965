import { MAX_CART_QUANTITY, clampCartQuantity, mergedCartQuantity, resolveCartUpdate } from "../cart-quantity"

describe("clampCartQuantity", () => {
  it.each<[number, number | null]>([
    [1, 1],
    [2, 2],
    [99, 99],
    [100, 99],
    [1_000_000, 99],
    [0, null],
    [-1, null],
    [1.5, null],
    [NaN, null],
    [Infinity, null],
  ])("%p -> %p", (quantity, expected) => {
    expect(clampCartQuantity(quantity)).toBe(expected)
  })
})

describe("resolveCartUpdate", () => {
  it("removes on 0", () => {
    expect(resolveCartUpdate(0)).toEqual({ action: "remove" })
    expect(resolveCartUpdate(-0)).toEqual({ action: "remove" })
  })

  it("sets 1..99 and caps above 99", () => {
    expect(resolveCartUpdate(1)).toEqual({ action: "set", quantity: 1 })
    expect(resolveCartUpdate(99)).toEqual({ action: "set", quantity: 99 })
    expect(resolveCartUpdate(100)).toEqual({ action: "set", quantity: MAX_CART_QUANTITY })
  })

  it("calls negative, fractional and non-finite quantities invalid", () => {
    for (const quantity of [-1, -100, 0.5, 2.5, NaN, Infinity, -Infinity]) {
      expect(resolveCartUpdate(quantity)).toEqual({ action: "invalid" })
    }
  })
})

describe("mergedCartQuantity", () => {
  it("adds and caps at 99", () => {
    expect(MAX_CART_QUANTITY).toBe(99)
    expect(mergedCartQuantity(1, 1)).toBe(2)
    expect(mergedCartQuantity(50, 49)).toBe(99)
    expect(mergedCartQuantity(50, 50)).toBe(99)
    expect(mergedCartQuantity(99, 99)).toBe(99)
  })
})
