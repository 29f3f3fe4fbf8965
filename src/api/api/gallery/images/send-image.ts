import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { IMAGE_CACHE_CONTROL, IMAGE_MESSAGES } from "../../../../lib/images"
import { servedImage, type ImageSource } from "../../../../processes/images/served-images"
import type { ImageQuery } from "./validators"

/**
 * Answers with the image (its own type; cached for a year by browsers and proxies: a URL never changes what it
 * shows), or 404 Image not found.
 */
export async function sendImage(req: MedusaRequest, res: MedusaResponse, source: ImageSource) {
  const { w } = req.validatedQuery as unknown as ImageQuery
  const image = await servedImage(req.scope, source, w)
  if (!image) throw new MedusaError(MedusaError.Types.NOT_FOUND, IMAGE_MESSAGES.notFound)
  res.setHeader("Content-Type", image.contentType)
  res.setHeader("Cache-Control", IMAGE_CACHE_CONTROL)
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.send(image.body)
}
