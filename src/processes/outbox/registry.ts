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
  GALLERY_REFUND_MONEY_HANDLER,
  GALLERY_RETURN_HANDLERS,
  type GalleryReturnPayload,
  GALLERY_REFUND_SUCCEEDED_HANDLERS,
  type GalleryRefundPayload,
  type OrganizationPayoutsReadyPayload,
  STORE_ORDER_PAID_HANDLERS,
  type StoreOrderPaidPayload,
} from "../../lib/outbox"
import { sendAddressChangeEmails } from "./handlers/address-change-email"
import {
  cancelGalleryOrderMirrors,
  mirrorPaidGalleryOrders,
  recordGalleryRefundInOrderBook,
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
import { queueRefundWebhooks, sendRefundEmails } from "./handlers/refund-notices"
import { settleRefund } from "../refunds/refunds"
import { settleStoreRefund } from "../refunds/store-refunds"
import { recordReturnInOrderBook, refundReceivedReturnMessage } from "../returns/returns"
import { queueReturnWebhooks, sendReturnEmails } from "./handlers/return-notices"
import { sendShipmentEmail } from "./handlers/shipment-email"
import {
  sendDisputeEmails,
  sendProviderRefundEmail,
  settleDisputeReversals,
  transferDisputeReleasedPayouts,
} from "./handlers/disputes"
import {
  GALLERY_DISPUTE_EMAILS_HANDLER,
  GALLERY_DISPUTE_REVERSALS_HANDLER,
  GALLERY_DISPUTE_TRANSFERS_HANDLER,
  GALLERY_PROVIDER_REFUND_EMAIL_HANDLER,
  type GalleryDisputePayload,
  type GalleryProviderRefundPayload,
} from "../../lib/outbox"
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
  // Refunds (docs/refunds.md): the money once, then who hears of it and the order book.
  [GALLERY_REFUND_MONEY_HANDLER]: eachOf<GalleryRefundPayload>((container, payload) =>
    payload.kind === "store" ? settleStoreRefund(container, payload.id) : settleRefund(container, payload.id)
  ),
  [GALLERY_REFUND_SUCCEEDED_HANDLERS.emails]: eachOf<GalleryRefundPayload>(sendRefundEmails),
  [GALLERY_REFUND_SUCCEEDED_HANDLERS.organizationWebhooks]: eachOf<GalleryRefundPayload>(queueRefundWebhooks),
  [GALLERY_REFUND_SUCCEEDED_HANDLERS.medusaOrderBook]: eachOf<GalleryRefundPayload>(recordGalleryRefundInOrderBook),
  // Disputes (docs/disputes.md): a lost one's reversals, the transfers a closed one releases, the emails of each
  // status; and the administrators' email about a refund made in the provider's dashboard.
  [GALLERY_DISPUTE_REVERSALS_HANDLER]: eachOf<GalleryDisputePayload>(settleDisputeReversals),
  [GALLERY_DISPUTE_TRANSFERS_HANDLER]: eachOf<GalleryDisputePayload>(transferDisputeReleasedPayouts),
  [GALLERY_DISPUTE_EMAILS_HANDLER]: eachOf<GalleryDisputePayload>(sendDisputeEmails),
  [GALLERY_PROVIDER_REFUND_EMAIL_HANDLER]: eachOf<GalleryProviderRefundPayload>(sendProviderRefundEmail),
  // Returns (docs/returns.md): who hears of each step; a received return's refund and its order book record.
  [GALLERY_RETURN_HANDLERS.emails]: eachOf<GalleryReturnPayload>(sendReturnEmails),
  [GALLERY_RETURN_HANDLERS.organizationWebhooks]: eachOf<GalleryReturnPayload>(queueReturnWebhooks),
  [GALLERY_RETURN_HANDLERS.refund]: eachOf<GalleryReturnPayload>(refundReceivedReturnMessage),
  [GALLERY_RETURN_HANDLERS.medusaOrderBook]: eachOf<GalleryReturnPayload>(recordReturnInOrderBook),
  // The organizations' outbound webhooks (docs/outbound-webhooks.md): one query per batch when nobody listens.
  [GALLERY_ORDER_PAID_HANDLERS.organizationWebhooks]: (container, payloads) =>
    queueGalleryOrderPaidWebhooks(container, payloads as GalleryOrderPaidPayload[]),
  [GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS.organizationWebhooks]: eachOf<ArtistOrderShippedPayload>(queueArtistOrderShippedWebhooks),
  [GALLERY_ORDER_CANCELLED_HANDLERS.organizationWebhooks]: eachOf<GalleryOrderCancelledPayload>(queueGalleryOrderCancelledWebhooks),
  [STORE_ORDER_PAID_HANDLERS.organizationWebhooks]: (container, payloads) =>
    queueStoreOrderPaidWebhooks(container, payloads as StoreOrderPaidPayload[]),
}
