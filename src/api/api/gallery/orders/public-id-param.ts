import type { MedusaRequest } from "@medusajs/framework/http"
import { isGalleryPublicId } from "../../../../lib/public-id"

/** The public id from the path, upper-cased (GAL-YYYY-XXXXXX); null when it cannot be one. */
export function publicIdParam(req: MedusaRequest): string | null {
  const raw = req.params.publicId
  const publicId = typeof raw === "string" ? raw.trim().toUpperCase() : ""
  return isGalleryPublicId(publicId) ? publicId : null
}
