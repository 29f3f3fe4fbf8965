import { isCompressible, resolveUiRequest, uiContentType } from "../ui-assets"

describe("resolveUiRequest", () => {
  it("serves the app's page for the mount itself and for client-side routes", () => {
    for (const path of ["", "/", "/cart", "/orders/GAL-2026-ABC123", "/products/prod_01/", "/index.html"]) {
      expect(resolveUiRequest(path)).toEqual({ kind: "page" })
    }
  })

  it("names built files, hashed assets cacheable forever", () => {
    expect(resolveUiRequest("/assets/index-3f2a.js")).toEqual({ kind: "file", relative: "assets/index-3f2a.js", immutable: true })
    expect(resolveUiRequest("/favicon.svg")).toEqual({ kind: "file", relative: "favicon.svg", immutable: false })
    expect(resolveUiRequest("/assets/a%20b.css")).toEqual({ kind: "file", relative: "assets/a b.css", immutable: true })
  })

  it("never leaves the app's folder", () => {
    for (const path of [
      "/../package.json",
      "/assets/../../medusa-config.js",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/..%2fsecret.js",
      "/assets\\..\\x.js",
      "/a%00.js",
      "/.env",
      "/%E0%A4%A.js",
    ]) {
      expect(resolveUiRequest(path)).toEqual({ kind: "not_found" })
    }
  })

  it("refuses file kinds the build never writes", () => {
    expect(resolveUiRequest("/server.ts")).toEqual({ kind: "not_found" })
    expect(resolveUiRequest("/dump.sql")).toEqual({ kind: "not_found" })
  })
})

describe("uiContentType and isCompressible", () => {
  it("types the built files", () => {
    expect(uiContentType("assets/x.js")).toBe("text/javascript; charset=utf-8")
    expect(uiContentType("assets/x.CSS")).toBe("text/css; charset=utf-8")
    expect(uiContentType("x.png")).toBe("image/png")
    expect(uiContentType("README")).toBeNull()
    expect(isCompressible("assets/x.js")).toBe(true)
    expect(isCompressible("x.png")).toBe(false)
  })
})
