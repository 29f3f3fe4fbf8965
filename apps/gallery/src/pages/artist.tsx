import { Button, Heading, Text } from "@medusajs/ui"
import type { CSSProperties } from "react"
import { GALLERY_APP_TITLE } from "../../../../src/lib/page-title"
import { socialLinkList, storefrontPalette } from "../../../../src/lib/storefront-theme"
import { AtelierApiError, type GalleryArtist } from "../../../../src/sdk"
import { usePageTitle } from "../../../shared/page-title"
import { Link, useRouter } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { ProductCard } from "../components/product-card"
import { EmptyState, ErrorState, LoadingGrid } from "../components/states"
import { sdk } from "../sdk"

const PAGE_SIZE = 12

/**
 * The artist's banner in the colours and type of its storefront theme (and its own colours): name, bio (its line
 * breaks kept) and social links.
 */
function ArtistBanner({ artist, count }: { artist: GalleryArtist; count: number }) {
  const palette = storefrontPalette({ theme: artist.theme, custom_colors: artist.customColors })
  const links = socialLinkList(artist.socialLinks)
  const style: CSSProperties = { background: palette.background, color: palette.text, borderColor: palette.accent }
  const type = palette.font === "serif" ? "font-serif" : "font-sans"
  return (
    <section
      aria-labelledby="artist-name"
      data-theme={artist.theme}
      style={style}
      className="shadow-elevation-card-rest flex flex-col gap-3 rounded-lg border-t-4 p-6 md:p-8"
    >
      <Text size="small" weight="plus" className="uppercase tracking-wide" style={{ color: palette.secondary }}>
        Artist
      </Text>
      <Heading level="h1" id="artist-name" className={`text-3xl ${type}`} style={{ color: palette.text }}>
        {artist.name}
      </Heading>
      {artist.bio && (
        <p className={`txt-medium max-w-2xl whitespace-pre-line ${type}`} data-testid="artist-bio">
          {artist.bio}
        </p>
      )}
      {links.length > 0 && (
        <ul className="flex flex-wrap gap-x-5 gap-y-1" aria-label={`${artist.name} elsewhere`}>
          {links.map((link) => (
            <li key={link.network}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="txt-compact-small-plus underline underline-offset-4"
                style={{ color: palette.primary }}
                data-social={link.network}
              >
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <Text size="small" style={{ color: palette.secondary }}>
        {count} {count === 1 ? "work" : "works"} in the gallery
      </Text>
    </section>
  )
}

/** /artists/{slug}: a gallery-approved artist's banner and works, 12 a page (`?offset=` in the URL). */
export function ArtistPage({ slug }: { slug: string }) {
  const { query, go } = useRouter()
  const offset = Math.max(0, Math.floor(Number(query.get("offset")) || 0))
  const page = useAsync(() => sdk.gallery.artists.retrieve(slug, { limit: PAGE_SIZE, offset }), [slug, offset])
  const missing = page.status === "error" && page.error instanceof AtelierApiError && page.error.status === 404
  usePageTitle(page.status === "success" ? page.data.artist.name : missing ? "Artist not found" : null, GALLERY_APP_TITLE)
  const goTo = (next: number) => go(next > 0 ? `/artists/${encodeURIComponent(slug)}?offset=${next}` : `/artists/${encodeURIComponent(slug)}`)

  if (page.status === "loading") return <LoadingGrid label="Loading the artist" />
  if (page.status === "error") {
    if (missing) {
      return (
        <EmptyState title="Artist not found">
          <Text className="text-ui-fg-subtle">This artist is not in the gallery, or the address has a typo.</Text>
          <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
            Browse the gallery
          </Link>
        </EmptyState>
      )
    }
    return <ErrorState title="This artist cannot be shown" error={page.error} onRetry={page.reload} />
  }
  const { artist, products, count } = page.data
  return (
    <div className="flex flex-col gap-6" data-artist-page={artist.slug}>
      <ArtistBanner artist={artist} count={count} />
      {products.length === 0 ? (
        <EmptyState title={offset > 0 ? "No more works" : `${artist.name} has no works in the gallery right now`}>
          {offset > 0 ? (
            <Button variant="secondary" size="small" onClick={() => goTo(0)}>
              First page
            </Button>
          ) : (
            <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
              Browse the gallery
            </Link>
          )}
        </EmptyState>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
          {count > PAGE_SIZE && (
            <div className="flex items-center justify-between">
              <Button variant="secondary" size="small" disabled={offset === 0} onClick={() => goTo(Math.max(0, offset - PAGE_SIZE))}>
                Previous
              </Button>
              <Text size="small" className="text-ui-fg-subtle">
                {offset + 1}–{offset + products.length} of {count}
              </Text>
              <Button variant="secondary" size="small" disabled={offset + PAGE_SIZE >= count} onClick={() => goTo(offset + PAGE_SIZE)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
