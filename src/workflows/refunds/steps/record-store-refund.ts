import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { entityId } from "../../../lib/entity-id"
import { galleryRefundRequestedMessages } from "../../../lib/outbox"
import { REFUND_MESSAGES, type RefundRequest } from "../../../lib/refunds"
import { planStoreRefund, type StoreRefundPlan } from "../../../lib/store-refunds"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import type { RecordStoreRefundInput } from "../../../modules/gallery/service"
import { getStoreRefundTarget } from "../../../queries/store-refunds"

export type RecordStoreRefundStepInput = {
  /** The Medusa order the store payment became. */
  orderId: string
  request: RefundRequest
  source: RecordStoreRefundInput["source"]
  reason: string
  requestedBy: string | null
}

export type RecordedStoreRefund = { id: string; plan: StoreRefundPlan }

/**
 * Reads the store payment under the lock, plans the refund (lib/store-refunds.ts; a refusal is a 400 with its
 * message) and records it with its outbox message (`refund-money`, kind `store`) in one transaction.
 */
export const recordStoreRefundStep = createStep(
  "record-store-refund",
  async (input: RecordStoreRefundStepInput, { container }) => {
    const target = await getStoreRefundTarget(container, { orderId: input.orderId })
    if (!target) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    const planned = planStoreRefund(target.refundable, input.request)
    if ("refused" in planned) throw new MedusaError(MedusaError.Types.INVALID_DATA, planned.refused)
    if (!target.paymentIntentId) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.orderNotPaid)
    const id = entityId("sref")
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    await gallery.recordStoreRefund({
      refundId: id,
      storePaymentId: target.storePaymentId,
      organizationId: target.organizationId,
      source: input.source,
      reason: input.reason,
      requestedBy: input.requestedBy,
      plan: planned,
      outbox: galleryRefundRequestedMessages(id, "store"),
    })
    return new StepResponse<RecordedStoreRefund>({ id, plan: planned })
  }
)
