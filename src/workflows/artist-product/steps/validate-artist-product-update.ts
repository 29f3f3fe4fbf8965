import { MedusaError } from "@medusajs/framework/utils"
import { createStep } from "@medusajs/framework/workflows-sdk"
import { PRODUCT_MESSAGES } from "../../../lib/dashboard-products"
import type { DashboardProductRecord } from "../../../queries/dashboard-products"
import type { UpdateArtistProductWorkflowInput } from "../workflows/update-artist-product"

/** Rules over the product as it is and the update (before any write): a published product needs a price. */
export const validateArtistProductUpdateStep = createStep(
  "validate-artist-product-update",
  async ({ input, record }: { input: UpdateArtistProductWorkflowInput; record: DashboardProductRecord }) => {
    const status = input.status ?? record.medusa_status
    const archived = input.archived ?? Boolean(record.archived_at)
    const price = input.base_price !== undefined ? input.base_price : record.view.base_price
    if (status === "published" && !archived && price === null) {
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, PRODUCT_MESSAGES.publishWithoutPrice), {
        field: "base_price",
      })
    }
  }
)
