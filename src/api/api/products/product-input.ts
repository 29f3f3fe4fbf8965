import { toMedusaStatus } from "../../../lib/dashboard-products"
import type { UpdateArtistProductWorkflowInput } from "../../../workflows/artist-product/workflows/update-artist-product"
import type { UpdateProductBody } from "./validators"

/** A validated PUT/PATCH body as the update workflow's input (only the fields given). */
export function toUpdateInput(productId: string, body: UpdateProductBody): UpdateArtistProductWorkflowInput {
  const medusa = body.status ? toMedusaStatus(body.status) : undefined
  return {
    product_id: productId,
    title: body.title,
    handle: body.slug,
    description: body.description,
    status: medusa?.status,
    archived: medusa?.archived,
    type_id: body.product_type_id,
    images: body.product_images,
    base_price: body.base_price,
    product_type: body.product_type,
    gallery_eligible: body.gallery_eligible,
    featured: body.featured,
  }
}
