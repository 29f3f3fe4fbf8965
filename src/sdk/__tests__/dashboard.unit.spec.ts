import { AtelierApiError, createAtelierDashboard, createAtelierSdk } from ".."

type Call = { url: string; init: RequestInit }

function recordingDashboard(
  reply: (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } = () => ({}),
  organizationId: () => string | null = () => null
) {
  const calls: Call[] = []
  const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} }
    calls.push(call)
    const { status = 200, body = {}, headers = {} } = reply(call)
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })
  }) as typeof fetch
  const sdk = createAtelierSdk({ baseUrl: "http://atelier.test:9000", fetch: fakeFetch, auth: { jwtTokenStorageMethod: "memory" } })
  return { sdk, dashboard: createAtelierDashboard(sdk, { organizationId }), calls }
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name)

describe("the dashboard SDK's requests", () => {
  it("calls the dashboard routes with the member's token, query strings and JSON bodies", async () => {
    const { sdk, dashboard, calls } = recordingDashboard()
    await sdk.client.setToken("member-jwt")
    await dashboard.products.list({ status: "active", search: "fjord", limit: 20, offset: 0 })
    await dashboard.products.create({ title: "Fjord", base_price: 34.99, product_type: "print" })
    await dashboard.products.variants.update("prod_1", "variant_1", { price: 40 })
    await dashboard.orders.list({ status: "paid", search: "#12", page: 2 })
    await dashboard.orders.ship("order_1", { carrier: "UPS", tracking_number: "1Z999" })
    await dashboard.members.update({ first_name: "Ada" })
    await dashboard.settings.apiKeys.revoke("key/1")
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["GET", "http://atelier.test:9000/api/products?status=active&search=fjord&limit=20&offset=0"],
      ["POST", "http://atelier.test:9000/api/products"],
      ["PUT", "http://atelier.test:9000/api/products/prod_1/variants/variant_1"],
      ["GET", "http://atelier.test:9000/api/dashboard/orders?status=paid&search=%2312&page=2"],
      ["POST", "http://atelier.test:9000/api/orders/order_1/ship"],
      ["PATCH", "http://atelier.test:9000/api/members/me"],
      ["DELETE", "http://atelier.test:9000/api/settings/api-keys/key%2F1"],
    ])
    expect(calls.every((c) => header(c, "authorization") === "Bearer member-jwt")).toBe(true)
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ title: "Fjord", base_price: 34.99, product_type: "print" })
    expect(JSON.parse(String(calls[4].init.body))).toEqual({ carrier: "UPS", tracking_number: "1Z999" })
  })

  it("acts for the organization chosen at each call (X-Organization-ID), and for the only one without a choice", async () => {
    let chosen: string | null = null
    const { dashboard, calls } = recordingDashboard(undefined, () => chosen)
    await dashboard.settings.storefront.retrieve()
    chosen = "org_2"
    await dashboard.payouts.status()
    expect(header(calls[0], "x-organization-id")).toBeNull()
    expect(header(calls[1], "x-organization-id")).toBe("org_2")
  })

  it("rejects with the dashboard family's message and the field in details", async () => {
    const { dashboard } = recordingDashboard(() => ({
      status: 400,
      body: { error: "base_price must be a number from 0 to 99999999.99 with at most two decimals", code: "invalid_request", details: { field: "base_price" } },
    }))
    const error = (await dashboard.products.create({ title: "x", base_price: 1.234 }).catch((e: unknown) => e)) as AtelierApiError
    expect(error).toBeInstanceOf(AtelierApiError)
    expect([error.status, error.code, error.field]).toEqual([400, "invalid_request", "base_price"])
    expect(error.message).toMatch(/^base_price must be a number/)
  })

  it("calls the campaigns, channels, webhooks and shipping routes", async () => {
    const { dashboard, calls } = recordingDashboard()
    await dashboard.segments.create({ name: "Collectors", filters: { total_spent_gte: 100, source: "gallery" } })
    await dashboard.segments.update("seg_1", { filters: { product_type: "original" } })
    await dashboard.campaigns.list({ status: "sent", limit: 10 })
    await dashboard.campaigns.create({ name: "Spring", subject: "New", content: "<p>Hi</p>", segment_id: "seg_1" })
    await dashboard.campaigns.send("camp_1")
    await dashboard.channels.etsyAuthorizationUrl()
    await dashboard.channels.connectGumroad({ access_token: "tok" })
    await dashboard.channels.disconnect("gumroad")
    await dashboard.channels.import("etsy")
    await dashboard.webhookEndpoints.create({ url: "https://example.com/h", events: ["order.paid"] })
    await dashboard.webhookEndpoints.update("we_1", { enabled: false })
    await dashboard.webhookEndpoints.delete("we_1")
    await dashboard.webhookEndpoints.deliveries.list("we_1", { limit: 20 })
    await dashboard.webhookEndpoints.deliveries.redeliver("we_1", "wd/1")
    await dashboard.shippingRates.create({ name: "Europe", countries: ["FR"], first_item_amount: 12.5 })
    await dashboard.shippingRates.update("so_1", { free_shipping_threshold: null })
    await dashboard.shippingRates.delete("so_1")
    await dashboard.shippingOrigin.update({ address_1: "1 Quay", country_code: "PT" })
    const base = "http://atelier.test:9000"
    expect(calls.map((c) => [c.init.method, c.url.replace(base, "")])).toEqual([
      ["POST", "/api/segments"],
      ["PUT", "/api/segments/seg_1"],
      ["GET", "/api/campaigns?status=sent&limit=10"],
      ["POST", "/api/campaigns"],
      ["POST", "/api/campaigns/camp_1/send"],
      ["GET", "/api/channels/etsy/auth?format=json"],
      ["POST", "/api/channels/gumroad/connect"],
      ["DELETE", "/api/channels/gumroad/disconnect"],
      ["POST", "/api/channels/etsy/import"],
      ["POST", "/api/webhook-endpoints"],
      ["PATCH", "/api/webhook-endpoints/we_1"],
      ["DELETE", "/api/webhook-endpoints/we_1"],
      ["GET", "/api/webhook-endpoints/we_1/deliveries?limit=20"],
      ["POST", "/api/webhook-endpoints/we_1/deliveries/wd%2F1/redeliver"],
      ["POST", "/api/shipping-rates"],
      ["PATCH", "/api/shipping-rates/so_1"],
      ["DELETE", "/api/shipping-rates/so_1"],
      ["PUT", "/api/shipping-origin"],
    ])
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ name: "Collectors", filters: { total_spent_gte: 100, source: "gallery" } })
    expect(JSON.parse(String(calls[10].init.body))).toEqual({ enabled: false })
  })

  it("reads the payouts ledger: balance, cursor pages, statements as JSON and as CSV text (Accept: text/csv)", async () => {
    const { dashboard, calls } = recordingDashboard(
      (call) => {
        if (new Headers(call.init.headers).get("accept") === "text/csv") return { body: "date,kind\n", headers: { "content-type": "text/csv" } }
        return { body: { balance: { earned: 1, sent: 1, pending: 0, held: 0, currency: "usd" } } }
      },
      () => "org_1"
    )
    await dashboard.payouts.balance()
    await dashboard.payouts.ledger({ limit: 20, cursor: "abc", from: "2026-11-01" })
    await dashboard.payouts.statement("2026-11")
    const csv = await dashboard.payouts.statementCsv("2026-11")
    expect(calls.map((c) => [c.init.method, c.url.replace("http://atelier.test:9000", ""), header(c, "accept")])).toEqual([
      ["GET", "/api/payouts/balance", "application/json"],
      ["GET", "/api/payouts/ledger?limit=20&cursor=abc&from=2026-11-01", "application/json"],
      ["GET", "/api/payouts/statements/2026-11", "application/json"],
      ["GET", "/api/payouts/statements/2026-11", "text/csv"],
    ])
    expect(calls.every((c) => header(c, "x-organization-id") === "org_1")).toBe(true)
    // The CSV answer is the text itself (the JSON body the fake sends for the other calls is not parsed here).
    expect(csv).toBe(JSON.stringify("date,kind\n"))
  })
})
