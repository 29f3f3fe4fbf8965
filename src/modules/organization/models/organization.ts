import { model } from "@medusajs/framework/utils"
import { ArtistProduct } from "./artist-product"
import { Membership } from "./membership"
import { OrganizationSettings } from "./organization-settings"

export const ORGANIZATION_PLANS = ["starter", "growth", "pro"] as const
export type OrganizationPlan = (typeof ORGANIZATION_PLANS)[number]

/** An artist (or studio) selling on Atelier. Linked 1:1 to a Medusa sales channel that holds its products. */
export const Organization = model
  .define("organization", {
    id: model.id({ prefix: "org" }).primaryKey(),
    name: model.text().searchable(),
    slug: model.text().unique(),
    plan: model.enum([...ORGANIZATION_PLANS]).default("starter"),
    founding_artist_since: model.dateTime().nullable(),
    gallery_approved: model.boolean().default(false),
    /** The Connect Express account payouts go to (`acct_...`), created by payout onboarding. */
    stripe_account_id: model.text().nullable(),
    /** The account's state as the payment provider last reported it (onboarding, `account.updated`). */
    charges_enabled: model.boolean().default(false),
    payouts_enabled: model.boolean().default(false),
    details_submitted: model.boolean().default(false),
    /** The account's `transfers` capability is active: with payouts_enabled, transfers may be sent to it. */
    transfers_active: model.boolean().default(false),
    account_synced_at: model.dateTime().nullable(),
    /** Days after shipment its customers may ask for a return (docs/returns.md); 0: no returns. */
    return_window_days: model.number().default(30),
    is_guest: model.boolean().default(false),
    expires_at: model.dateTime().nullable(),
    /** When the expiry job first saw this guest workspace expired (expires_at alone decides access). */
    expired_at: model.dateTime().nullable(),
    memberships: model.hasMany(() => Membership, { mappedBy: "organization" }),
    artist_products: model.hasMany(() => ArtistProduct, { mappedBy: "organization" }),
    settings: model.hasOne(() => OrganizationSettings, { mappedBy: "organization" }),
  })
  .cascades({ delete: ["memberships", "artist_products", "settings"] })
  .indexes([{ on: ["gallery_approved"] }])
