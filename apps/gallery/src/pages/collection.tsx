import { Container, Heading, Text } from "@medusajs/ui"
import { GALLERY_APP_TITLE } from "../../../../src/lib/page-title"
import { AtelierApiError } from "../../../../src/sdk"
import { usePageTitle } from "../../../shared/page-title"
import { Link } from "../../../shared/router"
import { useAsync } from "../../../shared/use-async"
import { CollectionCard } from "../components/curation"
import { ProductCard, ProductImage } from "../components/product-card"
import { EmptyState, ErrorState, LoadingGrid } from "../components/states"
import { sdk } from "../sdk"

const isNotFound = (error: Error) => error instanceof AtelierApiError && error.status === 404

function BrowseLink() {
  return (
    <Link to="/" className="txt-compact-small-plus text-ui-fg-interactive">
      Browse the gallery
    </Link>
  )
}

/** /collections/{slug}: the collection's picture, name and description, and its works in the curator's order. */
export function CollectionPage({ slug }: { slug: string }) {
  const collection = useAsync(() => sdk.gallery.collections.retrieve(slug), [slug])
  const missing = collection.status === "error" && isNotFound(collection.error)
  usePageTitle(collection.status === "success" ? collection.data.collection.name : missing ? "Collection not found" : null, GALLERY_APP_TITLE)

  if (collection.status === "loading") return <LoadingGrid label="Loading the collection" />
  if (collection.status === "error") {
    if (missing) {
      return (
        <EmptyState title="Collection not found">
          <Text className="text-ui-fg-subtle">It may have ended, or its address has a typo.</Text>
          <div className="flex gap-4">
            <Link to="/collections" className="txt-compact-small-plus text-ui-fg-interactive">
              All collections
            </Link>
            <BrowseLink />
          </div>
        </EmptyState>
      )
    }
    return <ErrorState title="This collection cannot be shown" error={collection.error} onRetry={collection.reload} />
  }
  const { collection: shown } = collection.data
  const works = shown.items.map((item) => item.product)
  return (
    <div className="flex flex-col gap-6" data-collection-page={shown.slug}>
      <Link to="/collections" className="txt-compact-small text-ui-fg-subtle hover:underline">
        ← All collections
      </Link>
      <Container className="grid grid-cols-1 overflow-hidden p-0 md:grid-cols-5">
        {shown.featuredImage && (
          <ProductImage product={{ images: [shown.featuredImage], name: shown.name }} size="large" className="aspect-[16/9] h-full md:col-span-3" />
        )}
        <div className={`flex flex-col justify-center gap-2 p-6 ${shown.featuredImage ? "md:col-span-2" : "md:col-span-5"}`}>
          <Text size="small" weight="plus" className="text-ui-fg-subtle uppercase tracking-wide">
            Collection
          </Text>
          <Heading level="h1" className="text-2xl">
            {shown.name}
          </Heading>
          {shown.description && <Text className="text-ui-fg-subtle">{shown.description}</Text>}
          <Text size="small" className="text-ui-fg-muted" data-testid="collection-count">
            {shown.itemCount} {shown.itemCount === 1 ? "work" : "works"}
          </Text>
        </div>
      </Container>
      {works.length === 0 ? (
        <EmptyState title="No works in this collection yet">
          <Text className="text-ui-fg-subtle">The curators have not placed any work here for now.</Text>
          <BrowseLink />
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {works.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </div>
  )
}

/** /collections: every active collection, newest first. */
export function CollectionsPage() {
  const collections = useAsync(() => sdk.gallery.collections.list(), [])
  usePageTitle("Collections", GALLERY_APP_TITLE)
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Heading level="h1">Collections</Heading>
        <Text className="text-ui-fg-subtle">Works chosen by the gallery's curators.</Text>
      </div>
      {collections.status === "loading" && <LoadingGrid label="Loading the collections" />}
      {collections.status === "error" && <ErrorState title="The collections could not be loaded" error={collections.error} onRetry={collections.reload} />}
      {collections.status === "success" && collections.data.collections.length === 0 && (
        <EmptyState title="No collections yet">
          <Text className="text-ui-fg-subtle">The curators have not published a collection yet.</Text>
          <BrowseLink />
        </EmptyState>
      )}
      {collections.status === "success" && collections.data.collections.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {collections.data.collections.map((collection) => (
            <CollectionCard key={collection.id} collection={collection} />
          ))}
        </div>
      )}
    </div>
  )
}
