import { settingsOf, type StorefrontSettings } from "../lib/organization-settings"
import { toKnex, type PgSource } from "./pg"

/**
 * An artist as the gallery shows it publicly: an organization approved for the gallery, with its storefront settings
 * (defaults where it saved none, src/lib/organization-settings.ts). Account and notification settings stay private.
 */
export type GalleryArtist = { id: string; slug: string; name: string } & StorefrontSettings

type ArtistRow = {
  id: string
  slug: string
  name: string
  bio: string | null
  social_links: StorefrontSettings["social_links"] | null
  theme: StorefrontSettings["theme"] | null
  custom_colors: StorefrontSettings["custom_colors"] | null
}

/**
 * The gallery-approved organization with this slug and its storefront settings, in one statement; null when there is
 * none (unknown, deleted, or not approved: the gallery shows no page for an artist whose works it does not list).
 */
export async function findGalleryArtist(source: PgSource, slug: string): Promise<GalleryArtist | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT o.id, o.slug, o.name, s.bio, s.social_links, s.theme, s.custom_colors
     FROM organization o
     LEFT JOIN organization_settings s ON s.organization_id = o.id AND s.deleted_at IS NULL
     WHERE o.slug = ? AND o.deleted_at IS NULL AND o.gallery_approved = true
     LIMIT 1`,
    [slug]
  )
  const row = rows[0] as ArtistRow | undefined
  if (!row) return null
  return { id: row.id, slug: row.slug, name: row.name, ...settingsOf("storefront", row) }
}
