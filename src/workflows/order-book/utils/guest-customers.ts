import type { ICustomerModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * The Medusa customer of each email (lower-cased): an existing one (with an account or a guest), else a new guest
 * customer, as Medusa's own checkout does (findOrCreateCustomerStep), for many emails in two module calls. Returns
 * email -> customer id and the ids of the customers made now.
 */
export async function findOrCreateGuestCustomers(
  container: Pick<MedusaContainer, "resolve">,
  emails: string[]
): Promise<{ byEmail: Record<string, string>; createdIds: string[] }> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))]
  if (!wanted.length) return { byEmail: {}, createdIds: [] }
  const customers: ICustomerModuleService = container.resolve(Modules.CUSTOMER)
  const existing = await customers.listCustomers({ email: wanted }, { select: ["id", "email", "has_account"] })
  const byEmail: Record<string, string> = {}
  // An account holder wins over a guest record of the same email.
  for (const c of [...existing].sort((a, b) => Number(a.has_account) - Number(b.has_account))) {
    if (c.email) byEmail[c.email.toLowerCase()] = c.id
  }
  const missing = wanted.filter((email) => !byEmail[email])
  const created = missing.length ? await customers.createCustomers(missing.map((email) => ({ email }))) : []
  for (const c of created) byEmail[(c.email as string).toLowerCase()] = c.id
  return { byEmail, createdIds: created.map((c) => c.id) }
}
