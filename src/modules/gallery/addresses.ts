import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { artistOrderAddressChangedMessages } from "../../lib/outbox"
import { outboxRecordset } from "./outbox"

/**
 * The buyer's per-artist shipping addresses (a per_artist order), run by GalleryModuleService: the change of one
 * artist order's address, with its record (models/artist-order-address-change.ts) and its email through the outbox.
 */

/** `unchanged`: the artist order has that address already (nothing written, recorded or emailed). */
/** `wrong_country`: the artist charged shipping for another country than the address's (docs/shipping.md). */
export type ArtistAddressOutcome =
  | "updated"
  | "unchanged"
  | "not_found"
  | "single_address"
  | "cancelled"
  | "shipped"
  | { refused: "wrong_country"; country: string }

/**
 * Sets the shipping address of one organization's artist order in a per_artist order, unless it has shipped
 * (checked in the UPDATE itself, so a concurrent shipment wins). The outcome names what refused it.
 *
 * Every change — the first address included — is recorded (`gallery_artist_order_address_change`: the address
 * it replaced, the new one, when, the client's address) and queues the outbox message that emails the buyer about
 * it (`gallery.artist_order.address_changed`), in the same statement as the UPDATE: a change exists exactly when
 * its record and its email do (docs/crash-safety.md). The artist order's row is locked first, so the recorded
 * previous address is the one this change replaced, also under concurrent changes. The address it already has is
 * `unchanged`: nothing is written, recorded or emailed (a re-sent request changes nothing twice).
 */
export async function setArtistOrderShippingAddress(
  manager: SqlEntityManager,
  input: {
    publicId: string
    organizationId: string
    shippingAddress: Record<string, unknown>
    /** The requesting client's address (IP), recorded with the change; null when unknown. */
    clientAddress?: string | null
  }
): Promise<ArtistAddressOutcome> {
  const changeId = entityId("aoac")
  const address = JSON.stringify(input.shippingAddress)
  const rows = (await manager.execute(
    `WITH target AS (
         SELECT o.shipping_option, o.status AS order_status, ao.id AS artist_order_id, ao.status AS artist_status,
                ao.shipping_address AS previous_address, ao.shipping_country
         FROM gallery_order o
         JOIN gallery_artist_order ao
           ON ao.gallery_order_id = o.id AND ao.organization_id = ? AND ao.deleted_at IS NULL
         WHERE o.public_id = ? AND o.deleted_at IS NULL
         FOR UPDATE OF ao
       ),
       updated AS (
         UPDATE gallery_artist_order ao SET shipping_address = ?::jsonb, updated_at = now()
         FROM target t
         WHERE ao.id = t.artist_order_id AND t.shipping_option = 'per_artist' AND t.order_status <> 'cancelled'
           AND ao.status NOT IN ('shipped', 'delivered')
           AND ao.shipping_address IS DISTINCT FROM ?::jsonb
           AND (t.shipping_country IS NULL OR upper(?::jsonb ->> 'country') = t.shipping_country)
         RETURNING ao.id, t.previous_address
       ),
       recorded AS (
         INSERT INTO gallery_artist_order_address_change
           (id, artist_order_id, previous_address, new_address, changed_at, client_address, created_at, updated_at)
         SELECT ?, u.id, u.previous_address, ?::jsonb, clock_timestamp(), ?, now(), now()
         FROM updated u
         RETURNING id
       ),
       outbox AS (
         INSERT INTO gallery_outbox_message
           (id, key, topic, handler, payload, trace_context, attempts, available_at, created_at, updated_at)
         SELECT m.id, m.key, m.topic, m.handler, m.payload, m.trace_context, 0, now(), now(), now()
         FROM recorded,
              jsonb_to_recordset(?::jsonb)
                AS m(id text, key text, topic text, handler text, payload jsonb, trace_context jsonb)
         ON CONFLICT (key) WHERE deleted_at IS NULL DO NOTHING
       )
       SELECT t.shipping_option, t.order_status, t.artist_status, t.shipping_country,
              (SELECT count(*) FROM updated)::int AS updated
       FROM target t`,
    [
      input.organizationId,
      input.publicId,
      address,
      address,
      address,
      changeId,
      address,
      input.clientAddress || null,
      outboxRecordset(artistOrderAddressChangedMessages(changeId)),
    ]
  )) as unknown as {
    shipping_option: string
    order_status: string
    artist_status: string
    shipping_country: string | null
    updated: number
  }[]
  const row = rows[0]
  if (!row) return "not_found"
  if (row.updated === 1) return "updated"
  if (row.shipping_option !== "per_artist") return "single_address"
  if (row.order_status === "cancelled") return "cancelled"
  if (row.artist_status === "shipped" || row.artist_status === "delivered") return "shipped"
  const country = String(input.shippingAddress.country ?? "").toUpperCase()
  if (row.shipping_country && country !== row.shipping_country) return { refused: "wrong_country", country: row.shipping_country }
  return "unchanged"
}
