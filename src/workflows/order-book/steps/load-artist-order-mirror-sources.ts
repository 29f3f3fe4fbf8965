import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { getOrderBookSources, type OrderBookSource } from "../../../queries/medusa/order-book"
import { ensureOrderBookSetup, type OrderBookSetup } from "../utils/shipping-setup"

export type ArtistOrderMirrorSource = {
  source: OrderBookSource
  /** The Medusa order that already mirrors it (linked, or an orphan that gets linked now). */
  existingOrderId: string | null
  /** No Medusa order yet and the artist order was paid: one is created. */
  needsOrder: boolean
  /** An orphan mirror (a run that died before linking) to link now. */
  needsLink: boolean
}

export type ArtistOrderMirrorSources = { setup: OrderBookSetup; mirrors: ArtistOrderMirrorSource[] }

/**
 * Reads the artist orders to mirror (one statement for all), their items and gallery orders, and the Medusa order
 * that mirrors each already: linked, or marked with its id in metadata but not linked (left by a run that died
 * between the two). 404 for an unknown artist order; an unpaid one is not mirrored. Read-only.
 */
export const loadArtistOrderMirrorSourcesStep = createStep(
  "load-artist-order-mirror-sources",
  async (input: { artistOrderIds: string[] }, { container }) => {
    const sources = await getOrderBookSources(container, input.artistOrderIds)
    const found = new Set(sources.map((s) => s.artist_order_id))
    const missing = input.artistOrderIds.find((id) => !found.has(id))
    if (missing) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Artist order ${missing} not found`)
    const withoutChannel = sources.find((s) => !s.sales_channel_id)
    if (withoutChannel) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Organization ${withoutChannel.organization_id} has no sales channel`)
    }
    const setup = await ensureOrderBookSetup(container)
    return new StepResponse<ArtistOrderMirrorSources>({
      setup,
      mirrors: sources.map((source) => {
        const existingOrderId = source.linked_order_id ?? source.orphan_order_id
        return {
          source,
          existingOrderId,
          needsOrder: !existingOrderId && source.artist_status !== "pending",
          needsLink: !source.linked_order_id && !!source.orphan_order_id,
        }
      }),
    })
  }
)
