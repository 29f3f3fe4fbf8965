import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { demoArtworkName } from "../../../../../../lib/demo-artwork"
import { sendImage } from "../../send-image"

/** GET /api/gallery/images/demo/{name}.webp?w= -> a demo work's picture, drawn by src/lib/demo-artwork.ts. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await sendImage(req, res, { kind: "demo", name: demoArtworkName(req.params.name) ?? "" })
}
