import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import type { CheckoutOrderInput } from "../../../modules/gallery/service"

/**
 * Records the parent order, its artist orders and items (all pending) in one transaction; compensation deletes
 * them again if a later step fails.
 */
export const createGalleryOrderStep = createStep(
  "create-gallery-order",
  async (input: CheckoutOrderInput, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const created = await gallery.createCheckoutOrder(input)
    return new StepResponse(created, created.id)
  },
  async (orderId, { container }) => {
    if (!orderId) return
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    await gallery.deleteCheckoutOrder(orderId)
  }
)
