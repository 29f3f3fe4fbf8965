import { shippingQuoteView, type ShippingQuoteView } from "../../../../lib/gallery-checkout"
import type { CartItemRow } from "../../../../queries/gallery-cart"
import type { GalleryProduct } from "../../../../queries/gallery-products"
import { loadArtistShippingQuotes } from "../../../../queries/medusa/shipping-quotes"
import type { PgSource } from "../../../../queries/pg"
import { cartArtists } from "../cart/cart-view"

export type CartShippingDestination = {
  /** Every artist's destination (single_address). */
  country: string | null
  /** per_artist: each artist's destination. */
  countries: Readonly<Record<string, string>>
  /** The shopper's choice per artist, as checkout's `shippingMethods`. */
  shippingMethods: Readonly<Record<string, string>>
}

/**
 * What checkout would charge each artist of this cart for shipping to `destination` (docs/shipping.md): one read of
 * the artists' rates. Shared by the quote route and GET /api/gallery/cart?country=.
 */
export async function cartShippingQuote(
  source: PgSource,
  rows: CartItemRow[],
  products: Map<string, GalleryProduct>,
  destination: CartShippingDestination
): Promise<ShippingQuoteView> {
  const artists = cartArtists(rows, products, (orgId) => destination.country ?? destination.countries[orgId] ?? null)
  const quotes = artists.length ? await loadArtistShippingQuotes(source, artists) : new Map()
  return shippingQuoteView(artists, quotes, destination.shippingMethods)
}
