import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { adminGalleryOrderWithMirrors, artistOrderOfMedusaOrder } from "../../../gallery-orders/gallery-order-view"
import { GALLERY_MODULE } from "../../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../../modules/gallery/service"

/**
 * GET /api/admin/orders/{id}/gallery (the admin's order page widget; `{id}` is a Medusa order id) -> {source,
 * artistOrderId, galleryOrder}: `gallery` when the order mirrors a gallery artist order (docs/order-book.md), with
 * the parent gallery order as GET /api/admin/gallery-orders/{id} shows it (statuses, payouts, transfers); `store`
 * with nulls otherwise (an order of an artist's own store, or an unknown id).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = typeof req.params.id === "string" ? req.params.id.trim() : ""
  const artistOrderId = id ? await artistOrderOfMedusaOrder(req.scope, id) : null
  if (!artistOrderId) return res.json({ source: "store", artistOrderId: null, galleryOrder: null })
  const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
  const [artistOrder] = await gallery.listArtistOrders({ id: artistOrderId }, { select: ["id", "gallery_order_id"], take: 1 })
  const galleryOrderId = (artistOrder as { gallery_order_id?: string } | undefined)?.gallery_order_id
  const galleryOrder = galleryOrderId ? await adminGalleryOrderWithMirrors(req.scope, galleryOrderId) : null
  res.json({ source: "gallery", artistOrderId, galleryOrder })
}
