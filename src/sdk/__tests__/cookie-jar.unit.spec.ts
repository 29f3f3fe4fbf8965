import { AtelierCookieJar, setCookiesOf } from "../cookie-jar"
import { createAtelierSdk } from ".."

const NOW = Date.parse("2026-03-01T12:00:00Z")

describe("AtelierCookieJar", () => {
  it("keeps what Set-Cookie sets and sends it back as one Cookie header", () => {
    const jar = new AtelierCookieJar()
    jar.store(
      [
        "gallery_cart_session=0b0e5f6c-1d2e-4f3a-8b9c-0d1e2f3a4b5c; Max-Age=2592000; Path=/; Expires=Tue, 31 Mar 2026 12:00:00 GMT; HttpOnly; SameSite=Lax",
        "gallery_ref=7c9e6679-7425-40de-944b-e07fc1f90ae7; Path=/",
      ],
      NOW
    )
    expect(jar.get("gallery_cart_session", NOW)).toBe("0b0e5f6c-1d2e-4f3a-8b9c-0d1e2f3a4b5c")
    expect(jar.header(NOW)).toBe(
      "gallery_cart_session=0b0e5f6c-1d2e-4f3a-8b9c-0d1e2f3a4b5c; gallery_ref=7c9e6679-7425-40de-944b-e07fc1f90ae7"
    )
  })

  it("replaces a cookie set again and forgets it once expired or cleared by the server", () => {
    const jar = new AtelierCookieJar()
    jar.store(["a=1; Max-Age=60", "b=2; Expires=Sun, 01 Mar 2026 12:00:30 GMT", "c=3"], NOW)
    jar.store(["a=4; Max-Age=60"], NOW)
    expect(jar.header(NOW)).toBe("a=4; b=2; c=3")
    expect(jar.header(NOW + 31_000)).toBe("a=4; c=3")
    jar.store(["c=; Max-Age=0", "a=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT"], NOW)
    expect(jar.header(NOW)).toBeNull()
  })

  it("prefers Max-Age to Expires, as browsers do", () => {
    const jar = new AtelierCookieJar()
    jar.store(["a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60"], NOW)
    expect(jar.get("a", NOW + 59_000)).toBe("1")
    expect(jar.get("a", NOW + 60_000)).toBeUndefined()
  })

  it("takes a session id it is given", () => {
    const jar = new AtelierCookieJar()
    jar.set("gallery_cart_session", "abc")
    expect(jar.header()).toBe("gallery_cart_session=abc")
    jar.clear()
    expect(jar.header()).toBeNull()
  })
})

describe("setCookiesOf", () => {
  it("reads each Set-Cookie, also from a fetch that joins them", () => {
    const headers = new Headers()
    headers.append("set-cookie", "a=1; Expires=Tue, 31 Mar 2026 12:00:00 GMT; Path=/")
    headers.append("set-cookie", "b=2")
    expect(setCookiesOf(headers)).toEqual(["a=1; Expires=Tue, 31 Mar 2026 12:00:00 GMT; Path=/", "b=2"])
    const joined = { get: () => "a=1; Expires=Tue, 31 Mar 2026 12:00:00 GMT; Path=/, b=2" } as unknown as Headers
    expect(setCookiesOf(joined).map((c) => c.trim())).toEqual(["a=1; Expires=Tue, 31 Mar 2026 12:00:00 GMT; Path=/", "b=2"])
  })
})

describe("the SDK's cookies outside a browser", () => {
  const SESSION = "0b0e5f6c-1d2e-4f3a-8b9c-0d1e2f3a4b5c"

  /** A server that sets the cart cookie on the first add, and the cookie header of each request it saw. */
  function cartServer() {
    const seen: Array<{ url: string; cookie: string | null; credentials: RequestCredentials | undefined }> = []
    const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
      seen.push({ url: String(input), cookie: new Headers(init?.headers).get("cookie"), credentials: init?.credentials })
      const headers = new Headers({ "content-type": "application/json" })
      if (String(input).endsWith("/cart/add")) headers.append("set-cookie", `gallery_cart_session=${SESSION}; Max-Age=2592000; Path=/; HttpOnly`)
      return new Response("{}", { status: 200, headers })
    }) as typeof fetch
    return { seen, fakeFetch }
  }

  it("sends the cart session back after the first add, and only to its own server", async () => {
    const { seen, fakeFetch } = cartServer()
    const sdk = createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch })
    await sdk.gallery.cart.retrieve()
    await sdk.gallery.cart.add({ productId: "prod_1" })
    await sdk.gallery.cart.retrieve()
    await sdk.client.fetch(new Request("http://elsewhere.test/x") as unknown as string)
    expect(seen.map((s) => s.cookie)).toEqual([null, null, `gallery_cart_session=${SESSION}`, null])
    expect(sdk.client.cookieJar?.get("gallery_cart_session")).toBe(SESSION)
    expect(seen[2].credentials).toBe("include")
  })

  it("keeps one jar per SDK, takes a jar of one's own, and none when told", async () => {
    const { seen, fakeFetch } = cartServer()
    const first = createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch })
    await first.gallery.cart.add({ productId: "prod_1" })
    await createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch }).gallery.cart.retrieve()
    const jar = new AtelierCookieJar()
    jar.set("gallery_cart_session", "kept-id")
    await createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch, cookies: jar }).gallery.cart.retrieve()
    const none = createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch, cookies: false })
    await none.gallery.cart.add({ productId: "prod_1" })
    await none.gallery.cart.retrieve()
    expect(seen.map((s) => s.cookie)).toEqual([null, null, "gallery_cart_session=kept-id", null, null])
    expect(none.client.cookieJar).toBeNull()
  })

  it("keeps a login's token in memory", async () => {
    const { seen, fakeFetch } = cartServer()
    const sdk = createAtelierSdk({ baseUrl: "http://shop.test:9000", fetch: fakeFetch })
    await sdk.client.setToken("jwt-1")
    await sdk.gallery.cart.retrieve()
    expect(seen).toHaveLength(1)
    expect(await sdk.client.getToken()).toBe("jwt-1")
  })
})
