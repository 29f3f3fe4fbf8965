import type { IncomingMessage, ServerResponse } from "node:http"
import { PgInstrumentation } from "@medusajs/framework/opentelemetry/instrumentation-pg"
import { BatchSpanProcessor, type SpanExporter } from "@medusajs/framework/opentelemetry/sdk-trace-node"
import { context, propagation, SpanKind, SpanStatusCode, trace } from "@medusajs/framework/opentelemetry/api"
import { registerOtel } from "@medusajs/medusa"
import { OTLPTraceExporter as OtlpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { OTLPTraceExporter as OtlpProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto"
import { metricsRouteFamily } from "../lib/operations"
import { obfuscateSql, otlpTraceProtocol, tracingServiceName } from "../lib/tracing"

/**
 * Starts OpenTelemetry in this process (docs/operations.md, "Traces"); loaded by instrumentation.ts only when tracing
 * is on, so that a process without it loads nothing of the SDK. Medusa's spans (registerOtel: route handlers and
 * middlewares, workflows and steps, Query) plus PostgreSQL's, exported in batches over OTLP/HTTP with OpenTelemetry's
 * standard variables (endpoint, headers, sampler, batch sizes).
 *
 * Two of those sources would carry secrets, so both are replaced at the source:
 * - Medusa's request span copies every request header into its attributes (`authorization`, `cookie`,
 *   `x-api-key`...) and the raw URL (tokens in links): its request handler is replaced by one whose span carries only
 *   the method, the route pattern, the route family, the request id and the status.
 * - The ORM writes bound values into the SQL it sends (emails, addresses, payloads): each PostgreSQL span's statement
 *   is replaced, as the span starts, by its shape with every literal as `?` (src/lib/tracing.ts).
 */
export function registerTracing(env: Record<string, string | undefined>): void {
  const exporter: SpanExporter = otlpTraceProtocol(env) === "http/json" ? new OtlpJsonExporter() : new OtlpProtobufExporter()
  registerOtel({
    serviceName: tracingServiceName(env),
    exporter,
    // Batches (OTEL_BSP_* variables) rather than registerOtel's default of one export call per span.
    spanProcessors: [new BatchSpanProcessor(exporter)],
    instrument: { http: true, workflows: true, query: true },
    instrumentations: [
      new PgInstrumentation({
        // Only inside a trace (a request's, a job's handler): not a root span for every background query.
        requireParentSpan: true,
        requestHook: (span, { query }) => {
          if (query.text) span.setAttribute("db.statement", obfuscateSql(query.text))
        },
      }),
    ],
  })
  replaceRequestSpan()
}

/** The shape of Medusa's hook around each request (its `start` command; set by registerOtel's HTTP instrumentation). */
type TraceRequestHandler = (
  requestHandler: () => Promise<void>,
  req: IncomingMessage & { requestId?: string },
  res: ServerResponse,
  handlerPath?: string
) => Promise<void>

/** Resolves once the response has been sent or the connection closed (Express hands control back before that). */
function responseDone(res: ServerResponse): Promise<void> | void {
  if (res.writableEnded) return
  return new Promise((resolve) => {
    res.once("finish", resolve)
    res.once("close", resolve)
  })
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function replaceRequestSpan(): void {
  const startCommand = require("@medusajs/medusa/commands/start") as { traceRequestHandler?: TraceRequestHandler }
  const tracer = trace.getTracer("atelier.http")
  startCommand.traceRequestHandler = async (requestHandler, req, res, handlerPath) => {
    // A caller's W3C trace context is continued (only `traceparent` and `tracestate` are read).
    const carrier = { traceparent: headerValue(req.headers.traceparent), tracestate: headerValue(req.headers.tracestate) }
    const parent = propagation.extract(context.active(), carrier)
    const family = metricsRouteFamily(req.url ?? "")
    const method = req.method ?? "GET"
    await tracer.startActiveSpan(
      `${method} ${handlerPath ?? family}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": method,
          ...(handlerPath ? { "http.route": handlerPath } : {}),
          "atelier.route_family": family,
          ...(req.requestId ? { "atelier.request_id": req.requestId } : {}),
        },
      },
      parent,
      async (span) => {
        try {
          await requestHandler()
          await responseDone(res)
        } finally {
          span.setAttribute("http.response.status_code", res.statusCode)
          if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
          span.end()
        }
      }
    )
  }
}
