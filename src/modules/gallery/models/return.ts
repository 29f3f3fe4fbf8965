import { model } from "@medusajs/framework/utils"
import { RETURN_STATUSES, type ReturnLine } from "../../../lib/returns"

/**
 * A customer's return of (part of) one artist order (docs/returns.md): asked for from the tracking page, accepted with
 * instructions or refused with a reason by the artist, and received, which refunds its items (`refund_id`) and puts
 * them back in stock through the Medusa order book's return.
 */
export const Return = model
  .define("gallery_return", {
    id: model.id({ prefix: "gret" }).primaryKey(),
    gallery_order_id: model.text(),
    artist_order_id: model.text(),
    organization_id: model.text(),
    items: model.json<ReturnLine[]>(),
    reason: model.text(),
    status: model.enum([...RETURN_STATUSES]).default("requested"),
    instructions: model.text().nullable(),
    refusal_reason: model.text().nullable(),
    /** The requesting client's address (IP), kept with the request like address changes. */
    client_address: model.text().nullable(),
    requested_at: model.dateTime(),
    accepted_at: model.dateTime().nullable(),
    refused_at: model.dateTime().nullable(),
    received_at: model.dateTime().nullable(),
    refund_id: model.text().nullable(),
  })
  .indexes([{ on: ["artist_order_id", "requested_at"] }, { on: ["organization_id", "status"] }])
