import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendImage } from "../send-image"

/**
 * GET /api/gallery/images/{key}?w= -> an image stored with Medusa's file module (an artist's upload, an image the
 * Medusa admin uploaded), as stored or `w` pixels wide (docs/products.md, "Images").
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await sendImage(req, res, { kind: "stored", key: req.params.key })
}
