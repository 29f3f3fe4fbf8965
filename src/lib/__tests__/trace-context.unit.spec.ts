import { trace } from "@medusajs/framework/opentelemetry/api"
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from "@medusajs/framework/opentelemetry/sdk-trace-node"
import { currentOutboxTraceContext, runInOutboxTrace, type OutboxTraceContext } from "../trace-context"
import { currentRequestContext, runWithRequestContext } from "../request-context"

// Tracing on: a provider with W3C propagation (what registerOtel installs), spans kept in memory.
const exporter = new InMemorySpanExporter()
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
provider.register()
afterAll(() => provider.shutdown())

/** The context a request (trace `request`, id `requestId`) stores with the messages it queues. */
function queuedBy(requestId: string): Promise<{ stored: OutboxTraceContext | null; traceId: string; spanId: string }> {
  return trace.getTracer("test").startActiveSpan(`POST ${requestId}`, async (span) => {
    const stored = runWithRequestContext({ requestId }, () => currentOutboxTraceContext())
    span.end()
    return { stored, traceId: span.spanContext().traceId, spanId: span.spanContext().spanId }
  })
}

describe("the outbox's trace context, tracing on", () => {
  it("stores the W3C traceparent and the request id", async () => {
    const { stored, traceId, spanId } = await queuedBy("r-1")
    expect(stored).toEqual({ traceparent: `00-${traceId}-${spanId}-01`, request_id: "r-1" })
  })

  it("runs a batch's handler in a span whose parent is the first message's, linked to the others'", async () => {
    const first = await queuedBy("r-a")
    const second = await queuedBy("r-b")
    exporter.reset()
    const seen = await runInOutboxTrace("send-order-emails", [first.stored, second.stored, first.stored, null], async () => ({
      requestId: currentRequestContext()?.requestId,
      traceId: trace.getActiveSpan()?.spanContext().traceId,
    }))
    expect(seen).toEqual({ requestId: "r-a", traceId: first.traceId })
    const [span] = exporter.getFinishedSpans()
    expect(span.name).toBe("outbox send-order-emails")
    expect(span.parentSpanContext?.spanId).toBe(first.spanId)
    expect(span.links.map((l) => l.context.traceId)).toEqual([second.traceId])
    expect(span.attributes).toEqual({ "atelier.outbox.handler": "send-order-emails", "atelier.outbox.messages": 4 })
  })

  it("marks the span failed when the handler throws, without the secret of its message", async () => {
    const { stored } = await queuedBy("r-c")
    exporter.reset()
    await expect(
      runInOutboxTrace("transfers", [stored], async () => {
        throw new Error("gateway refused sk_test_51abcdefGHIJKLmnop for alice@example.com")
      })
    ).rejects.toThrow("gateway refused")
    const [span] = exporter.getFinishedSpans()
    expect(span.status).toEqual({ code: 2, message: "gateway refused [redacted] for a***@example.com" })
  })
})
