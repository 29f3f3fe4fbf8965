import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PRODUCT_MESSAGES, slugCandidates, slugFromTitle } from "../../../lib/dashboard-products"

export type ResolveArtistProductHandlesInput = {
  products: { title: string; handle?: string | null }[]
  /** The product being updated: its own handle is not "taken". */
  exclude_product_id?: string | null
}

const taken = (handle: string) =>
  Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, PRODUCT_MESSAGES.slugTaken(handle)), { field: "slug" })

/**
 * Reads (never writes) the handle of each product: a given one must be free (400 when another product, not deleted,
 * has it); a missing one is generated from the title ("Fjord at Dawn" -> fjord-at-dawn, else fjord-at-dawn-2, ...).
 * Medusa's unique index on product.handle still refuses a handle taken between this read and the write.
 */
export const resolveArtistProductHandlesStep = createStep(
  "resolve-artist-product-handles",
  async (input: ResolveArtistProductHandlesInput, { container }) => {
    const productModule = container.resolve(Modules.PRODUCT)
    const wanted = input.products.map((product) =>
      product.handle ? [product.handle] : slugCandidates(slugFromTitle(product.title))
    )
    const existing = await productModule.listProducts({ handle: [...new Set(wanted.flat())] }, { select: ["id", "handle"] })
    const used = new Set(existing.filter((p) => p.id !== input.exclude_product_id).map((p) => p.handle))
    const handles = input.products.map((product, i) => {
      const handle = product.handle ? (used.has(product.handle) ? null : product.handle) : wanted[i].find((h) => !used.has(h))
      if (product.handle && !handle) throw taken(product.handle)
      // All twenty candidates taken: a random suffix is as readable and free with near certainty.
      const chosen = handle ?? `${wanted[i][0]}-${Math.random().toString(36).slice(2, 8)}`
      used.add(chosen)
      return chosen
    })
    return new StepResponse(handles)
  }
)
