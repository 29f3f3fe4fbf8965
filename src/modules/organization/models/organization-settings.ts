import { model } from "@medusajs/framework/utils"
import { EMAIL_DIGEST_FREQUENCIES } from "../../../lib/organization-settings"
import { Organization } from "./organization"

/**
 * An organization's storefront, account and notification settings: one row per organization, created by its first
 * settings change. Every setting is null until an owner sets it; readers fill nulls with the defaults of
 * src/lib/organization-settings.ts, so an organization without a row reads as all defaults.
 */
export const OrganizationSettings = model
  .define("organization_settings", {
    id: model.id({ prefix: "oset" }).primaryKey(),
    bio: model.text().nullable(),
    social_links: model.json().nullable(),
    theme: model.text().nullable(),
    custom_colors: model.json().nullable(),
    display_name: model.text().nullable(),
    email: model.text().nullable(),
    avatar_url: model.text().nullable(),
    email_orders: model.boolean().nullable(),
    email_marketing: model.boolean().nullable(),
    email_digest: model.enum([...EMAIL_DIGEST_FREQUENCIES]).nullable(),
    organization: model.belongsTo(() => Organization, { mappedBy: "settings" }),
  })
  .indexes([{ on: ["organization_id"], unique: true, where: "deleted_at IS NULL" }])
