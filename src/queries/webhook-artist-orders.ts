import { toKnex, type PgSource } from "./pg"

/**
 * Gallery artist orders whose organization listens to outbound webhooks (docs/outbound-webhooks.md): what the
 * outbox's webhook handlers start from. ONE statement per call, the artist orders by their indexed key and the
 * endpoints by organization (index on platform_webhook_endpoint.organization_id): when no endpoint listens, which is
 * the common case on the benchmarked checkout, it finds nothing and the handler stops there. Only artist orders
 * that were paid: an unpaid one has no order in the order book and caused no event.
 */
export type ListeningArtistOrder = {
  artist_order_id: string
  organization_id: string
  carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
}

const SELECT = `SELECT ao.id AS artist_order_id, ao.organization_id, ao.carrier, ao.tracking_number, ao.tracking_url
FROM gallery_artist_order ao`

const LISTENING = `ao.deleted_at IS NULL AND ao.paid_at IS NOT NULL
  AND EXISTS (SELECT 1 FROM platform_webhook_endpoint e
              WHERE e.organization_id = ao.organization_id AND e.status = 'enabled' AND e.deleted_at IS NULL
                AND e.events && ?::text[])
ORDER BY ao.created_at, ao.id`

/** The listening artist orders of these gallery orders. */
export async function listListeningArtistOrdersOfGalleryOrders(
  source: PgSource,
  galleryOrderIds: string[],
  types: string[]
): Promise<ListeningArtistOrder[]> {
  if (!galleryOrderIds.length) return []
  const { rows } = await toKnex(source).raw(`${SELECT} WHERE ao.gallery_order_id = ANY(?::text[]) AND ${LISTENING}`, [
    galleryOrderIds,
    types,
  ])
  return rows as ListeningArtistOrder[]
}

/** These artist orders, those whose organization listens. */
export async function listListeningArtistOrders(
  source: PgSource,
  artistOrderIds: string[],
  types: string[]
): Promise<ListeningArtistOrder[]> {
  if (!artistOrderIds.length) return []
  const { rows } = await toKnex(source).raw(`${SELECT} WHERE ao.id = ANY(?::text[]) AND ${LISTENING}`, [artistOrderIds, types])
  return rows as ListeningArtistOrder[]
}
