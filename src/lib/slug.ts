// Collection slugs: lowercase, hyphen-separated, no special characters (spec part 2, Collection).

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function isValidSlug(value: string): boolean {
  return SLUG_PATTERN.test(value)
}

/**
 * "Café Prints & Posters!" -> "cafe-prints-posters". Accents are folded to ASCII, every other run of
 * non-alphanumerics becomes one hyphen. Returns "" when nothing usable is left, so check isValidSlug.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
}
