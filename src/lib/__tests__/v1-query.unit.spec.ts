import { z } from "@medusajs/framework/zod"
import {
  amountValue,
  decodeCursor,
  encodeCursor,
  enumValue,
  parseExpand,
  parseFilters,
  parseParam,
  parseSort,
  PerPageParam,
  QueryError,
  timestampValue,
  type FilterField,
} from "../v1-query"

const FIELDS: Record<string, FilterField> = {
  status: { schema: enumValue(["draft", "active"] as const), operators: ["eq", "ne", "in"], description: "" },
  base_price: { schema: amountValue, operators: ["eq", "ne", "gte", "lte", "in"], description: "" },
  created_at: { schema: timestampValue, operators: ["eq", "ne", "gte", "lte"], description: "" },
}
const RESERVED = ["page", "per_page", "sort"]

function error(fn: () => unknown): QueryError {
  try {
    fn()
  } catch (e) {
    if (e instanceof QueryError) return e
    throw e
  }
  throw new Error("no error")
}

describe("parseFilters", () => {
  it("reads every operator as Express's parser gives them", () => {
    expect(
      parseFilters(
        { status: "active", "base_price!": "10", "base_price>": "5.5", "base_price<": "100", "created_at>": "2026-01-01", page: "2" },
        FIELDS,
        RESERVED
      )
    ).toEqual([
      { field: "status", op: "eq", value: "active" },
      { field: "base_price", op: "ne", value: 10 },
      { field: "base_price", op: "gte", value: 5.5 },
      { field: "base_price", op: "lte", value: 100 },
      { field: "created_at", op: "gte", value: "2026-01-01T00:00:00.000Z" },
    ])
    expect(parseFilters({ status: { in: "draft, active" } }, FIELDS, RESERVED)).toEqual([
      { field: "status", op: "in", value: ["draft", "active"] },
    ])
    expect(parseFilters({ "status[in]": "draft" }, FIELDS, RESERVED)).toEqual([{ field: "status", op: "in", value: ["draft"] }])
  })

  it.each([
    [{ colour: "red" }, "colour", "unknown_parameter"],
    [{ "colour!": "red" }, "colour", "unknown_parameter"],
    [{ "status>": "draft" }, "status", "invalid_operator"],
    [{ "created_at[in]": "2026-01-01" }, "created_at", "invalid_operator"],
    [{ status: { nin: "draft" } }, "status", "invalid_operator"],
    [{ "base_price>>": "1" }, "base_price", "invalid_operator"],
    [{ status: "bogus" }, "status", "invalid_value"],
    [{ status: ["draft", "active"] }, "status", "invalid_value"],
    [{ "base_price>": "-1" }, "base_price", "invalid_value"],
    [{ "base_price>": "1e3" }, "base_price", "invalid_value"],
    [{ "status[in]": "draft,,active" }, "status", "invalid_value"],
    [{ "created_at<": "yesterday" }, "created_at", "invalid_value"],
    [{ "created_at<": "2026-02-31" }, "created_at", "invalid_value"],
  ])("400 for %j (field %s, %s)", (query, field, reason) => {
    const e = error(() => parseFilters(query as Record<string, unknown>, FIELDS, RESERVED))
    expect(e.field).toBe(field)
    expect(e.reason).toBe(reason)
  })
})

describe("parseSort", () => {
  const fields = ["title", "base_price", "created_at"]
  it("fields with a minus for descending; the fallback when absent", () => {
    expect(parseSort("title,-base_price", fields, [])).toEqual([
      { field: "title", descending: false },
      { field: "base_price", descending: true },
    ])
    expect(parseSort(undefined, fields, [{ field: "created_at", descending: true }])).toEqual([
      { field: "created_at", descending: true },
    ])
  })
  it.each(["bogus", "-", "title,title", "title,", ["title", "-title"]])("400 for %j", (raw) => {
    expect(error(() => parseSort(raw, fields, [])).field).toBe("sort")
  })
})

describe("parseExpand and plain parameters", () => {
  it("expand names known relations only", () => {
    expect(parseExpand("customer,items,customer", ["customer", "items"])).toEqual(["customer", "items"])
    expect(parseExpand(undefined, ["customer"])).toEqual([])
    expect(error(() => parseExpand("payments", ["customer", "items"])).field).toBe("expand")
  })

  it("per_page is 1..100, digits only", () => {
    expect(parseParam(PerPageParam, "100", "per_page")).toBe(100)
    for (const raw of ["0", "101", "x", "1.5", "-1", " 5", "", ["5", "6"]]) {
      expect(error(() => parseParam(PerPageParam, raw, "per_page")).field).toBe("per_page")
    }
  })

  it("a schema's first message is the error's", () => {
    const e = error(() => parseParam(z.string().min(3, { error: "too short" }), "ab", "q"))
    expect(e.message).toBe("too short")
  })
})

describe("cursor", () => {
  it("round-trips and refuses anything else", () => {
    const cursor = { createdAt: "2026-11-22T10:00:00.123456Z", id: "order_01ABC" }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    const bad = [
      "",
      "not a cursor!",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["2026-11-22T10:00:00Z","order_1"]').toString("base64url"),
      Buffer.from('["2026-11-22T10:00:00.123456Z","order 1"]').toString("base64url"),
      Buffer.from("{").toString("base64url"),
    ]
    for (const raw of bad) expect(error(() => decodeCursor(raw)).field).toBe("cursor")
  })
})
