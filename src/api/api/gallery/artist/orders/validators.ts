import { MedusaError } from "@medusajs/framework/utils"
import {
  parseArtistOrdersListQuery,
  parseShipRequest,
  parseStatusRequest,
  type ArtistOrdersListParams,
  type Parsed,
  type ShipRequest,
} from "../../../../../lib/gallery-fulfilment"

// The artist order routes read their input by hand (pure parsers in lib/gallery-fulfilment.ts) rather than with a
// zod middleware: the spec fixes the messages ("Tracking number required"), the gallery family answers
// `{error: message}`, and unknown extra fields (such as org_id in a POST body) are ignored.

function valueOrThrow<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, parsed.message)
  return parsed.value
}

/** `?status=&limit=&offset=` (org_id is read by resolveOrganization). */
export function artistOrdersListQuery(query: unknown): ArtistOrdersListParams {
  const record = query && typeof query === "object" ? (query as Record<string, unknown>) : {}
  return valueOrThrow(parseArtistOrdersListQuery(record))
}

/** `{trackingNumber, carrier?}`. */
export function shipBody(body: unknown): ShipRequest {
  return valueOrThrow(parseShipRequest(body))
}

/** `{status}`. */
export function statusBody(body: unknown): { status: string } {
  return valueOrThrow(parseStatusRequest(body))
}

/** The `{id}` path segment (an artist order id). */
export function artistOrderIdParam(params: Record<string, unknown>): string {
  const raw = params.id
  const id = typeof raw === "string" ? raw.trim() : ""
  if (!id) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  return id
}
