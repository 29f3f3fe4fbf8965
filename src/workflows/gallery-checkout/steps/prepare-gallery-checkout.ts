import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { parseCartSessionId } from "../../../lib/cart-session"
import { entityId } from "../../../lib/entity-id"
import {
  checkoutResponseAmounts,
  chooseArtistShipping,
  summarizeCheckout,
  validateCheckoutCart,
  withShipping,
  type ArtistShipping,
  type CheckoutRequest,
  type CheckoutSummary,
} from "../../../lib/gallery-checkout"
import { toCents } from "../../../lib/money"
import { galleryTransferGroup, generateGalleryPublicId } from "../../../lib/public-id"
import type { CheckoutOrderInput } from "../../../modules/gallery/service"
import { listCartItems } from "../../../queries/gallery-cart"
import type { PgSource } from "../../../queries/pg"
import { getGalleryProductsByIds } from "../../../queries/gallery-products"
import { loadArtistShippingQuotes } from "../../../queries/medusa/shipping-quotes"

export type PrepareGalleryCheckoutInput = {
  request: CheckoutRequest
  /** The `gallery_ref` referral session, kept on the order for attribution. */
  referralSessionId: string | null
}

/** Everything the next steps write, computed before anything is written. */
export type PreparedGalleryCheckout = {
  /** The order as it will be recorded (its payment_intent_id is filled in once the intent exists). */
  order: Omit<CheckoutOrderInput, "payment_intent_id">
  /** The checkout response's amounts, in USD numbers. */
  amounts: ReturnType<typeof checkoutResponseAmounts>
}

/**
 * Each artist's shipping for this checkout (docs/shipping.md): one read of every artist's rates for their destination
 * (the address's country, or per_artist's `countries`), then the shopper's choice or the cheapest option. An artist
 * without rates ships free. A refusal names the artist in its field (400, nothing written).
 */
async function artistShipping(
  container: PgSource,
  request: CheckoutRequest,
  merchandise: CheckoutSummary
): Promise<Map<string, ArtistShipping>> {
  const destinations = merchandise.artists.map((artist) => ({
    orgId: artist.orgId,
    subtotalCents: artist.subtotalCents,
    itemCount: artist.itemCount,
    country: request.shippingAddress?.country ?? request.countries[artist.orgId] ?? null,
  }))
  const quotes = await loadArtistShippingQuotes(container, destinations)
  const shipping = new Map<string, ArtistShipping>()
  for (const destination of destinations) {
    const choice = chooseArtistShipping({
      orgId: destination.orgId,
      quote: quotes.get(destination.orgId),
      country: destination.country,
      chosenOptionId: request.shippingMethods[destination.orgId],
    })
    if (!choice.ok) {
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, choice.message), { field: choice.field })
    }
    shipping.set(destination.orgId, choice.value)
  }
  return shipping
}

/**
 * Reads the cart (one query), its products' gallery views (one query) and the artists' shipping rates (one query),
 * validates them in the spec's order, groups the lines per organization and computes fees and payouts in cents.
 * Writes nothing.
 */
export const prepareGalleryCheckoutStep = createStep(
  "prepare-gallery-checkout",
  async (input: PrepareGalleryCheckoutInput, { container }) => {
    const { request } = input
    const sessionId = parseCartSessionId(request.sessionId) ?? request.sessionId
    const cartItems = await listCartItems(container, sessionId)
    const products = cartItems.length
      ? await getGalleryProductsByIds(container, cartItems.map((item) => item.product_id))
      : new Map()
    const validated = validateCheckoutCart(
      cartItems.map((item) => ({
        productId: item.product_id,
        quantity: item.quantity,
        product: products.get(item.product_id) ?? null,
      })),
      toCents
    )
    if (!validated.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, validated.message)

    const merchandise = summarizeCheckout(validated.value)
    const summary = withShipping(merchandise.artists, await artistShipping(container, request, merchandise))
    const orderId = entityId("gord")
    const order: PreparedGalleryCheckout["order"] = {
      id: orderId,
      public_id: generateGalleryPublicId(new Date()),
      email: request.email,
      shipping_option: request.shippingOption,
      shipping_address: request.shippingAddress,
      subtotal_cents: summary.fees.subtotalCents,
      shipping_cents: summary.fees.shippingCents,
      gallery_fee_cents: summary.fees.galleryFeeCents,
      stripe_fee_cents: summary.fees.stripeFeeCents,
      total_cents: summary.fees.totalCents,
      transfer_group: galleryTransferGroup(orderId, Date.now()),
      cart_session_id: sessionId,
      referral_session_id: input.referralSessionId,
      artist_orders: summary.artists.map((artist) => ({
        id: entityId("aord"),
        organization_id: artist.orgId,
        artist_name: artist.artistName,
        subtotal_cents: artist.subtotalCents,
        payout_cents: artist.payoutCents,
        shipping_cents: artist.shipping.cents,
        shipping_option_id: artist.shipping.optionId,
        shipping_option_name: artist.shipping.optionName,
        shipping_country: artist.shipping.country,
        // single_address: every artist ships to the one address; per_artist: supplied later per artist order.
        shipping_address: request.shippingAddress,
        items: artist.lines.map((line) => ({
          id: entityId("aoi"),
          product_id: line.productId,
          variant_id: line.variantId,
          product_name: line.productName,
          quantity: line.quantity,
          price_cents: line.priceCents,
          image: line.image,
        })),
      })),
    }
    return new StepResponse<PreparedGalleryCheckout>({ order, amounts: checkoutResponseAmounts(summary) })
  }
)
