import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { findGalleryArtist } from "../../../../../queries/gallery-artists"
import { listGalleryProducts } from "../../../../../queries/gallery-products"
import { toListedGalleryProduct } from "../../products/product-view"
import { galleryArtistView } from "../artist-view"
import { ARTIST_MESSAGES, MAX_ARTIST_SLUG_LENGTH, type GalleryArtistQuery } from "../validators"

/**
 * GET /api/gallery/artists/{slug}: a gallery-approved artist's public page (404 Artist not found for any other slug):
 * name, bio, social links, theme and colours from its storefront settings, and a page of its gallery-eligible works,
 * newest first (`limit` default 24, at most 100; `offset`), as the product list shows them. Two statements.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const slug = String(req.params.slug ?? "")
  const query = req.validatedQuery as unknown as GalleryArtistQuery
  const notFound = new MedusaError(MedusaError.Types.NOT_FOUND, ARTIST_MESSAGES.notFound)
  if (!slug || slug.length > MAX_ARTIST_SLUG_LENGTH) throw notFound
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const artist = await findGalleryArtist(pg, slug)
  if (!artist) throw notFound
  const { products, count } = await listGalleryProducts(pg, {
    eligibleOnly: true,
    org_id: artist.id,
    sort: "newest",
    limit: query.limit,
    offset: query.offset,
  })
  res.json({
    artist: galleryArtistView(artist),
    products: products.map(toListedGalleryProduct),
    count,
    limit: query.limit,
    offset: query.offset,
  })
}
