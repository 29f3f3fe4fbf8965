import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { galleryEligibilityFailures, getGalleryProductsByIds } from "../../../../../../queries/gallery-products"

/**
 * GET /api/admin/products/{id}/gallery (the admin's product page widget) -> {galleryProduct}: the gallery attributes
 * of a Medusa product — its organization (with its gallery approval), gallery_eligible, original or print, featured,
 * whether it is active, and which eligibility rules it breaks (empty: the gallery sells it). `galleryProduct` is
 * null for a product without gallery attributes (not created through Atelier) or an unknown id.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = typeof req.params.id === "string" ? req.params.id.trim() : ""
  const products = id ? await getGalleryProductsByIds(req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), [id]) : null
  const product = products?.get(id)
  if (!product) return res.json({ galleryProduct: null })
  res.json({
    galleryProduct: {
      id: product.id,
      organization: {
        id: product.org_id,
        name: product.organizations.name,
        slug: product.organizations.slug,
        galleryApproved: product.org_gallery_approved,
      },
      galleryEligible: product.gallery_eligible,
      productType: product.product_type,
      featured: product.featured,
      isActive: product.is_active,
      price: product.price,
      inventory: product.inventory,
      eligibilityFailures: galleryEligibilityFailures(product),
    },
  })
}
