import { randomUUID } from "node:crypto"
import { inspect } from "node:util"
import { trace } from "@medusajs/framework/opentelemetry/api"
import type { Logger } from "@medusajs/framework/types"
import { redactSecrets } from "./log-redaction"
import { currentRequestContext } from "./request-context"

/**
 * Atelier's logger in production (docs/operations.md, "Logs"): one JSON object per line on stdout, every line written
 * inside a request's or a job run's context carrying its request id (and the trace id when a span is active), every
 * message passed through the redaction rule (src/lib/log-redaction.ts). Installed as Medusa's logger by
 * medusa-config.ts (`logger`), so Medusa's own lines take the same shape.
 */

/** npm's levels, as Medusa's logger uses them: lower is more severe. */
const LEVELS = { error: 0, warn: 1, info: 2, http: 3, verbose: 4, debug: 5, silly: 6 } as const
export type LogLevel = keyof typeof LEVELS

function isLevel(level: string): level is LogLevel {
  return Object.prototype.hasOwnProperty.call(LEVELS, level)
}

/**
 * Whether the process writes JSON lines: `LOG_FORMAT=json` or `text` says so; without it, production does
 * (NODE_ENV=production) and any other environment keeps Medusa's readable lines.
 */
export function jsonLogsEnabled(env: Record<string, string | undefined>): boolean {
  const format = env.LOG_FORMAT?.trim().toLowerCase()
  if (format === "json") return true
  if (format === "text") return false
  if (format) throw new Error(`LOG_FORMAT must be json or text (got ${JSON.stringify(env.LOG_FORMAT)})`)
  return env.NODE_ENV === "production"
}

type Fields = Record<string, unknown>

function text(value: unknown): string {
  return typeof value === "string" ? value : inspect(value, { depth: 4, breakLength: Infinity })
}

/** Where the lines go: stdout, one write per line (a test may swap it for a collector). */
export type LogSink = (line: string) => void
const stdoutSink: LogSink = (line) => {
  process.stdout.write(line)
}

export class JsonLogger implements Logger {
  private level: LogLevel
  private readonly activities = new Map<string, number>()

  constructor(
    private readonly defaultLevel: LogLevel = "info",
    private readonly sink: LogSink = stdoutSink
  ) {
    this.level = defaultLevel
  }

  /**
   * Whether a line of `level` is written. Never for `http`: Medusa writes its access line (raw path, client address)
   * at that level when asked; Atelier writes its own request line instead (src/api/utils/request-log.ts).
   */
  shouldLog(level: string): boolean {
    return level !== "http" && isLevel(level) && LEVELS[level] <= LEVELS[this.level]
  }

  setLogLevel(level: string): void {
    if (isLevel(level)) this.level = level
  }

  unsetLogLevel(): void {
    this.level = this.defaultLevel
  }

  /**
   * Writes one line: the context's ids (request, job, sampled trace), then `fields` — the caller's, already free of
   * secrets, which may name the request id themselves (a request's own line, written after its context).
   */
  write(level: LogLevel, message: string, fields: Fields = {}): void {
    if (!this.shouldLog(level)) return
    const context = currentRequestContext()
    const span = trace.getActiveSpan()?.spanContext()
    const record: Fields = {
      timestamp: new Date().toISOString(),
      level,
      message: redactSecrets(message),
      ...(context ? { request_id: context.requestId } : {}),
      ...(context?.job ? { job: context.job } : {}),
      ...(span && span.traceFlags & 1 ? { trace_id: span.traceId, span_id: span.spanId } : {}),
      ...fields,
    }
    this.sink(`${JSON.stringify(record)}\n`)
  }

  panic(data: unknown): void {
    const message = data && typeof data === "object" && "message" in data ? (data as { message: unknown }).message : data
    this.write("error", text(message))
    process.exit(1)
  }

  activity(message: string): string {
    const id = randomUUID()
    this.activities.set(id, Date.now())
    this.write("info", message, { activity_id: id })
    return id
  }

  progress(activityId: string, message: string): void {
    this.write("info", message, { activity_id: activityId })
  }

  private finish(activityId: string): { duration?: number } {
    const started = this.activities.get(activityId)
    this.activities.delete(activityId)
    return started === undefined ? {} : { duration: Date.now() - started }
  }

  failure(activityId: string, message: string): unknown {
    const done = this.finish(activityId)
    this.write("error", message, { activity_id: activityId, ...done })
    return done
  }

  success(activityId: string, message: string): Record<string, unknown> {
    const done = this.finish(activityId)
    this.write("info", message, { activity_id: activityId, ...done })
    return done
  }

  error(messageOrError: string | Error, error?: Error): void {
    const cause = messageOrError instanceof Error ? messageOrError : error
    const message = messageOrError instanceof Error ? "" : text(messageOrError)
    const full = cause ? (message ? `${message}: ${cause.message}` : cause.message) : message
    this.write("error", full, cause?.stack ? { stack: redactSecrets(cause.stack) } : {})
  }

  silly(message: string): void {
    this.write("silly", text(message))
  }

  debug(message: string): void {
    this.write("debug", text(message))
  }

  verbose(message: string): void {
    this.write("verbose", text(message))
  }

  http(message: string): void {
    this.write("http", text(message))
  }

  info(message: string): void {
    this.write("info", text(message))
  }

  warn(message: string): void {
    this.write("warn", text(message))
  }

  /** winston's `log(level, message)` or `log(message)` (info). */
  log(...args: unknown[]): void {
    if (args.length > 1 && typeof args[0] === "string" && isLevel(args[0])) this.write(args[0], text(args[1]))
    else this.write("info", args.map(text).join(" "))
  }
}

/** The level named by LOG_LEVEL, else `info`. */
export function logLevelFrom(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase() ?? ""
  return isLevel(level) ? level : "info"
}

/**
 * The process's JSON logger, kept on `globalThis` (as src/lib/request-context.ts keeps its store) so that the request
 * and job lines (src/api/utils/request-log.ts, src/lib/scheduled-job.ts) go through the instance Medusa was given.
 * Null when the process does not write JSON lines.
 */
const LOGGER_KEY = Symbol.for("atelier.json-logger")

export function installJsonLogger(env: Record<string, string | undefined>): JsonLogger | undefined {
  if (!jsonLogsEnabled(env)) return undefined
  const registry = globalThis as Record<symbol, unknown>
  return ((registry[LOGGER_KEY] as JsonLogger | undefined) ??= new JsonLogger(logLevelFrom(env.LOG_LEVEL)))
}

/** The JSON logger installed in this process, if any. */
export function jsonLogger(): JsonLogger | undefined {
  return (globalThis as Record<symbol, unknown>)[LOGGER_KEY] as JsonLogger | undefined
}
