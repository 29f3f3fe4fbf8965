// The kinds of work an artist sells through the gallery: an original (one of a kind) or a print.

export const ARTWORK_TYPES = ["original", "print"] as const
export type ArtworkType = (typeof ARTWORK_TYPES)[number]
