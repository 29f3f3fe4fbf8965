import type { MedusaContainer } from "@medusajs/framework/types"
import type { ImportedListing } from "../../lib/channel-listings"
import type { Channel } from "../../lib/channels"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../modules/channels"
import { withLock } from "../../workflows/common/locks"
import { importChannelListingsWorkflow } from "../../workflows/channels/workflows/import-channel-listings"

/** Products made per workflow run: each batch is all or nothing, and a long import keeps what it finished. */
export const IMPORT_BATCH_SIZE = 50
/** How long an import waits for one of the same shop already running (seconds). */
const IMPORT_LOCK_TIMEOUT_SECONDS = 120

export type ImportedProduct = { listing_id: string; product_id: string; title: string; created: boolean }

export type ImportResult = { channel: Channel; created: number; already_imported: number; products: ImportedProduct[] }

/**
 * `POST /api/channels/{channel}/import` (docs/marketplace-channels.md): reads the shop's listings (renewing the access
 * token first when it has expired) and makes a draft product of each listing not imported before. Idempotent by
 * listing: a listing already imported is answered with its product, never made twice. One import per organization and
 * channel at a time (Medusa's locking module, shared across processes with Redis), so two racing imports cannot both
 * see a listing as new; the unique listing index backs this up.
 */
export async function importChannelListings(
  container: MedusaContainer,
  input: { organizationId: string; channel: Channel; now: Date }
): Promise<ImportResult> {
  const channels: ChannelsModuleService = container.resolve(CHANNELS_MODULE)
  const { organizationId, channel } = input
  return withLock(
    container,
    `channel-import:${organizationId}:${channel}`,
    IMPORT_LOCK_TIMEOUT_SECONDS,
    async () => {
      const listings = await channels.fetchListings(organizationId, channel, input.now)
      const known = listings.length
        ? await channels.listChannelListings(
            { organization_id: organizationId, channel, listing_id: listings.map((listing) => listing.listing_id) },
            { select: ["listing_id", "product_id"] }
          )
        : []
      const productOf = new Map(known.map((row) => [row.listing_id, row.product_id]))
      const fresh = listings.filter((listing) => !productOf.has(listing.listing_id))
      const created = new Set<string>()
      for (let start = 0; start < fresh.length; start += IMPORT_BATCH_SIZE) {
        const batch: ImportedListing[] = fresh.slice(start, start + IMPORT_BATCH_SIZE)
        const { result } = await importChannelListingsWorkflow(container).run({
          input: { organization_id: organizationId, channel, listings: batch },
        })
        for (const row of result.listings) {
          productOf.set(row.listing_id, row.product_id)
          created.add(row.listing_id)
        }
      }
      return {
        channel,
        created: created.size,
        already_imported: listings.length - created.size,
        products: listings.map((listing) => ({
          listing_id: listing.listing_id,
          product_id: productOf.get(listing.listing_id)!,
          title: listing.title,
          created: created.has(listing.listing_id),
        })),
      }
    }
  )
}
