import { imageUploadMaxBytes } from "../../../lib/images"

/**
 * The largest image an artist may upload: IMAGE_UPLOAD_MAX_MB (default 5), read once when the server starts (a bad
 * value stops it there, with the variable named).
 */
export const UPLOAD_MAX_BYTES = imageUploadMaxBytes(process.env)

/**
 * A refusal with its HTTP status and the field it is about, in the shape of Express's own HTTP errors, so that the
 * error handler answers it like any other (a 413 has no MedusaError type).
 */
export function uploadRefusal(status: 400 | 413, message: string, field: string) {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, field })
}
