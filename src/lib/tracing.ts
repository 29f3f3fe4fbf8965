/**
 * Rules of tracing (docs/operations.md, "Traces"): when it is on, how spans are exported, and what of a SQL statement a
 * span may carry. No I/O: instrumentation.ts and src/tracing/register.ts start the SDK.
 */

type Env = Record<string, string | undefined>

const ON = new Set(["1", "true", "on", "yes"])
const OFF = new Set(["0", "false", "off", "no"])

/**
 * Whether the process traces: `ATELIER_TRACING` says so when set (on: export with OpenTelemetry's standard variables,
 * OTLP to localhost:4318 by default; off: never, whatever else is set); otherwise an OTLP endpoint turns it on
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). `OTEL_SDK_DISABLED=true` turns it off.
 */
export function tracingEnabled(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false
  const flag = env.ATELIER_TRACING?.trim().toLowerCase()
  if (flag && ON.has(flag)) return true
  if (flag && OFF.has(flag)) return false
  if (flag) throw new Error(`ATELIER_TRACING must be on or off (got ${JSON.stringify(env.ATELIER_TRACING)})`)
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim())
}

export type OtlpTraceProtocol = "http/protobuf" | "http/json"

/** The OTLP protocol of the traces (OpenTelemetry's variables; http/protobuf by default, as the specification says). */
export function otlpTraceProtocol(env: Env): OtlpTraceProtocol {
  const value = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || "http/protobuf").trim()
  if (value === "http/protobuf" || value === "http/json") return value
  throw new Error(`OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be http/protobuf or http/json (got ${JSON.stringify(value)})`)
}

/** The service a process's spans name: `OTEL_SERVICE_NAME`, else `atelier-<worker mode>` (server, worker, shared). */
export function tracingServiceName(env: Env): string {
  return env.OTEL_SERVICE_NAME?.trim() || `atelier-${env.WORKER_MODE?.trim() || "shared"}`
}

/**
 * A SQL statement as a span may carry it: every string literal (emails, addresses, JSON payloads, hashes — Atelier's
 * ORM writes bound values into the statement's text) and every number replaced by `?`. The statement's shape stays.
 */
export function obfuscateSql(text: string): string {
  return text
    .replace(/\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/g, "?")
    .replace(/\b[Ee]'(?:[^'\\]|''|\\[\s\S])*'/g, "?")
    .replace(/(?:\b[BbXx]|\b[Uu]&)?'(?:[^']|'')*'/g, "?")
    .replace(/(?<![\w$."])-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g, "?")
}
