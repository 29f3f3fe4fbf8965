import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  evaluateRuleCollections,
  listCollectionItemsWithProducts,
  listCollectionsWithItemCounts,
} from "../../../../../queries/curation"
import { collectionListView, detailItems } from "../../../admin/collections/collection-view"
import { toListedGalleryProduct } from "../../products/product-view"

/**
 * GET /api/gallery/collections/{slug}: an active collection (404 Collection not found otherwise) with its items in
 * position order, gallery-eligible products only. Smart and hybrid collections list their computed products
 * (id null, positions 0..n-1). Each item's product is shown as the product list shows it (the embedded product plus
 * handle, kind of work, SKU and stock), so that a storefront lists them as it lists works. Rules stay private to
 * administrators.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const [collection] = await listCollectionsWithItemCounts(pg, { slug: req.params.slug, is_active: true })
  if (!collection) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Collection not found")
  const [stored, evaluated] = await Promise.all([
    collection.type === "manual"
      ? listCollectionItemsWithProducts(pg, collection.id, { eligibleOnly: true })
      : Promise.resolve([]),
    collection.type === "manual" ? Promise.resolve(undefined) : evaluateRuleCollections(pg, [collection]),
  ])
  const { items, itemCount } = detailItems(collection, stored, evaluated?.get(collection.id), toListedGalleryProduct)
  res.json({ collection: { ...collectionListView(collection, itemCount), items } })
}
