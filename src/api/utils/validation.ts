import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { requestPath } from "../../lib/request-path"
import { findUnsafeText, isSafeText } from "../../lib/safe-text"
import { fieldError } from "./error-response"

// Every body and query of Atelier's /api routes is parsed by a zod schema through `parseInput`: the FIRST issue
// becomes the error (its message and field), and the global error handler gives it the family's body
// (gallery/admin `{error: message}`, other /api `{error, code, details: {field}}`). Every string field is built with
// `text`/`optionalText` (bounded length, no NUL or unpaired surrogate), so no such string reaches PostgreSQL;
// `inputBackstop` refuses them on routes that declare no schema. See docs/decisions.md "Input validation".

/** The message of the backstop (and of an unsafe string in a field a schema does not read). */
export const UNSAFE_TEXT_MESSAGE = "Request contains characters that are not allowed (NUL or unpaired surrogate)"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => void

export type InputLocation = "body" | "query"

/** A validation middleware, marked so that `inputBackstop` knows the route validates that input itself. */
type InputValidator = Middleware & { validates: InputLocation }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function invalid(message: string, field?: string) {
  return field ? fieldError(MedusaError.Types.INVALID_DATA, message, field) : new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

// Given to zod for the issues whose schema sets no message of its own (a schema's message takes precedence).
const UNWORDED = "unworded"
const UNWORDED_MISSING = "unworded: missing"
const unworded = (issue: { code?: string; input?: unknown }) =>
  issue.code === "invalid_type" && issue.input === undefined ? UNWORDED_MISSING : UNWORDED

type Issue = z.core.$ZodIssue

const KIND: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
}

function bound(issue: { origin?: unknown; inclusive?: boolean }, limit: unknown, direction: "most" | "least"): string {
  const value = typeof limit === "bigint" ? limit.toString() : String(limit)
  const plural = value === "1" ? "" : "s"
  const unit = issue.origin === "string" ? ` character${plural}` : issue.origin === "array" || issue.origin === "set" ? ` item${plural}` : ""
  if (issue.inclusive === false) return `${direction === "most" ? "less" : "more"} than ${value}${unit}`
  return `at ${direction} ${value}${unit}`
}

/**
 * A message for a person, for an issue whose schema set none: what the field must be, named by its path
 * (`price_min must be a number`, `limit must be at most 100`, `sort must be one of: newest, oldest`).
 */
export function wordIssue(issue: Issue | undefined, missing = false): string {
  if (!issue) return "Invalid request"
  const field = issue.path.length ? issue.path.join(".") : "The request"
  switch (issue.code) {
    case "invalid_type":
      if (missing && issue.path.length) return `${field} is required`
      return `${field} must be ${KIND[issue.expected] ?? issue.expected}`
    case "too_big":
      return `${field} must be ${bound(issue, issue.maximum, "most")}`
    case "too_small":
      return `${field} must be ${bound(issue, issue.minimum, "least")}`
    case "invalid_value":
      return `${field} must be one of: ${issue.values.map(String).join(", ")}`
    case "invalid_format":
      return issue.format === "email" ? `${field} must be an email address` : `${field} is not in the expected format`
    case "not_multiple_of":
      return `${field} must be a multiple of ${String(issue.divisor)}`
    case "unrecognized_keys":
      return `Unknown ${issue.keys.length === 1 ? "parameter" : "parameters"}: ${issue.keys.join(", ")}`
    default:
      return `${field} is not valid`
  }
}

/**
 * Parses `raw` with `schema`; throws a 400 MedusaError with the first issue's message and field. A body or query
 * that is not an object is read as `{}` (each required field then answers its own message). An issue whose message
 * the schema did not set is worded for people by `wordIssue` (`limit must be at most 100`). Strings the schema does
 * not read are checked too: an unsafe one anywhere is refused, so raw input can never carry one further.
 */
export async function parseInput<S extends z.ZodType>(schema: S, raw: unknown): Promise<z.output<S>> {
  const input = isRecord(raw) ? raw : {}
  const result = await schema.safeParseAsync(input, { error: unworded })
  if (!result.success) {
    const [issue] = result.error.issues
    const field = issue?.path.length ? issue.path.join(".") : undefined
    const worded = issue?.message === UNWORDED || issue?.message === UNWORDED_MISSING
    throw invalid(issue && !worded ? issue.message : wordIssue(issue, issue?.message === UNWORDED_MISSING), field)
  }
  const unsafe = findUnsafeText(input)
  if (unsafe !== null) throw invalid(UNSAFE_TEXT_MESSAGE, unsafe)
  return result.data
}

/** Middleware: `req.validatedBody` = the parsed body. */
export function validateBody<S extends z.ZodType>(schema: S): Middleware {
  const middleware: InputValidator = (req, _res, next) => {
    parseInput(schema, req.body).then((body) => {
      req.validatedBody = body
      next()
    }, next)
  }
  middleware.validates = "body"
  return middleware
}

/** Middleware: `req.validatedQuery` = the parsed query string (values as Express parsed them: string, array, object). */
export function validateQuery<S extends z.ZodType>(schema: S): Middleware {
  const middleware: InputValidator = (req, _res, next) => {
    parseInput(schema, req.query).then((query) => {
      req.validatedQuery = query as Record<string, unknown>
      next()
    }, next)
  }
  middleware.validates = "query"
  return middleware
}

// ------------------------------------------------------------------------------------------------------------
// Field builders

export type TextMessages = {
  /** Missing, not a string, unsafe characters, or (when required) blank. */
  invalid: string
  /** Longer than `max` (default: `invalid`). */
  tooLong?: string
  /** Holding a NUL character or an unpaired surrogate (default: `invalid`). */
  unsafe?: string
}

function messagesOf(messages: string | TextMessages): Required<TextMessages> {
  const all = typeof messages === "string" ? { invalid: messages } : messages
  return { invalid: all.invalid, tooLong: all.tooLong ?? all.invalid, unsafe: all.unsafe ?? all.invalid }
}

/**
 * A required string: safe characters, trimmed, not blank, at most `max` characters (after trimming).
 * `trim: false` keeps the value as given (still refusing a blank one).
 */
export function text(max: number, messages: string | TextMessages, options: { trim?: boolean } = {}) {
  const { invalid: message, tooLong, unsafe } = messagesOf(messages)
  const base = z.string({ error: message }).refine(isSafeText, { message: unsafe, abort: true })
  const trimmed = options.trim === false ? base : base.trim()
  return trimmed
    .refine((value) => value.trim().length > 0, { message, abort: true })
    .refine((value) => value.length <= max, { message: tooLong })
}

/** An optional string: absent, null or blank is `null`; otherwise as `text` (trimmed, safe, at most `max`). */
export function optionalText(max: number, messages: string | TextMessages) {
  const { invalid: message, tooLong, unsafe } = messagesOf(messages)
  return z
    .string({ error: message })
    .refine(isSafeText, { message: unsafe, abort: true })
    .trim()
    .refine((value) => value.length <= max, { message: tooLong })
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null)
}

/** Any JSON value whose strings (and keys) are all safe; for objects whose shape a pure rule validates. */
export function safeJson(message: string) {
  return z.unknown().refine((value) => findUnsafeText(value) === null, { message, abort: true })
}

/** A query-string value: the first of a repeated parameter (`?a=1&a=2` -> "1"); anything else as given. */
export function firstQueryValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value
}

// ------------------------------------------------------------------------------------------------------------
// Backstop

type CoveredRoute = { methods: string[] | null; pattern: RegExp; validates: InputLocation }

/** Medusa's (Express 4) matcher syntax: `:param` is one segment, `*` anything. */
function matcherPattern(matcher: string | RegExp): RegExp {
  if (matcher instanceof RegExp) return matcher
  const source = matcher
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === "*") return ".*"
      if (part.startsWith(":")) return "[^/]+"
      return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    })
    .join("")
  return new RegExp(`^${source}/?$`, "i")
}

function coveredRoutes(routes: MiddlewareRoute[]): CoveredRoute[] {
  return routes.flatMap((route) =>
    (route.middlewares ?? []).flatMap((middleware) => {
      const validates = (middleware as Partial<InputValidator>).validates
      if (!validates) return []
      const methods = route.methods ? (Array.isArray(route.methods) ? route.methods : [route.methods]).map(String) : null
      return [{ methods, pattern: matcherPattern(route.matcher), validates }]
    })
  )
}

function decodedSegments(path: string): string | null {
  try {
    return decodeURIComponent(path)
  } catch {
    return null // malformed escapes: Express answers 400 when it decodes the route's parameters
  }
}

/**
 * Global `/api*` middleware, so that a route added later without a schema is safe too: a body or query string
 * holding a NUL or an unpaired surrogate (or such a path) is refused with 400 `UNSAFE_TEXT_MESSAGE`. Routes that
 * validate that input themselves (a `validateBody` / `validateQuery` among `routes`) are left to their schema,
 * which answers with the route's own message, after the route's authentication. `signedBodyPaths` are routes whose
 * body is a provider's signed event (a payment webhook): its route checks the signature and reads only what it
 * needs, and refusing a genuine event would only make the provider send it again and again.
 */
export function inputBackstop(routes: MiddlewareRoute[], options: { signedBodyPaths?: string[] } = {}): Middleware {
  const covered = coveredRoutes(routes)
  const signedBodies = (options.signedBodyPaths ?? []).map(matcherPattern)
  const validatedHere = (method: string, path: string, location: InputLocation) =>
    covered.some(
      (route) => route.validates === location && (!route.methods || route.methods.includes(method)) && route.pattern.test(path)
    )
  return (req, _res, next) => {
    const path = requestPath(req)
    const decoded = decodedSegments((req.originalUrl || req.url || "").split("?")[0])
    if (decoded !== null && !isSafeText(decoded)) return next(invalid(UNSAFE_TEXT_MESSAGE, "path"))
    for (const location of ["query", "body"] as const) {
      const unsafe = findUnsafeText(req[location])
      if (unsafe === null || validatedHere(req.method, path, location)) continue
      if (location === "body" && signedBodies.some((pattern) => pattern.test(path))) continue
      return next(invalid(UNSAFE_TEXT_MESSAGE, unsafe ? `${location}.${unsafe}` : location))
    }
    next()
  }
}
