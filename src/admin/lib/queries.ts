import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { api, type Query } from "./api"
import type {
  Analytics,
  CollectionDetail,
  CollectionListItem,
  CollectionPreview,
  GalleryOrderDetail,
  GalleryOrderList,
  GalleryProductList,
  Organization,
  OrganizationList,
  OrderGallery,
  ProductGallery,
  Spotlight,
} from "./types"

/**
 * React Query hooks of the Gallery pages, on the admin's own QueryClient. Every key starts with "atelier" so the
 * extension never collides with the dashboard's keys; mutations invalidate the lists they change.
 */
export const keys = {
  organizations: (query?: Query) => ["atelier", "organizations", query ?? {}] as const,
  collections: ["atelier", "collections"] as const,
  collection: (id: string) => ["atelier", "collections", id] as const,
  spotlights: ["atelier", "spotlights"] as const,
  galleryOrders: (query?: Query) => ["atelier", "gallery-orders", query ?? {}] as const,
  galleryOrder: (id: string) => ["atelier", "gallery-orders", "detail", id] as const,
  analytics: (query: Query) => ["atelier", "analytics", query] as const,
  productSearch: (q: string) => ["atelier", "product-search", q] as const,
  productGallery: (id: string) => ["atelier", "product-gallery", id] as const,
  orderGallery: (id: string) => ["atelier", "order-gallery", id] as const,
}

export function useOrganizations(query: Query = {}) {
  return useQuery({
    queryKey: keys.organizations(query),
    queryFn: () => api.get<OrganizationList>("/api/admin/organizations", { limit: 100, ...query }),
    placeholderData: keepPreviousData,
  })
}

export function useUpdateOrganization() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api.patch<{ organization: Organization }>(`/api/admin/organizations/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["atelier", "organizations"] }),
  })
}

export function useCollections() {
  return useQuery({
    queryKey: keys.collections,
    queryFn: () => api.get<{ collections: CollectionListItem[] }>("/api/admin/collections"),
  })
}

export function useCollection(id: string) {
  return useQuery({
    queryKey: keys.collection(id),
    queryFn: () => api.get<{ collection: CollectionDetail }>(`/api/admin/collections/${id}`),
  })
}

/** Every collection write refreshes the list and the collection's own page. */
export function useCollectionMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.collections }),
  })
}

export function useCollectionPreview(body: Record<string, unknown> | null) {
  return useQuery({
    queryKey: ["atelier", "collection-preview", body],
    queryFn: () => api.post<CollectionPreview>("/api/admin/collections/preview", body),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useProductSearch(q: string) {
  return useQuery({
    queryKey: keys.productSearch(q),
    queryFn: () => api.get<GalleryProductList>("/api/gallery/products", { q, limit: 10 }),
    placeholderData: keepPreviousData,
  })
}

export function useSpotlights() {
  return useQuery({
    queryKey: keys.spotlights,
    queryFn: () => api.get<{ spotlights: Spotlight[] }>("/api/admin/spotlights"),
  })
}

export function useSpotlightMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: keys.spotlights }) })
}

export function useGalleryOrders(query: Query) {
  return useQuery({
    queryKey: keys.galleryOrders(query),
    queryFn: () => api.get<GalleryOrderList>("/api/admin/gallery-orders", query),
    placeholderData: keepPreviousData,
  })
}

export function useGalleryOrder(id: string) {
  return useQuery({
    queryKey: keys.galleryOrder(id),
    queryFn: () => api.get<{ order: GalleryOrderDetail }>(`/api/admin/gallery-orders/${id}`),
  })
}

export function useCancelGalleryOrder() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<{ success: boolean }>(`/api/admin/gallery-orders/${id}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["atelier"] }),
  })
}

export function useAnalytics(query: Query, enabled = true) {
  return useQuery({
    queryKey: keys.analytics(query),
    queryFn: () => api.get<{ analytics: Analytics }>("/api/admin/analytics", query),
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useProductGallery(id: string) {
  return useQuery({
    queryKey: keys.productGallery(id),
    queryFn: () => api.get<ProductGallery>(`/api/admin/products/${id}/gallery`),
  })
}

export function useOrderGallery(id: string) {
  return useQuery({
    queryKey: keys.orderGallery(id),
    queryFn: () => api.get<OrderGallery>(`/api/admin/orders/${id}/gallery`),
  })
}
