import { createAtelierDashboard, createAtelierSdk } from ".."

// The SDK's methods for returns and refunds (docs/returns.md, docs/refunds.md): the routes, methods and bodies sent.

type Call = { url: string; init: RequestInit }

function recording() {
  const calls: Call[] = []
  const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    calls.push({ url: String(input).replace("http://atelier.test:9000", ""), init: init ?? {} })
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } })
  }) as typeof fetch
  const sdk = createAtelierSdk({ baseUrl: "http://atelier.test:9000", fetch: fakeFetch, auth: { jwtTokenStorageMethod: "memory" } })
  return { sdk, dashboard: createAtelierDashboard(sdk), calls }
}

const bodyOf = (call: Call) => (call.init.body ? JSON.parse(String(call.init.body)) : undefined)

describe("returns and refunds in the SDK", () => {
  it("asks for a return from the tracking page", async () => {
    const { sdk, calls } = recording()
    const body = { orgId: "org_1", items: [{ productId: "prod_1", quantity: 1 }], reason: "Too dark", email: "ada@example.com" }
    await sdk.gallery.orders.requestReturn("GAL-2026-AB12CD", body)
    expect(calls.map((c) => [c.init.method, c.url, bodyOf(c)])).toEqual([["POST", "/api/gallery/orders/GAL-2026-AB12CD/returns", body]])
  })

  it("lists, refunds and moves returns of a dashboard order, and reads and sets the return window", async () => {
    const { dashboard, calls } = recording()
    await dashboard.orders.refunds.list("order_1")
    await dashboard.orders.refunds.create("order_1", { reason: "Damaged", items: [{ id: "ordli_1", quantity: 1 }], include_shipping: true })
    await dashboard.orders.refunds.create("order_1", { reason: "Goodwill", amount: 5 })
    await dashboard.orders.returns.list("order_1")
    await dashboard.orders.returns.accept("order_1", "ret/1", { instructions: "Post it back" })
    await dashboard.orders.returns.refuse("order_1", "ret_1", { reason: "Worn" })
    await dashboard.orders.returns.receive("order_1", "ret_1")
    await dashboard.settings.returns.retrieve()
    await dashboard.settings.returns.update({ return_window_days: 14 })
    expect(calls.map((c) => [c.init.method, c.url, bodyOf(c)])).toEqual([
      ["GET", "/api/orders/order_1/refunds", undefined],
      ["POST", "/api/orders/order_1/refunds", { reason: "Damaged", items: [{ id: "ordli_1", quantity: 1 }], include_shipping: true }],
      ["POST", "/api/orders/order_1/refunds", { reason: "Goodwill", amount: 5 }],
      ["GET", "/api/orders/order_1/returns", undefined],
      ["POST", "/api/orders/order_1/returns/ret%2F1/accept", { instructions: "Post it back" }],
      ["POST", "/api/orders/order_1/returns/ret_1/refuse", { reason: "Worn" }],
      ["POST", "/api/orders/order_1/returns/ret_1/receive", {}],
      ["GET", "/api/settings/returns", undefined],
      ["PUT", "/api/settings/returns", { return_window_days: 14 }],
    ])
  })
})
