import { z } from "@medusajs/framework/zod"
import { optionalText } from "../../utils/validation"

/**
 * POST /api/uploads: a multipart form with the image in `file` (src/lib/images.ts) and, optionally, the organization
 * it is uploaded for in `org_id` (else X-Organization-ID, else the member's only organization).
 */
export const UploadBody = z.object({
  org_id: optionalText(100, "org_id must be a string of at most 100 characters"),
})
export type UploadBody = z.output<typeof UploadBody>
