import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GalleryOrderStatus } from "../../../lib/gallery-order-status"
import { artistOrderShippedMessages } from "../../../lib/outbox"
import { knownCarrier, trackingUrlForCarrier } from "../../../lib/tracking-url"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"

export type ShipArtistOrderInput = {
  artistOrderId: string
  /** The organization the caller acts for (membership already checked): it must own the artist order. */
  organizationId: string
  trackingNumber: string
  /** UPS, USPS, FedEx (any case) or a custom value stored as given; null derives the URL from the number. */
  carrier: string | null
}

export type ShippedArtistOrder = {
  id: string
  galleryOrderId: string
  status: "shipped"
  carrier: string | null
  trackingNumber: string
  trackingUrl: string
  shippedAt: string
  parentOrderStatus: GalleryOrderStatus
}

/**
 * Ships one artist order (GalleryModuleService.shipArtistOrder: 404 / 403 another organization's order / 400 Order
 * already shipped / 400 Order has been cancelled / 400 Order is not paid; tracking stored, the parent's status by
 * rule A) and the customer's shipping email queued in the outbox with it, with the tracking URL derived here from
 * the carrier. No compensation: this is the workflow's only write.
 */
export const shipArtistOrderStep = createStep(
  "ship-artist-order",
  async (input: ShipArtistOrderInput, { container }) => {
    const trackingUrl = trackingUrlForCarrier(input.carrier ?? undefined, input.trackingNumber)
    // A known carrier is stored by its usual name ("ups" -> "UPS"); a custom one as given.
    const carrier = input.carrier === null ? null : (knownCarrier(input.carrier) ?? input.carrier)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const result = await gallery.shipArtistOrder({
      artistOrderId: input.artistOrderId,
      organizationId: input.organizationId,
      trackingNumber: input.trackingNumber,
      trackingUrl,
      carrier,
      outbox: artistOrderShippedMessages(input.artistOrderId),
    })
    return new StepResponse<ShippedArtistOrder>({
      id: input.artistOrderId,
      galleryOrderId: result.galleryOrderId,
      status: "shipped",
      carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl,
      shippedAt: result.shippedAt.toISOString(),
      parentOrderStatus: result.parentOrderStatus,
    })
  }
)
