import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ArtistSettableStatus } from "../../../lib/gallery-fulfilment"
import type { GalleryOrderStatus } from "../../../lib/gallery-order-status"
import { artistOrderDeliveredMessages } from "../../../lib/outbox"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"

export type SetArtistOrderStatusInput = {
  artistOrderId: string
  /** The organization the caller acts for (membership already checked): it must own the artist order. */
  organizationId: string
  /** Any requested value: only paid -> processing and shipped -> delivered are allowed. */
  status: string
}

export type ArtistOrderStatusChange = {
  id: string
  galleryOrderId: string
  from: string
  status: ArtistSettableStatus
  parentOrderStatus: GalleryOrderStatus
}

/**
 * The transitions the spec leaves to the artist (docs/architecture.md, "Decisions"): paid -> processing and
 * shipped -> delivered, anything else 400 `Cannot move order from X to Y` (GalleryModuleService.setArtistOrderStatus,
 * under the parent's row lock; the parent is stored by rule B).
 * No compensation: this is the workflow's only write.
 */
export const setArtistOrderStatusStep = createStep(
  "set-artist-order-status",
  async (input: SetArtistOrderStatusInput, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    // Queued only when the change is to delivered (the Medusa order book follows; docs/order-book.md).
    const change = await gallery.setArtistOrderStatus({
      ...input,
      deliveredOutbox: artistOrderDeliveredMessages(input.artistOrderId),
    })
    return new StepResponse<ArtistOrderStatusChange>({ id: input.artistOrderId, ...change })
  }
)
