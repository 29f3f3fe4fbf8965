import { model } from "@medusajs/framework/utils"

/**
 * Every shipping address a buyer gave one artist's part of a per_artist order (docs/decisions.md, "Per-artist
 * addresses need the order's email"), the first one included: the address it replaced (null for the first), the new
 * one, when, and the client address (IP) of the request. Written by GalleryModuleService.setArtistOrderShippingAddress
 * in the statement that changes the address, with the outbox message that emails the buyer about it. Append-only.
 */
export const ArtistOrderAddressChange = model
  .define("gallery_artist_order_address_change", {
    id: model.id({ prefix: "aoac" }).primaryKey(),
    artist_order_id: model.text(),
    previous_address: model.json().nullable(),
    new_address: model.json(),
    changed_at: model.dateTime(),
    /** The requesting client's address as the rate limiter sees it (TRUST_PROXY_HOPS); null when unknown. */
    client_address: model.text().nullable(),
  })
  .indexes([{ on: ["artist_order_id", "changed_at"] }])
