import { toEmbeddedGalleryProduct, type GalleryProduct } from "../../../../queries/gallery-products"

/**
 * A product as the public browsing routes show it: the spec's embedded product plus what a storefront lists
 * (handle, original or print, SKU and stock of the default variant).
 */
export function toListedGalleryProduct(product: GalleryProduct) {
  return {
    ...toEmbeddedGalleryProduct(product),
    handle: product.handle,
    product_type: product.product_type,
    sku: product.sku,
    inventory: product.inventory,
  }
}

export type ListedGalleryProduct = ReturnType<typeof toListedGalleryProduct>
