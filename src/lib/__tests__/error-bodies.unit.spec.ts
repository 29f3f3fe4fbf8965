import { authErrorBody, errorBody, platformErrorBody, routeFamily } from "../error-bodies"

describe("routeFamily", () => {
  it.each([
    ["/v1/products", "platform"],
    ["/v1", "platform"],
    ["/v10/products", "medusa"],
    ["/api/v1/orders", "platform"],
    ["/sandbox/v1/orders", "platform"],
    ["/sandbox/v2/orders", "medusa"],
    ["/api/v10", "application"],
    ["/api/gallery/cart", "gallery"],
    ["/api/gallery", "gallery"],
    ["/api/admin/collections", "gallery"],
    ["/api/administrators", "application"],
    ["/api/products", "application"],
    ["/admin/products", "medusa"],
    ["/store/products", "medusa"],
    ["/auth/user/emailpass", "medusa"],
  ])("%s is %s", (path, family) => {
    expect(routeFamily(path)).toBe(family)
  })
})

describe("errorBody", () => {
  it("platform: {error:{code, message, details:{field, reason}}}", () => {
    expect(errorBody("platform", 400, "title is required", "title")).toEqual({
      error: { code: "invalid_request", message: "title is required", details: { field: "title", reason: "title is required" } },
    })
    expect(errorBody("platform", 429, "Too many requests")).toMatchObject({ error: { code: "rate_limit_exceeded" } })
    expect(errorBody("platform", 503, "Down")).toMatchObject({ error: { code: "internal_error" } })
    expect(errorBody("platform", 422, "Bad")).toMatchObject({ error: { code: "invalid_request" } })
    expect(errorBody("platform", 404, "No such order")).toMatchObject({ error: { code: "not_found" } })
    expect(errorBody("platform", 401, "Unknown key")).toMatchObject({ error: { code: "invalid_api_key" } })
    expect(errorBody("platform", 403, "Missing scope")).toMatchObject({ error: { code: "insufficient_scope" } })
  })

  it("gallery and admin: {error: message}", () => {
    expect(errorBody("gallery", 404, "Product not found")).toEqual({ error: "Product not found" })
  })

  it("application: {error, code, details}", () => {
    expect(errorBody("application", 422, "Bad", "slug")).toEqual({
      error: "Bad",
      code: "validation_error",
      details: { field: "slug" },
    })
    expect(errorBody("application", 404, "Missing")).toEqual({ error: "Missing", code: "not_found", details: {} })
  })

  it("platform bodies with a chosen code and reason", () => {
    expect(platformErrorBody("authentication_required", "Send a key", null, "missing")).toEqual({
      error: { code: "authentication_required", message: "Send a key", details: { field: null, reason: "missing" } },
    })
  })

  it("auth failures", () => {
    expect(authErrorBody(401, "Token expired")).toEqual({ error: "Unauthorized", message: "Token expired" })
    expect(authErrorBody(403, "No")).toEqual({ error: "Forbidden", message: "No" })
  })
})
