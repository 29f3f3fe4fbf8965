import { z } from "@medusajs/framework/zod"

export const GALLERY_ARTIST_WORKS_DEFAULT_LIMIT = 24
export const GALLERY_ARTIST_WORKS_MAX_PAGE = 100
/** Longer slugs name no artist: answered 404 without a query. */
export const MAX_ARTIST_SLUG_LENGTH = 100

export const ARTIST_MESSAGES = {
  notFound: "Artist not found",
  limit: `limit must be a whole number from 1 to ${GALLERY_ARTIST_WORKS_MAX_PAGE}`,
  offset: "offset must be a whole number of 0 or more",
} as const

/** GET /api/gallery/artists/{slug} query: the page of the artist's works. Unknown parameters are refused. */
export const GalleryArtistQuery = z
  .object({
    limit: z.coerce
      .number({ error: ARTIST_MESSAGES.limit })
      .int({ error: ARTIST_MESSAGES.limit })
      .min(1, { error: ARTIST_MESSAGES.limit })
      .max(GALLERY_ARTIST_WORKS_MAX_PAGE, { error: ARTIST_MESSAGES.limit })
      .default(GALLERY_ARTIST_WORKS_DEFAULT_LIMIT),
    offset: z.coerce
      .number({ error: ARTIST_MESSAGES.offset })
      .int({ error: ARTIST_MESSAGES.offset })
      .min(0, { error: ARTIST_MESSAGES.offset })
      .max(1_000_000, { error: ARTIST_MESSAGES.offset })
      .default(0),
  })
  .strict()
export type GalleryArtistQuery = z.infer<typeof GalleryArtistQuery>
