import type { CollectionItemWithProduct, CollectionRecord, EvaluatedCollection } from "../../../../queries/curation"
import { toEmbeddedGalleryProduct, type GalleryProduct } from "../../../../queries/gallery-products"

type CollectionFields = Pick<
  CollectionRecord,
  "id" | "slug" | "name" | "description" | "type" | "is_active" | "featured_image" | "created_at" | "updated_at"
>

/** The collection as POST answers it (spec 4.9). */
export function collectionView(c: CollectionFields) {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description ?? null,
    type: c.type,
    isActive: c.is_active,
    featuredImage: c.featured_image ?? null,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  }
}

/** A collection in a list: the same fields plus itemCount. */
export function collectionListView(c: CollectionFields, itemCount: number) {
  return { ...collectionView(c), itemCount }
}

type EmbeddedProduct = ReturnType<typeof toEmbeddedGalleryProduct>

/** How an item's product is shown: the spec's embedded product by default, the list's view in the public detail. */
type ProductView<P> = (product: GalleryProduct) => P

export type DetailItem<P = EmbeddedProduct> = {
  /** Null for the computed items of smart and hybrid collections (they are not stored). */
  id: string | null
  productId: string
  position: number
  product: P | null
}

/** Stored items (manual collections) as the detail view lists them. */
export function storedItemsView(items: CollectionItemWithProduct[]): DetailItem[]
export function storedItemsView<P>(items: CollectionItemWithProduct[], view: ProductView<P>): DetailItem<P>[]
export function storedItemsView(
  items: CollectionItemWithProduct[],
  view: ProductView<unknown> = toEmbeddedGalleryProduct
): DetailItem<unknown>[] {
  return items.map((item) => ({
    id: item.id,
    productId: item.product_id,
    position: item.position,
    product: item.product ? view(item.product) : null,
  }))
}

/** Computed items (smart and hybrid collections): no stored id, positions 0, 1, 2, ... in the computed order. */
export function computedItemsView(products: GalleryProduct[]): DetailItem[]
export function computedItemsView<P>(products: GalleryProduct[], view: ProductView<P>): DetailItem<P>[]
export function computedItemsView(products: GalleryProduct[], view: ProductView<unknown> = toEmbeddedGalleryProduct): DetailItem<unknown>[] {
  return products.map((product, position) => ({ id: null, productId: product.id, position, product: view(product) }))
}

/** GET detail: the list fields, rules (and a hybrid's manualInclusions), and the items in position order. */
export function collectionDetailView(
  c: CollectionFields & Pick<CollectionRecord, "rules" | "manual_inclusions">,
  items: DetailItem[],
  itemCount: number
) {
  return {
    ...collectionListView(c, itemCount),
    rules: c.rules ?? null,
    ...(c.type === "hybrid" ? { manualInclusions: c.manual_inclusions ?? [] } : {}),
    items,
  }
}

/** Builds the detail items and count of any collection from what the queries returned. */
export function detailItems(
  c: Pick<CollectionRecord, "type">,
  stored: CollectionItemWithProduct[],
  evaluated: EvaluatedCollection | undefined
): { items: DetailItem[]; itemCount: number }
export function detailItems<P>(
  c: Pick<CollectionRecord, "type">,
  stored: CollectionItemWithProduct[],
  evaluated: EvaluatedCollection | undefined,
  view: ProductView<P>
): { items: DetailItem<P>[]; itemCount: number }
export function detailItems(
  c: Pick<CollectionRecord, "type">,
  stored: CollectionItemWithProduct[],
  evaluated: EvaluatedCollection | undefined,
  view: ProductView<unknown> = toEmbeddedGalleryProduct
): { items: DetailItem<unknown>[]; itemCount: number } {
  if (c.type === "manual") return { items: storedItemsView(stored, view), itemCount: stored.length }
  return { items: computedItemsView(evaluated?.products ?? [], view), itemCount: evaluated?.count ?? 0 }
}

/** The item as POST /items answers it. */
export function collectionItemView(item: {
  id: string
  collection_id: string
  product_id: string
  position: number
  created_at: Date
}) {
  return {
    id: item.id,
    collectionId: item.collection_id,
    productId: item.product_id,
    position: item.position,
    createdAt: item.created_at,
  }
}
