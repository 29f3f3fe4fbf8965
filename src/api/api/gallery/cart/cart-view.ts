import type { QuotedArtist } from "../../../../lib/gallery-checkout"
import { fromCents, toCents } from "../../../../lib/money"
import type { CartItemRow } from "../../../../queries/gallery-cart"
import {
  isGalleryEligible,
  toEmbeddedGalleryProduct,
  type GalleryProduct,
} from "../../../../queries/gallery-products"

export type CartView = {
  sessionId: string | null
  items: Array<{
    id: string
    productId: string
    quantity: number
    product: ReturnType<typeof toEmbeddedGalleryProduct> & { sku: string | null; inventory: number | null }
    /** Whether the product still meets the gallery's eligibility rules (checkout refuses it otherwise). */
    available: boolean
  }>
  subtotal: number
  artistCount: number
  itemCount: number
}

export function emptyCartView(sessionId: string | null): CartView {
  return { sessionId, items: [], subtotal: 0, artistCount: 0, itemCount: 0 }
}

/**
 * The spec's cart body. Rows whose product no longer exists are left out. `subtotal` = sum(price x quantity)
 * computed in integer cents (exact), `artistCount` = distinct organizations, `itemCount` = total quantity.
 */
export function buildCartView(
  sessionId: string | null,
  rows: CartItemRow[],
  products: Map<string, GalleryProduct>
): CartView {
  const view = emptyCartView(sessionId)
  const organizations = new Set<string>()
  let subtotalCents = 0
  for (const row of rows) {
    const product = products.get(row.product_id)
    if (!product) continue
    view.items.push({
      id: row.id,
      productId: row.product_id,
      quantity: row.quantity,
      product: { ...toEmbeddedGalleryProduct(product), sku: product.sku, inventory: product.inventory },
      available: isGalleryEligible(product),
    })
    subtotalCents += (product.price === null ? 0 : toCents(product.price)) * row.quantity
    organizations.add(product.org_id)
    view.itemCount += row.quantity
  }
  view.subtotal = fromCents(subtotalCents)
  view.artistCount = organizations.size
  return view
}

/**
 * Each artist's part of the cart as a shipping quote prices it (first appearance order): subtotal in cents and item
 * count of the lines whose product exists, and the destination `countryOf(orgId)` gives.
 */
export function cartArtists(
  rows: CartItemRow[],
  products: Map<string, GalleryProduct>,
  countryOf: (orgId: string) => string | null
): QuotedArtist[] {
  const artists = new Map<string, QuotedArtist>()
  for (const row of rows) {
    const product = products.get(row.product_id)
    if (!product) continue
    let artist = artists.get(product.org_id)
    if (!artist) {
      artist = {
        orgId: product.org_id,
        artistName: product.organizations.name,
        subtotalCents: 0,
        itemCount: 0,
        country: countryOf(product.org_id),
      }
      artists.set(product.org_id, artist)
    }
    artist.subtotalCents += (product.price === null ? 0 : toCents(product.price)) * row.quantity
    artist.itemCount += row.quantity
  }
  return [...artists.values()]
}
