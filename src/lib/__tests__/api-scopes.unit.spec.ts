import { API_SCOPES, isApiScope, normalizeScopes, scopeAllows } from "../api-scopes"

describe("scopeAllows", () => {
  it.each([
    [["read:products"], "read:products", true],
    [["read:products"], "write:products", false],
    [["write:products"], "read:products", true],
    [["write:products"], "write:products", true],
    [["write:products"], "read:orders", false],
    [["write:orders"], "read:orders", true],
    [["read:orders"], "read:products", false],
    [["admin"], "write:orders", true],
    [["admin"], "read:products", true],
    [[], "read:products", false],
    [["read:products", "read:orders"], "write:orders", false],
  ] as const)("%j allows %s: %s", (granted, required, expected) => {
    expect(scopeAllows(granted, required)).toBe(expected)
  })
})

describe("normalizeScopes and isApiScope", () => {
  it("keeps known scopes once, in canonical order", () => {
    expect(normalizeScopes(["admin", "read:orders", "read:orders", "bogus"])).toEqual(["read:orders", "admin"])
    expect(API_SCOPES.every(isApiScope)).toBe(true)
    expect(isApiScope("read:everything")).toBe(false)
    expect(isApiScope(1)).toBe(false)
  })
})
