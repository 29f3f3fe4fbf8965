import type { ICustomerModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { findOrCreateGuestCustomers } from "../utils/guest-customers"

/**
 * The Medusa customer of each email (lower-cased), found or made as a guest (workflows/order-book/utils/guest-customers.ts).
 * Compensation deletes the customers this step created.
 */
export const findOrCreateGuestCustomersStep = createStep(
  "find-or-create-guest-customers",
  async (input: { emails: string[] }, { container }) => {
    const { byEmail, createdIds } = await findOrCreateGuestCustomers(container, input.emails)
    return new StepResponse(byEmail, createdIds)
  },
  async (createdIds, { container }) => {
    if (!createdIds?.length) return
    await container.resolve<ICustomerModuleService>(Modules.CUSTOMER).deleteCustomers(createdIds)
  }
)
