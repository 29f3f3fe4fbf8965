import { toKnex, type PgSource } from "./pg"

/**
 * Per-artist shipping address changes (gallery_artist_order_address_change, written by
 * GalleryModuleService.setArtistOrderShippingAddress): what the buyer's email about a change shows, and the record.
 */

export type AddressChangeForEmail = {
  id: string
  artist_order_id: string
  previous_address: Record<string, unknown> | null
  new_address: Record<string, unknown>
  changed_at: Date
  artist_name: string
  public_id: string
  /** The order's full email: the change is told to the buyer, never to whoever made it. */
  email: string
}

/** The changes with these ids, with their artist order's name and their order's public id and email. One query. */
export async function getAddressChangesForEmail(source: PgSource, changeIds: string[]): Promise<AddressChangeForEmail[]> {
  if (!changeIds.length) return []
  const { rows } = await toKnex(source).raw(
    `SELECT c.id, c.artist_order_id, c.previous_address, c.new_address, c.changed_at,
            ao.artist_name, o.public_id, o.email
     FROM gallery_artist_order_address_change c
     JOIN gallery_artist_order ao ON ao.id = c.artist_order_id
     JOIN gallery_order o ON o.id = ao.gallery_order_id
     WHERE c.id = ANY(?::text[]) AND c.deleted_at IS NULL
     ORDER BY c.changed_at, c.id`,
    [changeIds]
  )
  return rows as AddressChangeForEmail[]
}
