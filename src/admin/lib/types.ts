// Response types of the routes the pages call, taken from the functions that shape those responses on the server
// (type-only imports: nothing of the server is bundled). JSON turns Date into string, which `Json<T>` states.
import type { AdminGalleryOrderListItem } from "../../queries/admin-gallery-orders"
import type { toEmbeddedGalleryProduct } from "../../queries/gallery-products"
import type { AdminAnalytics } from "../../lib/analytics-math"
import type { ArtworkType } from "../../lib/artwork-types"
import type { collectionDetailView, collectionListView } from "../../api/api/admin/collections/collection-view"
import type { AdminGalleryOrderView } from "../../api/api/admin/gallery-orders/gallery-order-view"
import type { spotlightView } from "../../api/api/admin/spotlights/spotlight-view"
import type { organizationView } from "../../api/utils/organization-view"

export type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T

export type Organization = Json<ReturnType<typeof organizationView>>
export type OrganizationList = { organizations: Organization[]; count: number; limit: number; offset: number }

export type CollectionListItem = Json<ReturnType<typeof collectionListView>>
export type CollectionDetail = Json<ReturnType<typeof collectionDetailView>>
export type CollectionItem = CollectionDetail["items"][number]
export type EmbeddedProduct = Json<ReturnType<typeof toEmbeddedGalleryProduct>>

export type GalleryProductHit = EmbeddedProduct & { handle: string; product_type: ArtworkType }
export type GalleryProductList = { products: GalleryProductHit[]; count: number }

export type CollectionPreview = { products: CollectionItem[]; count: number }

export type Spotlight = Json<ReturnType<typeof spotlightView>>

export type GalleryOrderListItem = AdminGalleryOrderListItem
export type GalleryOrderList = { orders: GalleryOrderListItem[]; count: number; limit: number; offset: number }
export type GalleryOrderDetail = AdminGalleryOrderView
export type ArtistOrder = GalleryOrderDetail["artistOrders"][number]

export type Analytics = AdminAnalytics

export type ProductGallery = {
  galleryProduct: {
    id: string
    organization: { id: string; name: string; slug: string; galleryApproved: boolean }
    galleryEligible: boolean
    productType: ArtworkType
    featured: boolean
    isActive: boolean
    price: number | null
    inventory: number | null
    eligibilityFailures: ("not_gallery_eligible" | "organization_not_approved" | "not_active")[]
  } | null
}

export type OrderGallery = {
  source: "gallery" | "store"
  artistOrderId: string | null
  galleryOrder: GalleryOrderDetail | null
}
