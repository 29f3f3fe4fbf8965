import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import {
  UNSAFE_TEXT_MESSAGE,
  inputBackstop,
  optionalText,
  text,
  validateBody,
  validateQuery,
} from "../utils/validation"
import { outcome } from "./parse-outcome"

describe("parseInput", () => {
  const schema = z.object({
    name: text(5, { invalid: "Name required", tooLong: "Name too long", unsafe: "Name has bad characters" }),
    note: optionalText(3, "Note too long"),
    count: z.number().max(3).optional(),
  })

  it("returns the parsed value: trimmed strings, blank optional strings as null, extra fields dropped", async () => {
    expect(await outcome(schema, { name: " Ada ", note: "  ", extra: 1 })).toEqual({
      ok: true,
      value: { name: "Ada", note: null },
    })
  })

  it("answers the first issue's message and field", async () => {
    expect(await outcome(schema, {})).toEqual({ ok: false, message: "Name required", field: "name" })
    expect(await outcome(schema, { name: "   " })).toEqual({ ok: false, message: "Name required", field: "name" })
    expect(await outcome(schema, { name: 7, note: "long" })).toEqual({ ok: false, message: "Name required", field: "name" })
    expect(await outcome(schema, { name: "abcdef" })).toEqual({ ok: false, message: "Name too long", field: "name" })
    expect(await outcome(schema, { name: "Ada", note: "long" })).toEqual({ ok: false, message: "Note too long", field: "note" })
  })

  it("reads a body that is not an object as {}", async () => {
    for (const raw of [undefined, null, "text", [1, 2], 5]) {
      expect(await outcome(schema, raw)).toEqual({ ok: false, message: "Name required", field: "name" })
    }
  })

  it("refuses NUL and unpaired surrogates with the field's message, or the generic one where no field reads them", async () => {
    for (const bad of ["A\u0000", "A\uD800", "\uDC00"]) {
      expect(await outcome(schema, { name: bad })).toEqual({ ok: false, message: "Name has bad characters", field: "name" })
    }
    expect(await outcome(schema, { name: "Ada", extra: { deep: ["ok", "x\u0000"] } })).toEqual({
      ok: false,
      message: UNSAFE_TEXT_MESSAGE,
      field: "extra.deep.1",
    })
  })

  it("words issues the schema left without a message for people, naming the field", async () => {
    expect(await outcome(schema, { name: "Ada", count: 4 })).toEqual({ ok: false, message: "count must be at most 3", field: "count" })
    expect(await outcome(schema, { name: "Ada", count: "x" })).toEqual({ ok: false, message: "count must be a number", field: "count" })
    const other = z.object({ kind: z.enum(["a", "b"]), tags: z.array(z.string()).max(1), at: z.string() }).strict()
    expect(await outcome(other, { kind: "c", tags: [], at: "" })).toEqual({ ok: false, message: "kind must be one of: a, b", field: "kind" })
    expect(await outcome(other, { kind: "a", tags: ["x", "y"], at: "" })).toEqual({
      ok: false,
      message: "tags must be at most 1 item",
      field: "tags",
    })
    expect(await outcome(other, { kind: "a", tags: [] })).toEqual({ ok: false, message: "at is required", field: "at" })
    expect(await outcome(other, { kind: "a", tags: [], at: "", extra: 1 })).toEqual({ ok: false, message: "Unknown parameter: extra" })
  })
})

type Captured = { error?: unknown; called: boolean }

function run(middleware: (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => void, req: object) {
  return new Promise<Captured>((resolve) => {
    middleware(req as MedusaRequest, {} as MedusaResponse, ((error?: unknown) => resolve({ error, called: true })) as MedusaNextFunction)
  })
}

describe("validateBody / validateQuery", () => {
  it("store the parsed input on the request, or pass the 400 on", async () => {
    const schema = z.object({ id: text(10, "ID required") })
    const req: Record<string, unknown> = { body: { id: " x " }, query: { id: "q" } }
    expect(await run(validateBody(schema), req)).toEqual({ error: undefined, called: true })
    expect(req.validatedBody).toEqual({ id: "x" })
    expect(await run(validateQuery(schema), req)).toEqual({ error: undefined, called: true })
    expect(req.validatedQuery).toEqual({ id: "q" })
    const failed = await run(validateBody(schema), { body: {} })
    expect(failed.error).toMatchObject({ message: "ID required", field: "id", type: "invalid_data" })
  })
})

describe("inputBackstop", () => {
  const schema = z.object({ id: text(10, "ID required") })
  const routes: MiddlewareRoute[] = [
    { matcher: "/api/things/:id/rename", methods: ["POST"], middlewares: [validateBody(schema)] },
    { matcher: "/api/search", methods: ["GET"], middlewares: [validateQuery(schema)] },
    { matcher: "/api/other/*", methods: ["POST"], bodyParser: { sizeLimit: "1kb" } },
  ]
  const backstop = inputBackstop(routes, { signedBodyPaths: ["/api/hooks/provider"] })
  const request = (method: string, originalUrl: string, body: unknown = {}, query: unknown = {}) =>
    run(backstop, { method, originalUrl, body, query })

  it("lets safe input through", async () => {
    expect((await request("POST", "/api/other/x", { a: "ok" }, { q: "ok" })).error).toBeUndefined()
  })

  it("refuses unsafe strings in the body, the query or the path of routes without a schema for them", async () => {
    expect((await request("POST", "/api/other/x", { a: ["ok", "\u0000"] })).error).toMatchObject({
      message: UNSAFE_TEXT_MESSAGE,
      field: "body.a.1",
    })
    expect((await request("GET", "/api/things?x=1", {}, { q: "\uD800" })).error).toMatchObject({ field: "query.q" })
    expect((await request("GET", "/api/things/a%00b")).error).toMatchObject({ field: "path" })
    // A body on a route that only validates its query, or on another method, is still checked here.
    expect((await request("GET", "/api/search", { a: "\u0000" })).error).toMatchObject({ field: "body.a" })
    expect((await request("PATCH", "/api/things/1/rename", { id: "\u0000" })).error).toMatchObject({ field: "body.id" })
  })

  it("leaves a provider's signed event body to its route, but still checks its query and path", async () => {
    expect((await request("POST", "/api/hooks/provider", { data: { name: "\u0000" } })).error).toBeUndefined()
    expect((await request("POST", "/api/hooks/provider?x=1", {}, { x: "\u0000" })).error).toMatchObject({ field: "query.x" })
    expect((await request("POST", "/api/hooks/provider/%00", {})).error).toMatchObject({ field: "path" })
  })

  it("leaves input that the route's own schema validates to that schema (its message, after its authentication)", async () => {
    expect((await request("POST", "/api/things/1/rename", { id: "\u0000" })).error).toBeUndefined()
    expect((await request("POST", "/api/things/1/rename/", { id: "\u0000" })).error).toBeUndefined()
    expect((await request("GET", "/api/search?id=x", {}, { id: "\u0000" })).error).toBeUndefined()
  })
})
