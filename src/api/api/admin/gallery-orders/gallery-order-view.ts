import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import ArtistOrderOrderLink from "../../../../links/artist-order-order"
import { getAdminGalleryOrder } from "../../../../queries/admin-gallery-orders"

export type MedusaOrderRef = { id: string; displayId: number }

/** The Medusa orders that mirror these artist orders (docs/order-book.md), by artist order id. One query. */
export async function medusaOrdersOfArtistOrders(
  scope: MedusaContainer,
  artistOrderIds: string[]
): Promise<Map<string, MedusaOrderRef>> {
  const map = new Map<string, MedusaOrderRef>()
  if (!artistOrderIds.length) return map
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: ArtistOrderOrderLink.entryPoint,
    fields: ["gallery_artist_order_id", "order_id", "order.display_id"],
    filters: { gallery_artist_order_id: artistOrderIds },
  })
  for (const link of data as { gallery_artist_order_id: string; order_id: string; order?: { display_id?: number } }[]) {
    map.set(link.gallery_artist_order_id, { id: link.order_id, displayId: link.order?.display_id ?? 0 })
  }
  return map
}

/** The artist order a Medusa order mirrors, or null (a store order, or an unknown id). One query. */
export async function artistOrderOfMedusaOrder(scope: MedusaContainer, orderId: string): Promise<string | null> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: ArtistOrderOrderLink.entryPoint,
    fields: ["gallery_artist_order_id"],
    filters: { order_id: orderId },
  })
  return (data[0] as { gallery_artist_order_id?: string } | undefined)?.gallery_artist_order_id ?? null
}

/** The admin detail of a gallery order (by internal or public id) with each artist order's Medusa mirror, or null. */
export async function adminGalleryOrderWithMirrors(scope: MedusaContainer, idOrPublicId: string) {
  const order = await getAdminGalleryOrder(scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), idOrPublicId)
  if (!order) return null
  const mirrors = await medusaOrdersOfArtistOrders(
    scope,
    order.artistOrders.map((a) => a.id)
  )
  return {
    ...order,
    artistOrders: order.artistOrders.map((a) => ({ ...a, medusaOrder: mirrors.get(a.id) ?? null })),
  }
}

export type AdminGalleryOrderView = NonNullable<Awaited<ReturnType<typeof adminGalleryOrderWithMirrors>>>
