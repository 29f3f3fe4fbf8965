import type { ICustomerModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * The Medusa customer of each email (lower-cased): an existing one (with an account or a guest), else a new guest
 * customer, as Medusa's own checkout does (findOrCreateCustomerStep), for many emails in two module calls.
 * Compensation deletes the customers this step created.
 */
export const findOrCreateGuestCustomersStep = createStep(
  "find-or-create-guest-customers",
  async (input: { emails: string[] }, { container }) => {
    const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))]
    if (!emails.length) return new StepResponse<Record<string, string>, string[]>({}, [])
    const customers: ICustomerModuleService = container.resolve(Modules.CUSTOMER)
    const existing = await customers.listCustomers({ email: emails }, { select: ["id", "email", "has_account"] })
    const byEmail: Record<string, string> = {}
    // An account holder wins over a guest record of the same email.
    for (const c of [...existing].sort((a, b) => Number(a.has_account) - Number(b.has_account))) {
      if (c.email) byEmail[c.email.toLowerCase()] = c.id
    }
    const missing = emails.filter((email) => !byEmail[email])
    const created = missing.length ? await customers.createCustomers(missing.map((email) => ({ email }))) : []
    for (const c of created) byEmail[(c.email as string).toLowerCase()] = c.id
    return new StepResponse(byEmail, created.map((c) => c.id))
  },
  async (createdIds, { container }) => {
    if (!createdIds?.length) return
    await container.resolve<ICustomerModuleService>(Modules.CUSTOMER).deleteCustomers(createdIds)
  }
)
