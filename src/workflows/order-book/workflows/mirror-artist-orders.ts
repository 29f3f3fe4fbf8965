import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../lib/money"
import { derivedOrderId, galleryMirrorMetadata, toMedusaAddress, type GalleryAddress } from "../../../lib/order-book"
import type { OrderBookSetup } from "../utils/shipping-setup"
import { ORDER_BOOK_SHIPPING_OPTION_NAME } from "../utils/shipping-setup"
import type { OrderBookSource } from "../../../queries/medusa/order-book"
import { createMirrorOrdersStep, type MirrorOrderInput } from "../steps/create-mirror-orders"
import { findOrCreateGuestCustomersStep } from "../steps/find-or-create-guest-customers"
import { linkMirrorOrdersStep, type MirrorLink } from "../steps/link-mirror-orders"
import { loadArtistOrderMirrorSourcesStep } from "../steps/load-artist-order-mirror-sources"

/** artist order id -> its Medusa order (null while unpaid), whether this run created it, the gallery state read. */
export type MirrorArtistOrdersResult = Record<
  string,
  { orderId: string | null; created: boolean; artistStatus: string; galleryStatus: string }
>

/** The Medusa order of a paid artist order (see docs/order-book.md for each field). */
export function mirrorOrderInput(source: OrderBookSource, setup: OrderBookSetup, customerId: string | undefined): MirrorOrderInput {
  // A per-artist order carries its own address; a single-address order the parent's.
  const address = toMedusaAddress((source.artist_shipping_address ?? source.gallery_shipping_address) as GalleryAddress | null)
  return {
    id: derivedOrderId(source.artist_order_id),
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
    // The artist ships: the method is the option of theirs the shopper was charged for (docs/shipping.md), or, for an
    // artist without rates, the order book's free "Shipped by the artist".
    shipping_methods: [
      source.shipping_option_id
        ? { name: source.shipping_option_name ?? ORDER_BOOK_SHIPPING_OPTION_NAME, amount: fromCents(source.shipping_cents), shipping_option_id: source.shipping_option_id }
        : { name: ORDER_BOOK_SHIPPING_OPTION_NAME, amount: 0, shipping_option_id: setup.shippingOptionId },
    ],
    metadata: galleryMirrorMetadata({
      publicId: source.public_id,
      galleryOrderId: source.gallery_order_id,
      artistOrderId: source.artist_order_id,
    }),
  } as MirrorOrderInput
}

/**
 * Mirrors paid gallery artist orders as Medusa orders in their organizations' sales channels, linked to them
 * (src/links/artist-order-order.ts): one read, one customer lookup, one order write and one link call for all of
 * them, so that a dispatch of many paid orders costs one workflow. Idempotent: an existing mirror is kept; an orphan
 * one (made by a run that died before its link) is linked instead of duplicated. No inventory is reserved: the gallery
 * settlement holds the stock (docs/order-book.md, "Stock"). Failures compensate (new orders and guest customers are
 * deleted). Run it through src/processes/order-book/sync.ts, which holds the artist orders' locks.
 */
export const mirrorArtistOrdersWorkflow = createWorkflow(
  "mirror-artist-orders",
  (input: { artistOrderIds: string[] }) => {
    const loaded = loadArtistOrderMirrorSourcesStep(input)
    const toCreate = transform({ loaded }, ({ loaded }) => loaded.mirrors.filter((m) => m.needsOrder))

    const created = when("order-book-needs-orders", { toCreate }, ({ toCreate }) => toCreate.length > 0).then(() => {
      const customers = findOrCreateGuestCustomersStep(
        transform({ toCreate }, ({ toCreate }) => ({ emails: toCreate.map((m) => m.source.email) }))
      )
      const ordersInput = transform({ loaded, toCreate, customers }, ({ loaded, toCreate, customers }) =>
        toCreate.map((m) => mirrorOrderInput(m.source, loaded.setup, customers[m.source.email.trim().toLowerCase()]))
      )
      createMirrorOrdersStep(ordersInput)
      // Each new order's id derives from its artist order's (derivedOrderId).
      return transform({ toCreate }, ({ toCreate }): Record<string, string> =>
        Object.fromEntries(toCreate.map((m) => [m.source.artist_order_id, derivedOrderId(m.source.artist_order_id)]))
      )
    })

    const links = transform({ loaded, created }, ({ loaded, created }): MirrorLink[] =>
      loaded.mirrors.flatMap((m) => {
        const orderId = created?.[m.source.artist_order_id] ?? (m.needsLink ? m.existingOrderId : null)
        return orderId ? [{ artistOrderId: m.source.artist_order_id, orderId }] : []
      })
    )
    linkMirrorOrdersStep(links)

    const result = transform({ loaded, created }, ({ loaded, created }): MirrorArtistOrdersResult =>
      Object.fromEntries(
        loaded.mirrors.map((m) => {
          const newId = created?.[m.source.artist_order_id]
          return [
            m.source.artist_order_id,
            {
              orderId: newId ?? m.existingOrderId,
              created: !!newId,
              artistStatus: m.source.artist_status,
              galleryStatus: m.source.gallery_status,
            },
          ]
        })
      )
    )
    return new WorkflowResponse(result)
  }
)
