import type { ILinkModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GALLERY_MODULE } from "../../../modules/gallery"

/** An artist order and the Medusa order that mirrors it (the derivedOrderId of the artist order). */
export type MirrorLink = { artistOrderId: string; orderId: string }

const pairs = (links: MirrorLink[]): [string, string][] => links.map((l) => [l.artistOrderId, l.orderId])

/** The module service of src/links/artist-order-order.ts (its table: gallery_gallery_artist_order_order_order). */
function artistOrderOrderLinks(container: MedusaContainer): ILinkModule {
  const links = container.resolve(ContainerRegistrationKeys.LINK)
  const service = links.getLinkModule(GALLERY_MODULE, "gallery_artist_order_id", Modules.ORDER, "order_id")
  if (!service) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The artist order <-> order link is not loaded")
  return service
}

/**
 * Links artist orders to their mirrors through the link's own module service rather than Medusa's `link.create`.
 * For a one-to-one link `link.create` first looks for a clashing pair with ONE `LIMIT 1` query over an OR of both
 * columns; PostgreSQL plans it as a scan of the link table that expects to stop early, and a new link never
 * matches, so the scan reads every link (6 ms for 12 links at 8,000 links, growing with every order). One-to-one
 * holds here without that check: a mirror's id derives from its artist order's (derivedOrderId), so an artist order
 * can only ever be paired with one order, and the table's primary key is the pair (creating a pair twice writes it
 * once). docs/order-book.md, "Link". Compensation dismisses the links.
 */
export const linkMirrorOrdersStep = createStep(
  "link-mirror-orders",
  async (links: MirrorLink[], { container }) => {
    if (!links.length) return new StepResponse([], [])
    await artistOrderOrderLinks(container).create(pairs(links))
    return new StepResponse(links, links)
  },
  async (links, { container }) => {
    if (!links?.length) return
    await artistOrderOrderLinks(container).dismiss(pairs(links))
  }
)
