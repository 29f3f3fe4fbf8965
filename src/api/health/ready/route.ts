import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkReadiness } from "../../../processes/operations/readiness"

/**
 * GET /health/ready: 200 `{status: "ready", checks}` when this server should receive traffic, else 503
 * `{status: "not_ready", checks}` naming the check that failed (docs/operations.md, "Readiness"). `/health` stays
 * Medusa's liveness answer.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const report = await checkReadiness(req.scope)
  res.setHeader("Cache-Control", "no-store")
  res.status(report.status === "ready" ? 200 : 503).json(report)
}
