import { Container, Heading, Text } from "@medusajs/ui"
import type { GalleryCollection, GallerySpotlight } from "../../../../src/sdk"
import { Link } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { sdk } from "../sdk"
import { ProductImage } from "./product-card"
import { ErrorState } from "./states"

/** How many collections the home shows before "All collections". */
export const HOME_COLLECTIONS = 3

type Curation = { spotlights: Promise<{ spotlights: GallerySpotlight[] }>; collections: Promise<{ collections: GalleryCollection[] }> }
const early: Partial<Curation> = {}

/**
 * Starts the home's requests for spotlights and collections as the script starts (main.tsx, with the works'), so
 * that they arrive with the works instead of pushing them down afterwards. Each is used once.
 */
export function prefetchHomeCuration() {
  early.spotlights = sdk.gallery.spotlights.list()
  early.collections = sdk.gallery.collections.list()
  // Their failures are shown by the home that takes them over.
  early.spotlights.catch(() => {})
  early.collections.catch(() => {})
}

function takeEarly<K extends keyof Curation>(key: K): Curation[K] | undefined {
  const promise = early[key]
  delete early[key]
  return promise
}

const worksCount = (count: number) => `${count} ${count === 1 ? "work" : "works"}`

/** A collection's or spotlight's featured image (a tile in colours drawn from its name when it has none). */
function FeaturedImage({ url, name, className }: { url: string | null; name: string; className: string }) {
  return <ProductImage product={{ images: url ? [url] : [], name }} className={className} />
}

/** A collection as a card: its picture, name, description and how many works it shows, linking to its page. */
export function CollectionCard({ collection }: { collection: GalleryCollection }) {
  return (
    <Container className="flex flex-col overflow-hidden p-0" data-collection={collection.slug}>
      <Link to={`/collections/${encodeURIComponent(collection.slug)}`} aria-label={collection.name} tabIndex={-1}>
        <FeaturedImage url={collection.featuredImage} name={collection.name} className="aspect-[16/9]" />
      </Link>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Link to={`/collections/${encodeURIComponent(collection.slug)}`} className="txt-compact-medium-plus hover:underline">
          {collection.name}
        </Link>
        {collection.description && (
          <Text size="small" className="text-ui-fg-subtle line-clamp-2">
            {collection.description}
          </Text>
        )}
        <Text size="xsmall" className="text-ui-fg-muted mt-auto pt-1">
          {worksCount(collection.itemCount)}
        </Text>
      </div>
    </Container>
  )
}

/** A spotlight: its picture beside its title and text, and a link to the artist's page. */
function SpotlightCard({ spotlight }: { spotlight: GallerySpotlight }) {
  const artist = spotlight.organization
  return (
    <Container className="grid grid-cols-1 overflow-hidden p-0 md:grid-cols-2" data-spotlight={spotlight.id}>
      <FeaturedImage url={spotlight.featuredImage} name={spotlight.title} className="aspect-[4/3] h-full" />
      <div className="flex flex-col justify-center gap-3 p-6">
        {artist && (
          <Text size="small" weight="plus" className="text-ui-fg-subtle uppercase tracking-wide">
            {artist.name}
          </Text>
        )}
        <Heading level="h3" className="text-2xl">
          {spotlight.title}
        </Heading>
        {spotlight.description && <Text className="text-ui-fg-subtle">{spotlight.description}</Text>}
        {artist && (
          <Link to={`/artists/${encodeURIComponent(artist.slug)}`} className="txt-compact-small-plus text-ui-fg-interactive hover:underline">
            Meet {artist.name} →
          </Link>
        )}
      </div>
    </Container>
  )
}

/**
 * What the administrators curate, above the works on the gallery's home: the spotlights visible now and the newest
 * collections. A part with nothing in it is left out; one that cannot be loaded says so, with "Try again".
 */
export function HomeCuration() {
  const spotlights = useAsync(() => takeEarly("spotlights") ?? sdk.gallery.spotlights.list(), [])
  const collections = useAsync(() => takeEarly("collections") ?? sdk.gallery.collections.list(), [])
  const featured = collections.status === "success" ? collections.data.collections.filter((c) => c.itemCount > 0) : []
  return (
    <>
      {spotlights.status === "error" && <ErrorState title="The spotlights could not be loaded" error={spotlights.error} onRetry={spotlights.reload} />}
      {spotlights.status === "success" && spotlights.data.spotlights.length > 0 && (
        <section aria-labelledby="spotlight-heading" className="flex flex-col gap-3" data-testid="home-spotlights">
          <Heading level="h2" id="spotlight-heading">
            In the spotlight
          </Heading>
          {spotlights.data.spotlights.map((spotlight) => (
            <SpotlightCard key={spotlight.id} spotlight={spotlight} />
          ))}
        </section>
      )}
      {collections.status === "error" && <ErrorState title="The collections could not be loaded" error={collections.error} onRetry={collections.reload} />}
      {featured.length > 0 && (
        <section aria-labelledby="collections-heading" className="flex flex-col gap-3" data-testid="home-collections">
          <div className="flex items-baseline justify-between gap-4">
            <Heading level="h2" id="collections-heading">
              Collections
            </Heading>
            <Link to="/collections" className="txt-compact-small-plus text-ui-fg-interactive hover:underline">
              All collections
            </Link>
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.slice(0, HOME_COLLECTIONS).map((collection) => (
              <CollectionCard key={collection.id} collection={collection} />
            ))}
          </div>
        </section>
      )}
    </>
  )
}
