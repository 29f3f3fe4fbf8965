import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import multer from "multer"
import { IMAGE_MESSAGES, UPLOAD_FIELD } from "../../../lib/images"
import { resolveOrganization } from "../../utils/access"
import { validateBody } from "../../utils/validation"
import { UPLOAD_MAX_BYTES, uploadRefusal } from "./upload-limits"
import { UploadBody } from "./validators"

const MALFORMED_UPLOAD = `Send the image as multipart/form-data, in the field ${UPLOAD_FIELD}`

// Multer, as Medusa's own /admin/uploads: the file is held in memory (at most UPLOAD_MAX_BYTES: a larger one is cut off
// as it arrives, not read to its end) and passed on to the file module.
const parseUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single(UPLOAD_FIELD)

/** Multer's refusals, as the API words them (413 with the limit for a file too large, 400 naming the field otherwise). */
function upload() {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    parseUpload(req as never, res as never, (error?: unknown) => {
      if (!error) return next()
      if (error instanceof multer.MulterError) {
        if (error.code === "LIMIT_FILE_SIZE") return next(uploadRefusal(413, IMAGE_MESSAGES.tooLarge(UPLOAD_MAX_BYTES), UPLOAD_FIELD))
        if (error.code === "LIMIT_FILE_COUNT" || error.code === "LIMIT_UNEXPECTED_FILE") {
          return next(uploadRefusal(400, IMAGE_MESSAGES.oneFile, UPLOAD_FIELD))
        }
      }
      // Anything else busboy could not parse (no boundary, a truncated body, too many parts).
      next(uploadRefusal(400, MALFORMED_UPLOAD, UPLOAD_FIELD))
    })
  }
}

/**
 * /api/uploads (docs/products.md, "Images"). The family's guard (a member token) runs first; then the form is parsed
 * and the organization found, as for creating a product: any member of it may upload (owners and plain members).
 */
export const uploadMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/uploads",
    methods: ["POST"],
    middlewares: [upload(), validateBody(UploadBody), resolveOrganization()],
  },
]
