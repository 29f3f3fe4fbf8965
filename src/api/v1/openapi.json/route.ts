import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { openApiDocument } from "../openapi"

let document: ReturnType<typeof openApiDocument> | null = null

/** GET /v1/openapi.json: public (no key), generated once per process from the routes' own schemas. */
export async function GET(_req: MedusaRequest, res: MedusaResponse) {
  document ??= openApiDocument()
  res.json(document)
}
