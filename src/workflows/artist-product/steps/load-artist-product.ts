import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PRODUCT_MESSAGES } from "../../../lib/dashboard-products"
import { getDashboardProductRecord, type DashboardProductRecord } from "../../../queries/dashboard-products"

/** Reads (never writes) an artist product as the dashboard sees it, with its variants in rank order. 404 when unknown. */
export const loadArtistProductStep = createStep(
  "load-artist-product",
  async (input: { product_id: string }, { container }) => {
    const record = await getDashboardProductRecord(container, input.product_id)
    if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_MESSAGES.notFound)
    return new StepResponse<DashboardProductRecord>(record)
  }
)
