import type { SpotlightRecord } from "../../../../queries/curation"

/** The spec's spotlight (part 2): camelCase, with its organization {name, slug} (null if it no longer exists). */
export function spotlightView(s: SpotlightRecord) {
  return {
    id: s.id,
    orgId: s.organization_id,
    title: s.title,
    description: s.description ?? null,
    featuredImage: s.featured_image ?? null,
    isActive: s.is_active,
    publishedAt: s.published_at,
    expiresAt: s.expires_at ?? null,
    organization: s.organization ? { name: s.organization.name, slug: s.organization.slug } : null,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  }
}
