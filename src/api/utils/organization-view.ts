import type { InferTypeOf } from "@medusajs/framework/types"
import type { Organization } from "../../modules/organization/models/organization"

export type OrganizationRecord = InferTypeOf<typeof Organization>

/** The organization as the gallery and admin routes show it (camelCase like the spec's gallery resources). */
export function organizationView(org: Omit<OrganizationRecord, "memberships" | "artist_products">) {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    plan: org.plan,
    galleryApproved: org.gallery_approved,
    foundingArtistSince: org.founding_artist_since ?? null,
    stripeAccountConnected: Boolean(org.stripe_account_id),
    isGuest: org.is_guest,
    expiresAt: org.expires_at ?? null,
    createdAt: org.created_at,
    updatedAt: org.updated_at,
  }
}
