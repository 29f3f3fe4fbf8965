import type { CreateOrderDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createOrdersStep, createRemoteLinkStep, findOrCreateCustomerStep } from "@medusajs/medusa/core-flows"
import { fromCents } from "../../../lib/money"
import { galleryMirrorMetadata, toMedusaAddress, type GalleryAddress } from "../../../lib/order-book"
import { GALLERY_MODULE } from "../../../modules/gallery"
import { ORDER_BOOK_SHIPPING_OPTION_NAME } from "../../../order-book/shipping-setup"
import { loadArtistOrderMirrorSourceStep, type ArtistOrderMirrorSource } from "../steps/load-artist-order-mirror-source"

export type MirrorArtistOrderResult = { orderId: string | null; created: boolean }

/** The Medusa order of a paid artist order (see docs/order-book.md for each field). */
export function mirrorOrderInput(mirror: ArtistOrderMirrorSource, customerId: string | undefined): CreateOrderDTO {
  const { source, setup } = mirror
  // A per-artist order carries its own address; a single-address order the parent's.
  const address = toMedusaAddress(
    (source.artist_shipping_address ?? source.gallery_shipping_address) as GalleryAddress | null
  )
  return {
    region_id: setup.regionId,
    sales_channel_id: source.sales_channel_id ?? undefined,
    customer_id: customerId,
    email: source.email,
    currency_code: "usd",
    status: "pending",
    shipping_address: address ?? undefined,
    billing_address: address ?? undefined,
    items: source.items.map((item) => ({
      title: item.product_name,
      product_title: item.product_name,
      product_id: item.product_id,
      variant_id: item.variant_id ?? undefined,
      variant_sku: item.sku ?? undefined,
      thumbnail: item.image ?? undefined,
      quantity: item.quantity,
      unit_price: fromCents(item.price_cents),
      requires_shipping: true,
      // The gallery line it mirrors: the fulfilment hands that line's stock reservation over to this one.
      metadata: { artist_order_item_id: item.id },
    })),
    // The gallery charges no shipping: the artist ships, the method records how.
    shipping_methods: [{ name: ORDER_BOOK_SHIPPING_OPTION_NAME, amount: 0, shipping_option_id: setup.shippingOptionId }],
    metadata: galleryMirrorMetadata({
      publicId: source.public_id,
      galleryOrderId: source.gallery_order_id,
      artistOrderId: source.artist_order_id,
    }),
  } as CreateOrderDTO
}

/**
 * Mirrors one paid gallery artist order as a Medusa order in its organization's sales channel, linked to it
 * (src/links/artist-order-order.ts). Idempotent: an existing mirror is returned; an orphan one (created by a run that
 * died before its link) is linked instead of duplicated. No inventory is reserved: the gallery settlement holds the
 * stock (docs/order-book.md, "Stock"). Failures compensate (the order and a new guest customer are deleted). Run it
 * through ensureArtistOrderMirror (src/order-book/sync.ts), which holds the artist order's lock.
 */
export const mirrorArtistOrderWorkflow = createWorkflow(
  "mirror-artist-order",
  (input: { artistOrderId: string }) => {
    const mirror = loadArtistOrderMirrorSourceStep(input)

    const createdId = when("order-book-needs-order", { mirror }, ({ mirror }) => mirror.needsOrder).then(() => {
      const customer = findOrCreateCustomerStep(transform({ mirror }, ({ mirror }) => ({ email: mirror.source.email })))
      const orderInput = transform({ mirror, customer }, ({ mirror, customer }) => [
        mirrorOrderInput(mirror, customer.customer?.id),
      ])
      const orders = createOrdersStep(orderInput)
      return transform({ orders }, ({ orders }) => orders[0].id)
    })

    const linkInput = transform({ mirror, createdId }, ({ mirror, createdId }) => {
      const orderId = createdId ?? (mirror.needsLink ? mirror.existingOrderId : null)
      if (!orderId) return []
      return [
        {
          [GALLERY_MODULE]: { gallery_artist_order_id: mirror.source.artist_order_id },
          [Modules.ORDER]: { order_id: orderId },
        },
      ]
    })
    createRemoteLinkStep(linkInput)

    const result = transform({ mirror, createdId }, ({ mirror, createdId }): MirrorArtistOrderResult => ({
      orderId: createdId ?? mirror.existingOrderId,
      created: !!createdId,
    }))
    return new WorkflowResponse(result)
  }
)
