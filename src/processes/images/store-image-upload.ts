import { randomBytes } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { uploadFilesWorkflow } from "@medusajs/medusa/core-flows"
import {
  checkImageUpload,
  IMAGE_MESSAGES,
  IMAGE_MIME_TYPES,
  THUMBNAIL_WIDTH,
  UPLOAD_FIELD,
  uploadFilename,
  type StoredImage,
} from "../../lib/images"
import { inspectImage } from "./image-renderer"
import { keepSizedImage } from "./served-images"

export type ImageUploadOutcome =
  | { outcome: "stored"; file: StoredImage }
  | { outcome: "refused"; status: 400 | 413; message: string; field: typeof UPLOAD_FIELD }

/**
 * Stores an artist's image with Medusa's file module (`uploadFilesWorkflow`, as Medusa's own /admin/uploads does),
 * after checking it: at most `maxBytes`, a JPEG, PNG, WebP or GIF by its bytes, decodable, within the pixel limit.
 * Its thumbnail, made by the check, is kept for the image route. Nothing is stored when a check fails.
 */
export async function storeImageUpload(
  container: MedusaContainer,
  file: { bytes: Buffer; originalName?: string; declaredType?: string },
  maxBytes: number
): Promise<ImageUploadOutcome> {
  const check = checkImageUpload({ declaredType: file.declaredType, size: file.bytes.length, bytes: file.bytes }, maxBytes)
  if (!check.ok) return { outcome: "refused", status: check.status, message: check.message, field: check.field }
  const inspection = await inspectImage(file.bytes, check.type, THUMBNAIL_WIDTH)
  if (inspection.outcome !== "ok") {
    const message = inspection.outcome === "too_many_pixels" ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.unreadable
    return { outcome: "refused", status: 400, message, field: UPLOAD_FIELD }
  }
  const mimeType = IMAGE_MIME_TYPES[check.type]
  const { result } = await uploadFilesWorkflow(container).run({
    input: {
      files: [
        {
          filename: uploadFilename(file.originalName, check.type, randomBytes(4).toString("hex")),
          mimeType,
          content: file.bytes.toString("base64"),
          access: "public",
        },
      ],
    },
  })
  const [stored] = result
  keepSizedImage(stored.id, THUMBNAIL_WIDTH, inspection.thumbnail)
  return {
    outcome: "stored",
    file: {
      id: stored.id,
      url: stored.url,
      mime_type: mimeType,
      size: file.bytes.length,
      width: inspection.width,
      height: inspection.height,
    },
  }
}
