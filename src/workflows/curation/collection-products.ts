import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { getGalleryProductsByIds, isGalleryEligible, type GalleryProduct } from "../../queries/gallery-products"

export const PRODUCT_NOT_FOUND = "Product not found"
export const PRODUCT_NOT_GALLERY_ELIGIBLE = "Product not gallery eligible"

/**
 * The gallery products behind these ids, in one query; 404 "Product not found" when one is not a gallery product,
 * 400 "Product not gallery eligible" when one breaks any of the spec's three rules (inactive included: a draft or
 * archived product is not eligible for a collection).
 */
export async function requireEligibleGalleryProducts(
  container: Pick<MedusaContainer, "resolve">,
  ids: string[]
): Promise<Map<string, GalleryProduct>> {
  const products = await getGalleryProductsByIds(container, ids)
  for (const id of ids) {
    if (!products.has(id)) throw new MedusaError(MedusaError.Types.NOT_FOUND, PRODUCT_NOT_FOUND)
  }
  for (const id of ids) {
    if (!isGalleryEligible(products.get(id)!)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, PRODUCT_NOT_GALLERY_ELIGIBLE)
    }
  }
  return products
}
