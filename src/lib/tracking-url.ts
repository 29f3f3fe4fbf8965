// Carrier tracking links for shipped artist orders (spec 4.8). A link reaches customers (order view, shipping email)
// only as an absolute https: URL: a custom carrier value must be one (docs/decisions.md "Tracking links").

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

// Whitespace or control characters: browsers and URL parsers drop some of them silently ("java\tscript:").
const WHITESPACE_OR_CONTROL = /[\u0000-\u0020\u007F-\u009F\u00A0\u1680\u2000-\u200F\u2028\u2029\u202F\u205F\u3000\uFEFF]/

// Written out as `https://host...`: the WHATWG parser would also read `https:///host` or `https:\\host` as a host.
const HTTPS_PREFIX = /^https:\/\/[^/\\]/i

/** An absolute `https:` URL with a host, written without whitespace or control characters, as given. */
export function isHttpsUrl(value: string): boolean {
  if (WHITESPACE_OR_CONTROL.test(value) || value.includes("\\") || !HTTPS_PREFIX.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === "https:" && url.hostname !== ""
  } catch {
    return false
  }
}

/**
 * Whether an artist may ship with this carrier value: UPS, USPS or FedEx (any case, surrounding spaces ignored), or
 * a custom carrier given as its absolute https tracking URL. Anything else (`javascript:`, `data:`, `http:`, a
 * relative path, a bare name) is refused: it could not be shown as a safe link.
 */
export function isAcceptedCarrier(carrier: string): boolean {
  return knownCarrier(carrier) !== undefined || isHttpsUrl(carrier.trim())
}

/**
 * URL stored when an artist ships. A known carrier uses its template; a custom one (an https URL, see
 * isAcceptedCarrier) is, per the spec, "stored as given" (trimmed); no (or a blank) carrier falls back to deriving
 * from the number. Throws a RangeError for a carrier that is not accepted, so no caller can store an unsafe link.
 */
export function trackingUrlForCarrier(carrier: string | undefined, trackingNumber: string): string {
  if (carrier === undefined || carrier.trim() === "") return deriveTrackingUrl(trackingNumber)
  const known = knownCarrier(carrier)
  if (known !== undefined) return carrierTrackingUrl(known, trackingNumber)
  if (!isHttpsUrl(carrier.trim())) throw new RangeError("carrier must be UPS, USPS, FedEx or an https tracking URL")
  return carrier.trim()
}

/** A stored tracking URL as it may be shown as a link: itself when it is an https URL, otherwise null. */
export function linkableTrackingUrl(url: string | null | undefined): string | null {
  return url && isHttpsUrl(url) ? url : null
}

/**
 * The tracking link shown to the customer (order view, shipping email): the stored URL when it is an https URL
 * (anything else stored, e.g. before custom values were checked, is shown as no link); without a stored URL, the
 * one derived from the tracking number; null without either.
 */
export function shownTrackingUrl(storedUrl: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (storedUrl) return linkableTrackingUrl(storedUrl)
  return trackingNumber ? deriveTrackingUrl(trackingNumber) : null
}
