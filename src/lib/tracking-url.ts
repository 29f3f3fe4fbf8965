// Carrier tracking links for shipped artist orders (spec 4.8).

export const KNOWN_CARRIERS = ["UPS", "USPS", "FedEx"] as const
export type KnownCarrier = (typeof KNOWN_CARRIERS)[number]

const TRACKING_URL_PREFIX: Readonly<Record<KnownCarrier, string>> = {
  UPS: "https://www.ups.com/track?tracknum=",
  USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  FedEx: "https://www.fedex.com/fedextrack/?trknbr=",
}

/** Carrier template with the (trimmed, URL-encoded) tracking number substituted. */
export function carrierTrackingUrl(carrier: KnownCarrier, trackingNumber: string): string {
  return TRACKING_URL_PREFIX[carrier] + encodeURIComponent(trackingNumber.trim())
}

/** "ups", "Ups", " FEDEX " -> the known carrier; anything else -> undefined. */
export function knownCarrier(carrier: string): KnownCarrier | undefined {
  const wanted = carrier.trim().toLowerCase()
  return KNOWN_CARRIERS.find((known) => known.toLowerCase() === wanted)
}

/** Guesses the carrier from the number alone: 1Z... is UPS, 20-22 digits is USPS, anything else FedEx. */
export function deriveTrackingUrl(trackingNumber: string): string {
  const number = trackingNumber.trim()
  if (/^1z/i.test(number)) return carrierTrackingUrl("UPS", number)
  if (/^[0-9]{20,22}$/.test(number)) return carrierTrackingUrl("USPS", number)
  return carrierTrackingUrl("FedEx", number)
}

/**
 * URL stored when an artist ships. A known carrier uses its template; any other carrier value is custom and,
 * per the spec, "stored as given"; no (or a blank) carrier falls back to deriving from the number.
 */
export function trackingUrlForCarrier(carrier: string | undefined, trackingNumber: string): string {
  if (carrier === undefined || carrier.trim() === "") return deriveTrackingUrl(trackingNumber)
  const known = knownCarrier(carrier)
  return known === undefined ? carrier : carrierTrackingUrl(known, trackingNumber)
}
