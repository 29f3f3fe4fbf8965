import type { MedusaResponse } from "@medusajs/framework/http"
import { IMAGE_MESSAGES, UPLOAD_FIELD } from "../../../lib/images"
import { storeImageUpload } from "../../../processes/images/store-image-upload"
import type { OrganizationScopedRequest } from "../../utils/access"
import { UPLOAD_MAX_BYTES, uploadRefusal } from "./upload-limits"
import type { UploadBody } from "./validators"

type UploadRequest = OrganizationScopedRequest<UploadBody> & {
  file?: { buffer: Buffer; originalname: string; mimetype: string }
}

/**
 * POST /api/uploads (multipart, the image in `file`) -> 201 {file: {id, url, mime_type, size, width, height}}: the
 * image stored with Medusa's file module. `url` goes into a product's `product_images`; the image route serves it,
 * also sized (`?w=400`). 400/413 name the field and the limit.
 */
export async function POST(req: UploadRequest, res: MedusaResponse) {
  if (!req.file) throw uploadRefusal(400, IMAGE_MESSAGES.fileRequired, UPLOAD_FIELD)
  const outcome = await storeImageUpload(
    req.scope,
    { bytes: req.file.buffer, originalName: req.file.originalname, declaredType: req.file.mimetype },
    UPLOAD_MAX_BYTES
  )
  if (outcome.outcome === "refused") throw uploadRefusal(outcome.status, outcome.message, outcome.field)
  res.status(201).json({ file: outcome.file })
}
