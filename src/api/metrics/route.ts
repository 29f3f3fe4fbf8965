import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { bearerTokenMatches, operationsSettings } from "../../lib/operations"
import { renderMetrics } from "../../processes/operations/metrics"
import { sendAuthError } from "../utils/error-response"

/**
 * GET /metrics: this process's metrics in Prometheus's text format (docs/operations.md), for a scraper holding
 * `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the route is not served (404), in every environment.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { metricsToken } = operationsSettings(process.env)
  if (!metricsToken) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Not found")
  if (!bearerTokenMatches(req.get("authorization"), metricsToken)) {
    res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"')
    return sendAuthError(res, 401, "A valid metrics token is required")
  }
  const { contentType, body } = await renderMetrics(req.scope)
  res.setHeader("Cache-Control", "no-store")
  res.setHeader("Content-Type", contentType)
  res.status(200).send(body)
}
