import type { MedusaContainer } from "@medusajs/framework/types"
import {
  GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_HANDLERS,
  GALLERY_ARTIST_ORDER_DELIVERED_HANDLERS,
  GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS,
  GALLERY_ORDER_CANCELLED_HANDLERS,
  GALLERY_ORDER_PAID_HANDLERS,
  ORGANIZATION_PAYOUTS_READY_HANDLER,
  type ArtistOrderAddressChangedPayload,
  type ArtistOrderShippedPayload,
  type GalleryOrderCancelledPayload,
  type GalleryOrderPaidPayload,
  type OrganizationPayoutsReadyPayload,
  STORE_ORDER_PAID_HANDLERS,
  type StoreOrderPaidPayload,
} from "../../lib/outbox"
import { sendAddressChangeEmails } from "./handlers/address-change-email"
import {
  cancelGalleryOrderMirrors,
  mirrorPaidGalleryOrders,
  recordPaidStoreOrderPayments,
  syncArtistOrderFulfilment,
} from "./handlers/medusa-order-book"
import { sendGalleryOrderPaidEmails } from "./handlers/order-paid-emails"
import {
  queueArtistOrderShippedWebhooks,
  queueGalleryOrderCancelledWebhooks,
  queueGalleryOrderPaidWebhooks,
  queueStoreOrderPaidWebhooks,
} from "./handlers/organization-webhooks"
import { recordGalleryReferralConversions } from "./handlers/referral-conversions"
import { sendShipmentEmail } from "./handlers/shipment-email"
import { attachStoreOrderCustomers, recordStoreReferralConversion, sendStoreOrderEmails } from "./handlers/store-order-paid"
import { transferOrganizationPayouts } from "./handlers/transfer-organization-payouts"
import { transferGalleryOrdersPayouts } from "./handlers/transfer-payouts"

/** Handles a batch of one handler's messages; throwing means none of them is delivered. */
export type OutboxHandler = (container: MedusaContainer, payloads: Record<string, unknown>[]) => Promise<void>

/** A handler that works one message at a time. */
function eachOf<P>(handle: (container: MedusaContainer, payload: P) => Promise<void>): OutboxHandler {
  return async (container, payloads) => {
    for (const payload of payloads) await handle(container, payload as P)
  }
}

/**
 * The outbox's handlers by name (the `handler` column), each with the payload its topic's messages carry (written by
 * lib/outbox.ts). They take the place of event subscribers for work that must survive a crash: a Medusa subscriber on
 * the in-process event bus is lost with its process. Emails go out in batches (one Notification module call for every
 * order the dispatcher claimed at once); so are transfers (one read, claim and record of the orders' payouts, under
 * their locks).
 */
export const OUTBOX_HANDLERS: Record<string, OutboxHandler> = {
  [GALLERY_ORDER_PAID_HANDLERS.transferPayouts]: (container, payloads) =>
    transferGalleryOrdersPayouts(container, payloads as GalleryOrderPaidPayload[]),
  [GALLERY_ORDER_PAID_HANDLERS.orderPaidEmails]: (container, payloads) =>
    sendGalleryOrderPaidEmails(container, payloads as GalleryOrderPaidPayload[]),
  [GALLERY_ORDER_PAID_HANDLERS.referralConversions]: eachOf(recordGalleryReferralConversions),
  [GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS.shipmentEmail]: eachOf<ArtistOrderShippedPayload>(sendShipmentEmail),
  // The buyer's email about each per-artist address change (docs/decisions.md, "Per-artist addresses").
  [GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_HANDLERS.buyerEmail]: (container, payloads) =>
    sendAddressChangeEmails(container, payloads as ArtistOrderAddressChangedPayload[]),
  // The Medusa order book (docs/order-book.md): paid orders in batches (one workflow), the rest one order at a time,
  // each under its artist orders' locks.
  [GALLERY_ORDER_PAID_HANDLERS.medusaOrderBook]: (container, payloads) =>
    mirrorPaidGalleryOrders(container, payloads as GalleryOrderPaidPayload[]),
  [GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS.medusaFulfilment]: eachOf<ArtistOrderShippedPayload>(syncArtistOrderFulfilment),
  [GALLERY_ARTIST_ORDER_DELIVERED_HANDLERS.medusaDelivery]: eachOf<ArtistOrderShippedPayload>(syncArtistOrderFulfilment),
  [GALLERY_ORDER_CANCELLED_HANDLERS.medusaCancel]: eachOf<GalleryOrderCancelledPayload>(cancelGalleryOrderMirrors),
  [ORGANIZATION_PAYOUTS_READY_HANDLER]: eachOf<OrganizationPayoutsReadyPayload>(transferOrganizationPayouts),
  // Artist stores' sales (docs/store-checkout.md).
  [STORE_ORDER_PAID_HANDLERS.orderEmails]: (container, payloads) =>
    sendStoreOrderEmails(container, payloads as StoreOrderPaidPayload[]),
  [STORE_ORDER_PAID_HANDLERS.referralConversion]: eachOf<StoreOrderPaidPayload>(recordStoreReferralConversion),
  [STORE_ORDER_PAID_HANDLERS.guestCustomer]: (container, payloads) =>
    attachStoreOrderCustomers(container, payloads as StoreOrderPaidPayload[]),
  [STORE_ORDER_PAID_HANDLERS.medusaPayment]: (container, payloads) =>
    recordPaidStoreOrderPayments(container, payloads as StoreOrderPaidPayload[]),
  // The organizations' outbound webhooks (docs/outbound-webhooks.md): one query per batch when nobody listens.
  [GALLERY_ORDER_PAID_HANDLERS.organizationWebhooks]: (container, payloads) =>
    queueGalleryOrderPaidWebhooks(container, payloads as GalleryOrderPaidPayload[]),
  [GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS.organizationWebhooks]: eachOf<ArtistOrderShippedPayload>(queueArtistOrderShippedWebhooks),
  [GALLERY_ORDER_CANCELLED_HANDLERS.organizationWebhooks]: eachOf<GalleryOrderCancelledPayload>(queueGalleryOrderCancelledWebhooks),
  [STORE_ORDER_PAID_HANDLERS.organizationWebhooks]: (container, payloads) =>
    queueStoreOrderPaidWebhooks(container, payloads as StoreOrderPaidPayload[]),
}
