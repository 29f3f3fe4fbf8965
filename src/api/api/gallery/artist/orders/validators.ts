import { z } from "@medusajs/framework/zod"
import {
  ARTIST_LIST_STATUSES,
  ARTIST_ORDERS_DEFAULT_LIMIT,
  ARTIST_ORDERS_MAX_LIMIT,
  CARRIER_MAX_LENGTH,
  FULFILMENT_MESSAGES,
  TRACKING_NUMBER_MAX_LENGTH,
  type ArtistListStatus,
} from "../../../../../lib/gallery-fulfilment"
import { isAcceptedCarrier } from "../../../../../lib/tracking-url"
import { firstQueryValue, optionalText, text } from "../../../../utils/validation"

export const ARTIST_ORDER_MESSAGES = {
  organizationIdInvalid: "Organization ID must be a string of at most 100 characters",
  carrierNotAccepted: "Carrier must be UPS, USPS, FedEx, or a custom carrier's tracking URL starting with https://",
} as const

const MAX_ORGANIZATION_ID_LENGTH = 100

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "")
}

/** A whole number from a query string value ("20", " 20 ") or a number; null otherwise ("2.5", "abc", "1e2"). */
function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null
  if (typeof value !== "string") return null
  const text = value.trim()
  if (!/^-?[0-9]+$/.test(text)) return null
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : null
}

/** A whole-number query parameter: blank -> `fallback`; below `min` or not a whole number -> `message`. */
function wholeNumberParam(fallback: number, min: number, message: string) {
  return z.unknown().transform((raw, ctx) => {
    const value = firstQueryValue(raw)
    if (isBlank(value)) return fallback
    const n = wholeNumber(value)
    if (n === null || n < min) {
      ctx.addIssue({ code: "custom", message })
      return z.NEVER
    }
    return n
  })
}

/**
 * GET /api/gallery/artist/orders query (spec 4.8): `org_id` required (400 Organization ID required; membership is
 * checked after); `status` one of paid|processing|shipped|delivered (absent or blank: all of them); `limit` default
 * 50, at least 1, a larger value than 100 served as 100 (the spec's "max 100"); `offset` default 0. A repeated
 * parameter uses its first value (except org_id, which must be given once).
 */
export const ArtistOrdersListQuery = z.object({
  org_id: text(MAX_ORGANIZATION_ID_LENGTH, FULFILMENT_MESSAGES.organizationRequired),
  status: z.unknown().transform((raw, ctx): ArtistListStatus | null => {
    const value = firstQueryValue(raw)
    if (isBlank(value)) return null
    const wanted = typeof value === "string" ? value.trim().toLowerCase() : ""
    if (!(ARTIST_LIST_STATUSES as readonly string[]).includes(wanted)) {
      ctx.addIssue({ code: "custom", message: FULFILMENT_MESSAGES.invalidListStatus })
      return z.NEVER
    }
    return wanted as ArtistListStatus
  }),
  limit: wholeNumberParam(ARTIST_ORDERS_DEFAULT_LIMIT, 1, FULFILMENT_MESSAGES.invalidLimit).transform((limit) =>
    Math.min(limit, ARTIST_ORDERS_MAX_LIMIT)
  ),
  offset: wholeNumberParam(0, 0, FULFILMENT_MESSAGES.invalidOffset),
})
export type ArtistOrdersListQuery = z.output<typeof ArtistOrdersListQuery>

/** An optional `org_id` (ship and status take the organization from the order; one given must be the order's). */
const optionalOrganizationId = optionalText(MAX_ORGANIZATION_ID_LENGTH, ARTIST_ORDER_MESSAGES.organizationIdInvalid)

/** `?org_id=` of POST /api/gallery/artist/orders/{id}/ship and /status. */
export const ArtistOrderQuery = z.object({ org_id: optionalOrganizationId })

/** A tracking number: trimmed, at most 100 characters; a whole number (e.g. 1234) is accepted as its digits. */
export const trackingNumberField = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value),
  text(TRACKING_NUMBER_MAX_LENGTH, {
    invalid: FULFILMENT_MESSAGES.trackingNumberRequired,
    tooLong: FULFILMENT_MESSAGES.trackingNumberTooLong,
  })
)

/** A carrier: trimmed, blank meaning none, otherwise UPS, USPS, FedEx or a custom carrier's https tracking URL. */
export const carrierField = optionalText(CARRIER_MAX_LENGTH, FULFILMENT_MESSAGES.carrierInvalid).refine(
  (carrier) => carrier === null || isAcceptedCarrier(carrier),
  { message: ARTIST_ORDER_MESSAGES.carrierNotAccepted }
)

/**
 * POST /api/gallery/artist/orders/{id}/ship `{trackingNumber, carrier?, org_id?}` (spec 4.8): the tracking number
 * trimmed (a whole number, e.g. 1234, is accepted as its digits); the carrier trimmed, blank meaning none (the URL
 * is then derived from the number), otherwise UPS, USPS, FedEx or a custom carrier's https tracking URL.
 */
export const ShipBody = z.object({
  trackingNumber: trackingNumberField,
  carrier: carrierField,
  org_id: optionalOrganizationId,
})
export type ShipBody = z.output<typeof ShipBody>

/** POST /api/gallery/artist/orders/{id}/status `{status, org_id?}`: the wanted status, lower-cased. */
export const StatusBody = z.object({
  status: text(50, FULFILMENT_MESSAGES.statusRequired).transform((status) => status.toLowerCase()),
  org_id: optionalOrganizationId,
})
export type StatusBody = z.output<typeof StatusBody>
