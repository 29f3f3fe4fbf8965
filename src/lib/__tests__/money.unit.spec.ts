import { fromCents, percentOfCents, round2, scaleCents, toCents } from "../money"

describe("toCents", () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.99, 99],
    [1, 100],
    [19.99, 1999],
    [1.005, 101], // stored as 1.00499999999999989...
    [0.285, 29], // stored as 0.28499999999999998...
    [2.675, 268],
    [1.255, 126],
    [8.345, 835],
    [0.125, 13],
    [0.124, 12],
    [0.0049, 0],
    [0.005, 1],
    [0.1 + 0.2, 30],
    [59.97, 5997],
    [19.99 * 3, 5997],
    [1234.56, 123456],
    [9899999.01, 989999901],
    [99999.99 * 99, 989999901],
    [123456789.125, 12345678913],
    [1e-7, 0],
  ])("%p -> %p cents", (amount, cents) => {
    expect(toCents(amount)).toBe(cents)
  })

  it("rounds negative amounts half away from zero and never returns -0", () => {
    expect(toCents(-1.005)).toBe(-101)
    expect(toCents(-0.004)).toBe(0)
    expect(Object.is(toCents(-0.004), 0)).toBe(true)
    expect(Object.is(toCents(-0), 0)).toBe(true)
  })

  it("agrees with exact decimal rounding for every amount with up to 3 decimals below $100", () => {
    const mismatches: string[] = []
    for (let thousandths = 0; thousandths < 100_000; thousandths++) {
      const text = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, "0")}`
      const expected = Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0)
      if (toCents(Number(text)) !== expected) mismatches.push(text)
    }
    expect(mismatches).toEqual([])
  })

  it("refuses non-finite and out-of-range amounts", () => {
    expect(() => toCents(NaN)).toThrow(RangeError)
    expect(() => toCents(Infinity)).toThrow(RangeError)
    expect(() => toCents(1e21)).toThrow(RangeError)
  })
})

describe("fromCents", () => {
  it("returns the decimal as written", () => {
    expect(fromCents(1999)).toBe(19.99)
    expect(fromCents(5997)).toBe(59.97)
    expect(fromCents(1)).toBe(0.01)
    expect(fromCents(989999901)).toBe(9899999.01)
    expect(fromCents(-101)).toBe(-1.01)
  })

  it("refuses fractional cents", () => {
    expect(() => fromCents(1.5)).toThrow(RangeError)
  })

  it("round-trips with toCents", () => {
    const mismatches: number[] = []
    for (let cents = 0; cents < 200_000; cents++) {
      if (toCents(fromCents(cents)) !== cents) mismatches.push(cents)
    }
    expect(mismatches).toEqual([])
  })
})

describe("round2", () => {
  it("rounds half-up to the cent without float noise", () => {
    expect(round2(1.005)).toBe(1.01)
    expect(round2(0.285)).toBe(0.29)
    expect(round2(0.1 + 0.2)).toBe(0.3)
    expect(round2(19.99 * 3)).toBe(59.97)
    expect(round2(33.333333)).toBe(33.33)
    expect(round2(66.666666)).toBe(66.67)
  })
})

describe("scaleCents / percentOfCents", () => {
  it("computes 12% of $19.99 as 240 cents (239.88 rounded half-up)", () => {
    expect(percentOfCents(1999, 1200)).toBe(240)
  })

  it("rounds exact halves up", () => {
    expect(scaleCents(5, 1, 10)).toBe(1) // 0.5
    expect(scaleCents(15, 1, 10)).toBe(2) // 1.5
    expect(scaleCents(14, 1, 10)).toBe(1) // 1.4
    expect(percentOfCents(125, 1200)).toBe(15) // 15.0
    expect(percentOfCents(1, 5000)).toBe(1) // 0.5
    expect(percentOfCents(1, 4999)).toBe(0) // 0.4999
  })

  it("rounds negative amounts symmetrically", () => {
    expect(percentOfCents(-1999, 1200)).toBe(-240)
    expect(Object.is(percentOfCents(-1, 1), 0)).toBe(true)
  })

  it("stays exact where floating-point division would not", () => {
    // 2^52 cents x 3 / 3 exceeds double precision as an intermediate product.
    const big = 2 ** 52
    expect(scaleCents(big, 3, 3)).toBe(big)
  })

  it("refuses bad inputs", () => {
    expect(() => scaleCents(1.5, 1, 1)).toThrow(RangeError)
    expect(() => scaleCents(1, -1, 1)).toThrow(RangeError)
    expect(() => scaleCents(1, 1, 0)).toThrow(RangeError)
    expect(() => scaleCents(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError)
  })
})
