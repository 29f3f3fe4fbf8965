import { obfuscateSql, otlpTraceProtocol, tracingEnabled, tracingServiceName } from "../tracing"
import { currentOutboxTraceContext, runInOutboxTrace } from "../trace-context"
import { currentRequestContext, runWithRequestContext } from "../request-context"

describe("tracingEnabled", () => {
  it("is off by default, on with an OTLP endpoint or ATELIER_TRACING", () => {
    expect(tracingEnabled({})).toBe(false)
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true)
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true)
    expect(tracingEnabled({ ATELIER_TRACING: "on" })).toBe(true)
    expect(tracingEnabled({ ATELIER_TRACING: "1" })).toBe(true)
  })

  it("is off when ATELIER_TRACING or OTEL_SDK_DISABLED says so, endpoint or not", () => {
    expect(tracingEnabled({ ATELIER_TRACING: "off", OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" })).toBe(false)
    expect(tracingEnabled({ OTEL_SDK_DISABLED: "true", ATELIER_TRACING: "on" })).toBe(false)
    expect(() => tracingEnabled({ ATELIER_TRACING: "maybe" })).toThrow("ATELIER_TRACING must be on or off")
  })

  it("exports over http/protobuf unless told http/json", () => {
    expect(otlpTraceProtocol({})).toBe("http/protobuf")
    expect(otlpTraceProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBe("http/json")
    expect(otlpTraceProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" })).toBe(
      "http/protobuf"
    )
    expect(() => otlpTraceProtocol({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "grpc" })).toThrow("http/protobuf or http/json")
  })

  it("names the service after the worker mode", () => {
    expect(tracingServiceName({ WORKER_MODE: "worker" })).toBe("atelier-worker")
    expect(tracingServiceName({})).toBe("atelier-shared")
    expect(tracingServiceName({ OTEL_SERVICE_NAME: "atelier-eu-1" })).toBe("atelier-eu-1")
  })
})

describe("obfuscateSql", () => {
  it("replaces every literal, keeps the statement's shape and its placeholders", () => {
    const sql =
      `INSERT INTO gallery_order (id, email, total_cents, address) VALUES ('gord_1', 'alice@example.com', 12500, ` +
      `'{"line1":"1 Rue d''Arcole"}'::jsonb) WHERE x = $1 AND y = E'a\\'b' AND z = $$body$$ AND t1.c = -3.5`
    const out = obfuscateSql(sql)
    expect(out).toBe(
      "INSERT INTO gallery_order (id, email, total_cents, address) VALUES (?, ?, ?, ?::jsonb) WHERE x = $1 AND y = ? AND z = ? AND t1.c = ?"
    )
  })
})

describe("the outbox's trace context, tracing off", () => {
  it("keeps the request id alone, and hands it to the handler", async () => {
    expect(currentOutboxTraceContext()).toBeNull()
    const stored = runWithRequestContext({ requestId: "r-7" }, () => currentOutboxTraceContext())
    expect(stored).toEqual({ request_id: "r-7" })
    const seen = await runWithRequestContext({ requestId: "job-run", job: "dispatch-gallery-outbox" }, () =>
      runInOutboxTrace("send-order-emails", [null, stored], async () => currentRequestContext())
    )
    expect(seen).toEqual({ requestId: "r-7", job: "dispatch-gallery-outbox" })
  })
})
