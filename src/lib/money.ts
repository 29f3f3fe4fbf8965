// Money helpers. Amounts travel as USD numbers (19.99) but every calculation runs on integer cents,
// so binary floating point (0.1 + 0.2 = 0.30000000000000004) never reaches a stored or returned amount.

function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${value}`)
  }
}

/**
 * USD amount -> integer cents, rounding half away from zero ("half-up" on the magnitude).
 * Reads the amount as its shortest 15-significant-digit decimal string: a double such as 1.005 is stored as
 * 1.00499999999999989..., and 15 digits recover the decimal it was written as, so 1.005 -> 101 and 0.285 -> 29.
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) {
    throw new RangeError(`amount must be a finite number, got ${amount}`)
  }
  const [mantissa, exponentText] = Math.abs(amount).toPrecision(15).split("e")
  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  const [integerDigits, fractionDigits = ""] = mantissa.split(".")
  let digits = integerDigits + fractionDigits
  // Index in `digits` where the whole-cents part ends (decimal point moved two places right).
  let centsEnd = integerDigits.length + exponent + 2
  if (centsEnd < 1) {
    digits = "0".repeat(1 - centsEnd) + digits
    centsEnd = 1
  }
  digits = digits.padEnd(centsEnd + 1, "0")
  const truncatedCents = Number(digits.slice(0, centsEnd))
  // Half-up: only the first dropped digit decides.
  const cents = truncatedCents + (Number(digits[centsEnd]) >= 5 ? 1 : 0)
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`amount ${amount} is too large to represent in cents`)
  }
  return amount < 0 && cents !== 0 ? -cents : cents
}

/** Integer cents -> USD number. cents / 100 is the double nearest the decimal, so 1999 -> 19.99 exactly as written. */
export function fromCents(cents: number): number {
  assertSafeInteger(cents, "cents")
  return cents / 100
}

/** Rounds a USD amount half-up to the cent, without float noise (1.005 -> 1.01, 0.1 + 0.2 -> 0.3). */
export function round2(amount: number): number {
  return fromCents(toCents(amount))
}

/**
 * cents x numerator / denominator, rounded half away from zero, in exact integer (BigInt) arithmetic.
 * e.g. scaleCents(1999, 29, 1000) is 2.9% of $19.99.
 */
export function scaleCents(cents: number, numerator: number, denominator: number): number {
  assertSafeInteger(cents, "cents")
  assertSafeInteger(numerator, "numerator")
  assertSafeInteger(denominator, "denominator")
  if (numerator < 0 || denominator <= 0) {
    throw new RangeError("numerator must be >= 0 and denominator > 0")
  }
  const product = BigInt(Math.abs(cents)) * BigInt(numerator)
  const divisor = BigInt(denominator)
  const quotient = product / divisor
  const remainder = product % divisor
  const rounded = Number(remainder * BigInt(2) >= divisor ? quotient + BigInt(1) : quotient)
  if (!Number.isSafeInteger(rounded)) {
    throw new RangeError("result is too large to represent in cents")
  }
  return cents < 0 && rounded !== 0 ? -rounded : rounded
}

/** Percentage of an amount in cents, rounded half-up. Basis points (1200 = 12%) keep the rate an integer. */
export function percentOfCents(cents: number, basisPoints: number): number {
  return scaleCents(cents, basisPoints, 10_000)
}
