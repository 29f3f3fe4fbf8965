import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ImportedListing } from "../../../lib/channel-listings"
import type { Channel } from "../../../lib/channels"
import { createArtistProductsWorkflow } from "../../artist-product/workflows/create-artist-products"
import { recordChannelListingsStep } from "../steps/record-channel-listings"

export type ImportChannelListingsWorkflowInput = {
  organization_id: string
  channel: Channel
  /** Listings not imported yet (the caller filters), at least one. */
  listings: ImportedListing[]
}

/**
 * Imports marketplace listings as draft Atelier products through the artist product workflow (Medusa product in the
 * organization's sales channel, default variant priced in USD, stock, gallery attributes: not gallery eligible, a
 * print), then records listing -> product. All or nothing: a failure deletes the products made.
 */
export const importChannelListingsWorkflow = createWorkflow(
  "import-channel-listings",
  (input: ImportChannelListingsWorkflowInput) => {
    const productsInput = transform({ input }, ({ input }) => ({
      input: {
        organization_id: input.organization_id,
        products: input.listings.map((listing) => ({
          title: listing.title,
          description: listing.description,
          status: "draft" as const,
          images: listing.images,
          product_type: "print" as const,
          gallery_eligible: false,
          metadata: { imported_from: input.channel, listing_id: listing.listing_id },
          variants: [
            {
              price: listing.price,
              // A marketplace product sold without limit (Gumroad's digital products) keeps no stock in Atelier.
              manage_inventory: listing.quantity !== null,
              inventory_quantity: listing.quantity ?? undefined,
            },
          ],
        })),
      },
    }))
    const products = createArtistProductsWorkflow.runAsStep(productsInput)

    const records = transform({ input, products }, ({ input, products }) => ({
      organization_id: input.organization_id,
      channel: input.channel,
      listings: input.listings.map((listing, i) => ({ listing_id: listing.listing_id, product_id: products[i].id })),
    }))
    recordChannelListingsStep(records)

    return new WorkflowResponse(records)
  }
)
