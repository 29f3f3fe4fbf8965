import { findUnsafeText, isSafeText } from "../safe-text"

describe("isSafeText", () => {
  it("accepts ordinary text, including paired surrogates (emoji) and other control characters", () => {
    for (const text of ["", "pi_123", "Zoë", "東京", "🎨 art", "tab\tand\nnewline", "\u0001"]) {
      expect(isSafeText(text)).toBe(true)
    }
  })

  it("refuses NUL and unpaired surrogates wherever they are", () => {
    for (const text of ["\u0000", "pi_\u0000", "\u0000x", "\uD800", "a\uD83Db", "\uDC00", "x\uDFFFy", "🎨\uDE00"]) {
      expect(isSafeText(text)).toBe(false)
    }
  })
})

describe("findUnsafeText", () => {
  it("is null for safe values of any shape", () => {
    expect(findUnsafeText(undefined)).toBeNull()
    expect(findUnsafeText(42)).toBeNull()
    expect(findUnsafeText({ a: ["x", { b: "🎨", c: null, d: true }] })).toBeNull()
  })

  it("names the first unsafe value or key by its path", () => {
    expect(findUnsafeText("a\u0000")).toBe("")
    expect(findUnsafeText({ email: "ok", items: [{ id: "x" }, { id: "y\uD800" }] })).toBe("items.1.id")
    expect(findUnsafeText({ first: "\u0000", second: "\u0000" })).toBe("first")
    expect(findUnsafeText({ nested: { "k\u0000": 1 } })).toBe("nested.k\u0000")
  })

  it("walks very deep values without overflowing the stack", () => {
    let deep: unknown = "\u0000"
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findUnsafeText(deep)).toBe(Array(100_000).fill("0").join("."))
  })
})
