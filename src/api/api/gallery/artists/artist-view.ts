import type { GalleryArtist } from "../../../../queries/gallery-artists"

/** An artist as GET /api/gallery/artists/{slug} shows it: the organization and its storefront settings, camelCase. */
export function galleryArtistView(artist: GalleryArtist) {
  return {
    id: artist.id,
    slug: artist.slug,
    name: artist.name,
    bio: artist.bio,
    socialLinks: artist.social_links,
    theme: artist.theme,
    customColors: artist.custom_colors,
  }
}

export type GalleryArtistView = ReturnType<typeof galleryArtistView>
