import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Channel } from "../../../lib/channels"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../modules/channels"

export type RecordChannelListingsInput = {
  organization_id: string
  channel: Channel
  listings: { listing_id: string; product_id: string }[]
}

/**
 * Remembers which product each imported listing became. The unique (organization, channel, listing) index refuses a
 * listing recorded meanwhile, which fails the workflow and so deletes the products just made (no duplicate).
 * Compensation forgets these records again.
 */
export const recordChannelListingsStep = createStep(
  "record-channel-listings",
  async (input: RecordChannelListingsInput, { container }) => {
    if (!input.listings.length) return new StepResponse([], [] as string[])
    const channels: ChannelsModuleService = container.resolve(CHANNELS_MODULE)
    const rows = await channels.createChannelListings(
      input.listings.map((listing) => ({
        organization_id: input.organization_id,
        channel: input.channel,
        listing_id: listing.listing_id,
        product_id: listing.product_id,
      }))
    )
    return new StepResponse(rows, rows.map((row) => row.id))
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    const channels: ChannelsModuleService = container.resolve(CHANNELS_MODULE)
    await channels.deleteChannelListings(ids)
  }
)
