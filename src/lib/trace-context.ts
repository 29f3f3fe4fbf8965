import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
} from "@medusajs/framework/opentelemetry/api"
import { redactSecrets } from "./log-redaction"
import { currentRequestContext, runWithRequestContext } from "./request-context"

/**
 * How a trace crosses the outbox (docs/operations.md, "Traces"): a queued message keeps the W3C context of the work
 * that queued it (`traceparent`, `tracestate`) and its request id; the dispatcher runs the message's handler inside
 * that context, so the worker's spans join the request's trace and its log lines carry the request's id. With tracing
 * off no propagator is registered: only the request id is kept, and the handler's span is OpenTelemetry's no-op one.
 */
export type OutboxTraceContext = { traceparent?: string; tracestate?: string; request_id?: string }

/** The trace context to store with a message queued now (null: neither a trace nor a request to continue). */
export function currentOutboxTraceContext(): OutboxTraceContext | null {
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  const requestId = currentRequestContext()?.requestId
  const stored: OutboxTraceContext = {
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  }
  return Object.keys(stored).length ? stored : null
}

function extracted(stored: OutboxTraceContext | null | undefined): Context | null {
  if (!stored?.traceparent) return null
  const carrier = { traceparent: stored.traceparent, ...(stored.tracestate ? { tracestate: stored.tracestate } : {}) }
  const found = propagation.extract(ROOT_CONTEXT, carrier)
  return trace.getSpanContext(found) ? found : null
}

const tracer = () => trace.getTracer("atelier.outbox")

/**
 * Runs one handler over messages of one batch inside their trace: a span `outbox <handler>` whose parent is the first
 * message's context and which links to the other messages' traces (one span cannot have several parents), and the
 * request context of the first message that names a request (else the caller's, e.g. the dispatch job's run).
 */
export async function runInOutboxTrace<T>(
  handler: string,
  stored: (OutboxTraceContext | null | undefined)[],
  work: () => Promise<T>
): Promise<T> {
  const contexts = stored.map(extracted)
  const parent = contexts.find((c): c is Context => c !== null) ?? ROOT_CONTEXT
  // One link per other span that queued messages of the batch (several messages often come from one request).
  const links: Link[] = []
  const seen = new Set([trace.getSpanContext(parent)?.spanId])
  for (const c of contexts) {
    const spanContext = c && trace.getSpanContext(c)
    if (spanContext && !seen.has(spanContext.spanId)) {
      seen.add(spanContext.spanId)
      links.push({ context: spanContext })
    }
  }
  const requestId = stored.find((s) => s?.request_id)?.request_id
  const current = currentRequestContext()
  const run = () =>
    tracer().startActiveSpan(
      `outbox ${handler}`,
      { kind: SpanKind.CONSUMER, links, attributes: { "atelier.outbox.handler": handler, "atelier.outbox.messages": stored.length } },
      parent,
      async (span) => {
        try {
          return await work()
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: redactSecrets(String((error as Error)?.message ?? error)) })
          throw error
        } finally {
          span.end()
        }
      }
    )
  return requestId ? runWithRequestContext({ requestId, ...(current?.job ? { job: current.job } : {}) }, run) : run()
}
