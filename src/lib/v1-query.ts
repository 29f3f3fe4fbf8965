// The platform API's list conventions (spec 4.1): page/per_page, filters `field=v`, `field!=v`, `field>=v`,
// `field<=v`, `field[in]=a,b`, `sort=field,-field`, an opaque cursor, `expand`. Pure: the raw query string (as
// Express parsed it) in, a typed request or a 400 naming the offending parameter out. The value of each filter is
// checked by a zod schema, the same schemas the OpenAPI document is generated from (src/api/v1/openapi.ts).
import { z } from "@medusajs/framework/zod"

export const FILTER_OPERATORS = ["eq", "ne", "gte", "lte", "in"] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/** How each operator is written in a query string, and the parameter name Express then sees. */
export const OPERATOR_SYNTAX: Record<FilterOperator, { example: (f: string) => string; parameter: (f: string) => string }> = {
  eq: { example: (f) => `${f}=value`, parameter: (f) => f },
  ne: { example: (f) => `${f}!=value`, parameter: (f) => `${f}!` },
  gte: { example: (f) => `${f}>=value`, parameter: (f) => `${f}>` },
  lte: { example: (f) => `${f}<=value`, parameter: (f) => `${f}<` },
  in: { example: (f) => `${f}[in]=a,b`, parameter: (f) => `${f}[in]` },
}

export type FilterField = {
  /** One value, from its query-string text. */
  schema: z.ZodType
  operators: readonly FilterOperator[]
  description: string
}

export type Filter = { field: string; op: FilterOperator; value: unknown }

/** A 400 naming the parameter (`details.field`) and why (`details.reason`). */
export class QueryError extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly reason: string
  ) {
    super(message)
  }
}

export const PAGE_MAX_PER_PAGE = 100
export const DEFAULT_PER_PAGE = 20

/** A whole number in a query string: digits only (no sign, decimals, exponent or spaces). */
export function queryInteger(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message })
}

export const PageParam = queryInteger(1, 1_000_000_000, "page must be a whole number of at least 1").describe(
  "Page number, from 1 (default 1). A page past the end is empty."
)
export const PerPageParam = queryInteger(1, PAGE_MAX_PER_PAGE, `per_page must be a whole number from 1 to ${PAGE_MAX_PER_PAGE}`).describe(
  `Items per page (default ${DEFAULT_PER_PAGE}, at most ${PAGE_MAX_PER_PAGE}).`
)

/** The text of a single query parameter: a repeated one (`?a=1&a=2`) is refused rather than guessed. */
function single(raw: unknown, field: string): string {
  if (typeof raw === "string") return raw
  throw new QueryError(`${field} must be given once, as text`, field, "invalid_value")
}

/** Parses one plain parameter with its schema, as a 400 naming it. */
export function parseParam<S extends z.ZodType>(schema: S, raw: unknown, field: string): z.output<S> {
  const result = schema.safeParse(single(raw, field))
  if (result.success) return result.data
  throw new QueryError(result.error.issues[0]?.message ?? `Invalid ${field}`, field, "invalid_value")
}

/** Splits a parameter name into its field and operator: `base_price>` -> base_price, gte. */
function splitParameter(name: string): { field: string; op: FilterOperator | null; suffix: string } {
  const match = /^([A-Za-z_][A-Za-z0-9_.]*)(.*)$/s.exec(name)
  if (!match) return { field: name, op: null, suffix: "" }
  const [, field, suffix] = match
  const op = ({ "": "eq", "!": "ne", ">": "gte", "<": "lte", "[in]": "in" } as Record<string, FilterOperator>)[suffix] ?? null
  return { field, op, suffix }
}

function filterValue(field: string, spec: FilterField, op: FilterOperator, raw: unknown): unknown {
  const parameter = OPERATOR_SYNTAX[op].parameter(field)
  const parseOne = (text: string) => {
    const result = spec.schema.safeParse(text)
    if (!result.success) {
      throw new QueryError(`Invalid value for filter ${field}: ${result.error.issues[0]?.message ?? "invalid"}`, field, "invalid_value")
    }
    return result.data
  }
  if (op !== "in") return parseOne(single(raw, parameter))
  const values = single(raw, parameter).split(",").map((v) => v.trim())
  if (!values.length || values.some((v) => v === "")) {
    throw new QueryError(`Filter ${field}[in] needs a comma-separated list of values`, field, "invalid_value")
  }
  if (values.length > 100) throw new QueryError(`Filter ${field}[in] takes at most 100 values`, field, "invalid_value")
  return values.map(parseOne)
}

/**
 * The filters of a query: every parameter that is not one of `reserved` must be a known field with an operator it
 * allows. Express's parser may give `field[in]` as a nested object `{in: ...}`; both forms are read.
 */
export function parseFilters(
  query: Record<string, unknown>,
  fields: Record<string, FilterField>,
  reserved: readonly string[]
): Filter[] {
  const filters: Filter[] = []
  for (const [name, raw] of Object.entries(query)) {
    if (reserved.includes(name)) continue
    const { field, op, suffix } = splitParameter(name)
    const spec = Object.prototype.hasOwnProperty.call(fields, field) ? fields[field] : undefined
    if (!spec) {
      throw new QueryError(
        `Unknown query parameter ${field}: filters are ${Object.keys(fields).join(", ")}`,
        field,
        "unknown_parameter"
      )
    }
    if (op === "eq" && raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
      // `field[in]=a,b` as Express's extended parser gives it: {in: "a,b"}.
      const entries = Object.entries(raw as Record<string, unknown>)
      if (entries.length !== 1 || entries[0][0] !== "in") {
        throw new QueryError(`Unsupported operator on filter ${field}: use =, !=, >=, <= or [in]`, field, "invalid_operator")
      }
      if (!spec.operators.includes("in")) {
        throw new QueryError(`Filter ${field} does not support [in]`, field, "invalid_operator")
      }
      filters.push({ field, op: "in", value: filterValue(field, spec, "in", entries[0][1]) })
      continue
    }
    if (op === null) {
      throw new QueryError(`Unsupported operator "${suffix}" on filter ${field}: use =, !=, >=, <= or [in]`, field, "invalid_operator")
    }
    if (!spec.operators.includes(op)) {
      const written = { eq: "=", ne: "!=", gte: ">=", lte: "<=", in: "[in]" }[op]
      throw new QueryError(`Filter ${field} does not support ${written}`, field, "invalid_operator")
    }
    filters.push({ field, op, value: filterValue(field, spec, op, raw) })
  }
  return filters
}

export type SortKey = { field: string; descending: boolean }

/** `sort=field,-field`: known fields only, each once; `fallback` when absent. */
export function parseSort(raw: unknown, fields: readonly string[], fallback: SortKey[]): SortKey[] {
  if (raw === undefined) return fallback
  const text = single(raw, "sort")
  const keys = text.split(",").map((part) => part.trim())
  const sort: SortKey[] = []
  for (const key of keys) {
    const descending = key.startsWith("-")
    const field = descending ? key.slice(1) : key
    if (!fields.includes(field)) {
      throw new QueryError(`Unknown sort field "${field}": sort by ${fields.join(", ")}`, "sort", "invalid_value")
    }
    if (sort.some((s) => s.field === field)) throw new QueryError(`Sort field ${field} given twice`, "sort", "invalid_value")
    sort.push({ field, descending })
  }
  return sort
}

/** `expand=a,b`: known names only. */
export function parseExpand(raw: unknown, allowed: readonly string[]): string[] {
  if (raw === undefined) return []
  const names = single(raw, "expand")
    .split(",")
    .map((n) => n.trim())
  for (const name of names) {
    if (!allowed.includes(name)) {
      throw new QueryError(`Unknown expand "${name}": expand ${allowed.join(", ")}`, "expand", "invalid_value")
    }
  }
  return [...new Set(names)]
}

/** A position in a list ordered by (created_at DESC, id DESC): `created_at` in PostgreSQL's microseconds. */
export type Cursor = { createdAt: string; id: string }

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const CURSOR_ID = /^[A-Za-z0-9_]{1,100}$/

/** Opaque to clients: base64url of a small JSON array. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url")
}

export function decodeCursor(raw: unknown): Cursor {
  const invalid = () => new QueryError("Invalid cursor: pass meta.next_cursor of a previous page unchanged", "cursor", "invalid_value")
  const text = single(raw, "cursor")
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) throw invalid()
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"))
  } catch {
    throw invalid()
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid()
  const [createdAt, id] = value
  if (typeof createdAt !== "string" || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt))) throw invalid()
  if (typeof id !== "string" || !CURSOR_ID.test(id)) throw invalid()
  return { createdAt, id }
}

// ------------------------------------------------------------------------------------------------------------
// Value schemas shared by the resources' filters

/** A JSON-number amount in a query string ("12", "12.5"; USD). */
export const amountValue = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "expected an amount such as 12 or 34.99" })
  .transform(Number)

/** Whether YYYY-MM-DD names a real day (JavaScript's parser rolls 2026-02-31 over to March). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split("-").map(Number)
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** An ISO 8601 date or date-time ("2026-01-31", "2026-01-31T12:00:00Z"). */
export const timestampValue = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
    error: "expected an ISO 8601 date or date-time such as 2026-01-31T12:00:00Z",
  })
  .refine((v) => !Number.isNaN(Date.parse(v)) && isCalendarDate(v.slice(0, 10)), { error: "expected a valid date" })
  .transform((v) => new Date(v).toISOString())

export function enumValue<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `expected one of ${values.join(", ")}` })
}

// ------------------------------------------------------------------------------------------------------------
// Vocabulary of /v1/orders: the order book's (docs/order-book.md)

export const PLATFORM_ORDER_STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "cancelled"] as const
export const PLATFORM_ORDER_SOURCES = ["store", "gallery"] as const
