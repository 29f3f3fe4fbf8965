import { resolveV1Path } from "../v1/operations"

describe("resolveV1Path", () => {
  it("knows the platform API's paths and their methods, in any case", () => {
    expect(resolveV1Path("GET", "/products")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("POST", "/products")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("HEAD", "/products")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("GET", "/orders/ord_1")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("GET", "/ORDERS")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("GET", "/openapi.json")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("OPTIONS", "/orders")).toEqual({ outcome: "ok" })
    expect(resolveV1Path("GET", "/payouts/ledger")).toEqual({ outcome: "ok" })
  })

  it("answers 404 for a path it does not have and 405 with Allow for a method", () => {
    expect(resolveV1Path("GET", "/customers")).toEqual({ outcome: "not_found" })
    expect(resolveV1Path("GET", "/orders/ord_1/items")).toEqual({ outcome: "not_found" })
    expect(resolveV1Path("GET", "/")).toEqual({ outcome: "not_found" })
    expect(resolveV1Path("DELETE", "/products")).toEqual({ outcome: "method_not_allowed", allow: ["GET", "POST", "HEAD"] })
    expect(resolveV1Path("POST", "/orders/ord_1")).toEqual({ outcome: "method_not_allowed", allow: ["GET", "HEAD"] })
    expect(resolveV1Path("POST", "/openapi.json")).toEqual({ outcome: "method_not_allowed", allow: ["GET", "HEAD"] })
    expect(resolveV1Path("POST", "/payouts/ledger")).toEqual({ outcome: "method_not_allowed", allow: ["GET", "HEAD"] })
    expect(resolveV1Path("GET", "/payouts")).toEqual({ outcome: "not_found" })
  })
})
