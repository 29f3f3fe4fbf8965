import { model } from "@medusajs/framework/utils"

/**
 * The sandbox organization paired with a live one (spec 9.3), created with its first sandbox key: an organization
 * of its own (own sales channel, products and orders, never gallery approved), reached only by sandbox keys.
 * Unique on both sides: one sandbox per organization, and a sandbox serves one organization.
 */
export const SandboxOrganization = model
  .define("platform_sandbox_organization", {
    id: model.id({ prefix: "sbxorg" }).primaryKey(),
    organization_id: model.text(),
    sandbox_organization_id: model.text(),
  })
  .indexes([
    { on: ["organization_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["sandbox_organization_id"], unique: true, where: "deleted_at IS NULL" },
  ])
