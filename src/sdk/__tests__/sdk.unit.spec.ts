import { FetchError } from "@medusajs/js-sdk"
import { AtelierApiError, createAtelierAuth, createAtelierSdk, paymentIntentIdOf } from ".."

type Call = { url: string; init: RequestInit }

/** An SDK whose fetch records each request and answers `reply` (JSON body, status, headers). */
function recordingSdk(reply: (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } = () => ({})) {
  const calls: Call[] = []
  const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} }
    calls.push(call)
    const { status = 200, body = {}, headers = {} } = reply(call)
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } })
  }) as typeof fetch
  const sdk = createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch, auth: { jwtTokenStorageMethod: "memory" } })
  return { sdk, calls }
}

describe("the storefront SDK's requests", () => {
  it("sends cookies, JSON bodies and query strings to the gallery routes", async () => {
    const { sdk, calls } = recordingSdk()
    await sdk.gallery.products.list({ product_type: "print", price_max: 50, q: undefined, limit: 12 })
    await sdk.gallery.cart.add({ productId: "prod_1", quantity: 2 })
    await sdk.gallery.orders.setArtistAddress("GAL-2026-ABC123", {
      orgId: "org_1",
      email: "a@b.co",
      shippingAddress: { name: "A", line1: "1 Main", city: "Town", state: "CA", postal_code: "90001", country: "US" },
    })
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["GET", "http://shop.test:9000/api/gallery/products?product_type=print&price_max=50&limit=12"],
      ["POST", "http://shop.test:9000/api/gallery/cart/add"],
      ["POST", "http://shop.test:9000/api/gallery/orders/GAL-2026-ABC123/addresses"],
    ])
    expect(calls.every((c) => c.init.credentials === "include")).toBe(true)
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ productId: "prod_1", quantity: 2 })
    expect(new Headers(calls[1].init.headers).get("content-type")).toBe("application/json")
  })

  it("encodes path parameters", async () => {
    const { sdk, calls } = recordingSdk()
    await sdk.gallery.collections.retrieve("a/b?c")
    await sdk.sandbox.confirmPaymentIntent("pi_1", "pm_card_visa")
    expect(calls[0].url).toBe("http://shop.test:9000/api/gallery/collections/a%2Fb%3Fc")
    expect(calls[1].url).toBe("http://shop.test:9000/api/sandbox/payment-intents/pi_1/confirm")
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ payment_method: "pm_card_visa" })
  })

  it("reads an artist's page and the collections showing a work", async () => {
    const { sdk, calls } = recordingSdk()
    await sdk.gallery.artists.retrieve("studio-north", { limit: 12, offset: 12 })
    await sdk.gallery.artists.retrieve("a/b")
    await sdk.gallery.collections.list({ product_id: "prod_1" })
    await sdk.gallery.collections.list()
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["GET", "http://shop.test:9000/api/gallery/artists/studio-north?limit=12&offset=12"],
      ["GET", "http://shop.test:9000/api/gallery/artists/a%2Fb"],
      ["GET", "http://shop.test:9000/api/gallery/collections?product_id=prod_1"],
      ["GET", "http://shop.test:9000/api/gallery/collections"],
    ])
  })

  it("quotes shipping and reads the cart for a destination", async () => {
    const quote = {
      shipping: 12,
      available: true,
      artists: [
        {
          orgId: "org_1",
          artistName: "Studio North",
          country: "FR",
          chargesShipping: true,
          available: true,
          reason: null,
          options: [{ id: "so_1", name: "Standard", amount: 12, estimate: { minDays: 3, maxDays: 5 } }],
          defaultOptionId: "so_1",
          selectedOptionId: "so_1",
          shipping: 12,
        },
      ],
    }
    const { sdk, calls } = recordingSdk((call) => (call.url.includes("/shipping/quote") ? { body: { quote } } : { body: { cart: { shippingQuote: quote } } }))
    const quoted = await sdk.gallery.shipping.quote({ sessionId: "s_1", country: "fr", shippingMethods: { org_1: "so_1" } })
    const { cart } = await sdk.gallery.cart.retrieve({ country: "FR" })
    await sdk.gallery.cart.retrieve()
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["POST", "http://shop.test:9000/api/gallery/shipping/quote"],
      ["GET", "http://shop.test:9000/api/gallery/cart?country=FR"],
      ["GET", "http://shop.test:9000/api/gallery/cart"],
    ])
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ sessionId: "s_1", country: "fr", shippingMethods: { org_1: "so_1" } })
    expect(quoted.quote.artists[0].options[0].estimate).toEqual({ minDays: 3, maxDays: 5 })
    expect(cart.shippingQuote?.shipping).toBe(12)
  })

  it("sends a stored bearer token along with the cookies", async () => {
    const { sdk, calls } = recordingSdk()
    await sdk.client.setToken("jwt-123")
    await sdk.gallery.cart.retrieve()
    expect(new Headers(calls[0].init.headers).get("authorization")).toBe("Bearer jwt-123")
    expect(calls[0].init.credentials).toBe("include")
  })
})

describe("createAtelierAuth", () => {
  it("logs in with Medusa's auth helpers and the SDK's calls then carry the token", async () => {
    const { sdk, calls } = recordingSdk((call) => (call.url.endsWith("/auth/member/emailpass") ? { body: { token: "member-jwt" } } : {}))
    const auth = createAtelierAuth(sdk, { baseUrl: "http://shop.test:9000", auth: { jwtTokenStorageMethod: "memory" } })
    expect(await auth.login("member", "emailpass", { email: "north@atelier.test", password: "atelier-demo" })).toBe("member-jwt")
    await sdk.gallery.cart.retrieve()
    expect(calls[0].url).toBe("http://shop.test:9000/auth/member/emailpass")
    expect(new Headers(calls[1].init.headers).get("authorization")).toBe("Bearer member-jwt")
  })
})

describe("AtelierApiError", () => {
  async function failure(body: unknown, headers: Record<string, string> = {}, status = 400) {
    const { sdk } = recordingSdk(() => ({ status, body, headers }))
    return sdk.gallery.checkout.create({ sessionId: "s", email: "x", shippingOption: "per_artist" }).then(
      () => {
        throw new Error("expected a rejection")
      },
      (error: unknown) => error as AtelierApiError
    )
  }

  it("keeps the gallery's message and the field named by X-Error-Field", async () => {
    const error = await failure({ error: "Invalid email address" }, { "X-Error-Field": "email" })
    expect(error).toBeInstanceOf(AtelierApiError)
    expect(error).toBeInstanceOf(FetchError)
    expect([error.status, error.message, error.field, error.code]).toEqual([400, "Invalid email address", "email", null])
    expect(error.body).toEqual({ error: "Invalid email address" })
  })

  it("reads the other families' bodies", async () => {
    const dashboard = await failure({ error: "Invalid data", code: "invalid_request", details: { field: "name" } })
    expect([dashboard.message, dashboard.code, dashboard.field]).toEqual(["Invalid data", "invalid_request", "name"])
    const platform = await failure({ error: { code: "not_found", message: "Nope", details: { field: null, reason: "x" } } }, {}, 404)
    expect([platform.message, platform.code, platform.field, platform.status]).toEqual(["Nope", "not_found", null, 404])
    const auth = await failure({ error: "Unauthorized", message: "Log in first" }, {}, 401)
    expect(auth.message).toBe("Log in first")
    const declined = await failure({ error: "Your card was declined.", code: "card_declined" }, {}, 402)
    expect([declined.message, declined.code]).toEqual(["Your card was declined.", "card_declined"])
  })

  it("falls back to the status text when the body says nothing", async () => {
    const { sdk } = recordingSdk(() => ({ status: 503, body: null }))
    // (This fake's responses carry no status text.)
    await expect(sdk.gallery.config()).rejects.toMatchObject({ status: 503, message: "HTTP 503" })
  })
})

describe("paymentIntentIdOf", () => {
  it("takes the intent id out of a client secret", () => {
    expect(paymentIntentIdOf("pi_123_secret_abc")).toBe("pi_123")
    expect(paymentIntentIdOf("pi_123")).toBe("pi_123")
  })
})
