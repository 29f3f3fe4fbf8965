import { requestPath, routedPath } from "../request-path"

describe("routedPath", () => {
  it("is the path Express routes: lower-cased, without query, fragment or trailing slashes", () => {
    expect(routedPath("/API/Members/me")).toBe("/api/members/me")
    expect(routedPath("/api/products/?limit=5")).toBe("/api/products")
    expect(routedPath("/V1/products#x")).toBe("/v1/products")
    expect(routedPath("/api/members//")).toBe("/api/members")
    expect(routedPath("/")).toBe("/")
    expect(routedPath("")).toBe("/")
  })

  it("leaves escapes and inner slashes as they are (the router does not decode or fold them)", () => {
    expect(routedPath("/api%2Fmembers")).toBe("/api%2fmembers")
    expect(routedPath("/api//members")).toBe("/api//members")
  })

  it("reads a request's original URL before its mounted URL", () => {
    expect(requestPath({ originalUrl: "/API/Admin/x", url: "/x" })).toBe("/api/admin/x")
    expect(requestPath({ url: "/Gallery" })).toBe("/gallery")
    expect(requestPath({})).toBe("/")
  })
})
