import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { getOrderBookSource, type OrderBookSource } from "../../../queries/medusa/order-book"
import { ensureOrderBookSetup, type OrderBookSetup } from "../../../order-book/shipping-setup"

export type ArtistOrderMirrorSource = {
  source: OrderBookSource
  setup: OrderBookSetup
  /** The Medusa order that already mirrors it (linked, or an orphan that gets linked now). */
  existingOrderId: string | null
  /** No Medusa order yet and the artist order was paid: one is created. */
  needsOrder: boolean
  /** An orphan mirror (a run that died before linking) to link now. */
  needsLink: boolean
}

/**
 * Reads the artist order to mirror, its items and gallery order, and the Medusa order that mirrors it already:
 * linked, or marked with its id in metadata but not linked (left by a run that died between the two). 404 for an
 * unknown artist order; an unpaid one is not mirrored. Read-only.
 */
export const loadArtistOrderMirrorSourceStep = createStep(
  "load-artist-order-mirror-source",
  async (input: { artistOrderId: string }, { container }) => {
    const source = await getOrderBookSource(container, input.artistOrderId)
    if (!source) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Artist order ${input.artistOrderId} not found`)
    if (!source.sales_channel_id) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Organization ${source.organization_id} has no sales channel`)
    }
    const setup = await ensureOrderBookSetup(container)
    const existingOrderId = source.linked_order_id ?? source.orphan_order_id
    return new StepResponse<ArtistOrderMirrorSource>({
      source,
      setup,
      existingOrderId,
      needsOrder: !existingOrderId && source.artist_status !== "pending",
      needsLink: !source.linked_order_id && !!source.orphan_order_id,
    })
  }
)
