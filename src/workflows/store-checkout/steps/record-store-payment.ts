import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import type { NewStorePayment } from "../../../modules/gallery/service"

/** Records the store payment (pending) of an intent; an intent already recorded keeps its row. */
export const recordStorePaymentStep = createStep(
  "record-store-payment",
  async (input: NewStorePayment, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const { payment } = await gallery.recordStorePayment(input)
    return new StepResponse(payment)
  }
)
