import type { IInventoryService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import { settledOrder, type LoadedGalleryPayment } from "./load-gallery-order-for-payment"
import { withInventoryLocks } from "../../common/locks"

/** One refund per order, whoever (confirm, webhook, a retry) gets to it. */
export function outOfStockRefundIdempotencyKey(orderId: string): string {
  return `gallery-out-of-stock-refund-${orderId}`
}

/**
 * The payment succeeded but the stock is gone: refund the whole payment through the gateway (idempotent), release
 * whatever an earlier, interrupted run of this settlement had reserved for the order, then cancel the order
 * (payment_failure `out_of_stock`, the refund id, a transition). The cart is kept.
 */
export const cancelGalleryOrderOutOfStockStep = createStep(
  "cancel-gallery-order-out-of-stock",
  async (input: LoadedGalleryPayment, { container }) => {
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const order = settledOrder(input)
    const refund = await payments.createRefund({
      paymentIntentId: order.payment_intent_id as string,
      idempotencyKey: outOfStockRefundIdempotencyKey(order.id),
    })
    const inventoryItemIds = [...new Set(order.items.flatMap((i) => i.inventory.map((l) => l.inventory_item_id)))].sort()
    if (inventoryItemIds.length) {
      const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
      await withInventoryLocks(container, inventoryItemIds, () =>
        inventory.deleteReservationItemsByLineItem(order.items.map((item) => item.id))
      )
    }
    const cancelled = await gallery.cancelOrderOutOfStock({ orderId: order.id, refundId: refund.id })
    return new StepResponse({ refundId: refund.id, cancelled })
  }
)
