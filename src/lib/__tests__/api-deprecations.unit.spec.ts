import { deprecationHeaders, DEPRECATIONS } from "../api-deprecations"

describe("deprecationHeaders", () => {
  it("GET /orders with page: Deprecation (RFC 9745), Sunset (RFC 8594) and the deprecation link", () => {
    const headers = deprecationHeaders("GET", "/orders", { page: "2" })
    const [entry] = DEPRECATIONS
    expect(headers).toEqual({
      Deprecation: `@${entry.deprecatedAt.getTime() / 1000}`,
      Sunset: "Mon, 01 Nov 2027 00:00:00 GMT",
      Link: `<${entry.link}>; rel="deprecation"; type="text/html"`,
    })
    // Supported 12 months after deprecation (spec 9).
    expect(entry.sunsetAt.getTime() - entry.deprecatedAt.getTime()).toBeGreaterThanOrEqual(365 * 86_400_000)
  })

  it("nothing for other requests", () => {
    expect(deprecationHeaders("GET", "/orders", {})).toEqual({})
    expect(deprecationHeaders("GET", "/orders", { cursor: "x" })).toEqual({})
    expect(deprecationHeaders("GET", "/orders/order_1", { page: "1" })).toEqual({})
    expect(deprecationHeaders("POST", "/orders", { page: "1" })).toEqual({})
    expect(deprecationHeaders("GET", "/products", { page: "1" })).toEqual({})
  })
})
