import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { anyStatus, type Api } from "../helpers/accounts"
import { COLLECTOR_ADDRESS, COLLECTOR_EMAIL, orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"
import { AtelierApiError, createAtelierSdk, paymentIntentIdOf, type AtelierSdk } from "../../src/sdk"

jest.setTimeout(240000)

const HANDLES = [
  "studio-north-print",
  "studio-south-print",
  "studio-north-draft",
  "studio-north-not-eligible",
  "studio-pending-print",
] as const

/** A fetch that keeps the cookies the server sets, as a browser would for one site. */
function cookieJarFetch(): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "))
    const res = await fetch(input, { ...init, headers })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";")
      const index = pair.indexOf("=")
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
    }
    return res
  }
}

async function rejection(promise: Promise<unknown>): Promise<AtelierApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AtelierApiError) return error
    throw error
  }
  throw new Error("expected the call to fail")
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    const baseUrl = () => (rawApi as unknown as { defaults: { baseURL: string } }).defaults.baseURL
    let container: MedusaContainer
    let pg: Knex
    let product: Record<(typeof HANDLES)[number], string>
    let org: Record<"studio-north" | "studio-south", string>
    const sdk = (): AtelierSdk => createAtelierSdk({ baseUrl: baseUrl(), fetch: cookieJarFetch() })

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      product = (await productIdsByHandle(container, HANDLES)) as typeof product
      org = (await orgIdsBySlug(container, ["studio-north", "studio-south"])) as typeof org
    })

    describe("GET /api/gallery/products/{id}", () => {
      it("answers an eligible product as the list shows it", async () => {
        const list = await api.get(`/api/gallery/products?org_id=${org["studio-north"]}&limit=100`)
        const listed = list.data.products.find((p: { id: string }) => p.id === product["studio-north-print"])
        const res = await api.get(`/api/gallery/products/${product["studio-north-print"]}`)
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ product: listed })
        expect(res.data.product).toMatchObject({
          handle: "studio-north-print",
          price: 34.99,
          sku: "NORTH-PRINT-001",
          product_type: "print",
          organizations: { slug: "studio-north" },
        })
      })

      it("does not find what the gallery does not show", async () => {
        for (const id of [
          product["studio-north-draft"],
          product["studio-north-not-eligible"],
          product["studio-pending-print"],
          "prod_unknown",
          "x".repeat(101),
        ]) {
          const res = await api.get(`/api/gallery/products/${id}`, anyStatus)
          expect([id, res.status, res.data]).toEqual([id, 404, { error: "Product not found" }])
        }
      })
    })

    it("GET /api/gallery/config names the local gateway", async () => {
      const res = await api.get("/api/gallery/config")
      expect(res.data).toEqual({ payments: { provider: "local" } })
    })

    describe("X-Error-Field", () => {
      it("names the offending field of a gallery error, whose body stays {error}", async () => {
        const cases: Array<[string, unknown, string, string | undefined]> = [
          ["/api/gallery/cart/add", { productId: product["studio-north-print"], quantity: 0 }, "Quantity must be a positive whole number", "quantity"],
          ["/api/gallery/checkout", { sessionId: "s", email: "nope", shippingOption: "per_artist" }, "Invalid email address", "email"],
          ["/api/gallery/checkout", { sessionId: "s", email: "a@b.co", shippingOption: "single_address" }, "Missing required fields", "shippingAddress"],
          [
            "/api/gallery/orders/GAL-2026-ABCDEF/addresses",
            { orgId: "org", email: "a@b.co", shippingAddress: { ...COLLECTOR_ADDRESS, city: " " } },
            "Missing required fields",
            "shippingAddress.city",
          ],
          ["/api/gallery/cart/add", { productId: "prod_unknown" }, "Product not found", undefined],
        ]
        for (const [url, body, message, field] of cases) {
          const res = await api.post(url, body, { ...anyStatus, headers: { origin: "http://localhost:5173" } })
          expect([url, res.data, res.headers["x-error-field"]]).toEqual([url, { error: message }, field])
          // Readable by a storefront on another allowed origin.
          expect(String(res.headers["access-control-expose-headers"])).toContain("X-Error-Field")
        }
      })
    })

    describe("the storefront SDK against the server", () => {
      it("buys works of two artists and tracks them: browse, cart, checkout, sandbox card, confirm, tracking, address", async () => {
        const shop = sdk()
        const { products, count } = await shop.gallery.products.list({ product_type: "print", sort: "price_asc", limit: 100 })
        expect(count).toBe(products.length)
        expect(products.every((p) => p.product_type === "print")).toBe(true)
        expect((await shop.gallery.products.retrieve(product["studio-south-print"])).product.name).toBe("Desert Bloom (Fine art print)")

        const added = await shop.gallery.cart.add({ productId: product["studio-north-print"] })
        await shop.gallery.cart.add({ productId: product["studio-south-print"], quantity: 3 })
        const { cart } = await shop.gallery.cart.retrieve()
        expect(cart).toMatchObject({ sessionId: added.item.sessionId, itemCount: 4, artistCount: 2, subtotal: 171.49 })
        const south = cart.items.find((item) => item.productId === product["studio-south-print"])!
        expect((await shop.gallery.cart.update({ itemId: south.id, quantity: 2 })).item.quantity).toBe(2)

        const checkout = await shop.gallery.checkout.create({ sessionId: cart.sessionId!, email: COLLECTOR_EMAIL, shippingOption: "per_artist" })
        expect(checkout.breakdown).toEqual({ subtotal: 125.99, galleryFee: 15.12, stripeFee: 4.39, total: 145.5 })
        const paymentIntentId = paymentIntentIdOf(checkout.clientSecret)

        const declined = await rejection(shop.sandbox.confirmPaymentIntent(paymentIntentId, "pm_card_chargeDeclined"))
        expect([declined.status, declined.message, declined.code]).toEqual([402, "Your card was declined.", "card_declined"])
        expect((await shop.sandbox.confirmPaymentIntent(paymentIntentId, "pm_card_visa")).status).toBe("succeeded")
        const confirmed = await shop.gallery.checkout.confirm({ paymentIntentId })
        expect(confirmed.order).toMatchObject({ publicId: checkout.publicId, status: "paid", total: 145.5, email: COLLECTOR_EMAIL })
        expect((await shop.gallery.cart.retrieve()).cart.items).toEqual([])

        const { order } = await shop.gallery.orders.retrieve(checkout.publicId)
        expect(order.artistOrders.map((a) => [a.artistName, a.status, a.shippingAddress]).sort()).toEqual([
          ["Studio North", "paid", null],
          ["Studio South", "paid", null],
        ])
        const wrong = await rejection(
          shop.gallery.orders.setArtistAddress(checkout.publicId, { orgId: org["studio-north"], email: "other@x.co", shippingAddress: COLLECTOR_ADDRESS })
        )
        expect([wrong.status, wrong.message, wrong.field]).toEqual([404, "Order not found", null])
        const incomplete = await rejection(
          shop.gallery.orders.setArtistAddress(checkout.publicId, {
            orgId: org["studio-north"],
            email: COLLECTOR_EMAIL,
            shippingAddress: { ...COLLECTOR_ADDRESS, postal_code: "" },
          })
        )
        expect([incomplete.status, incomplete.message, incomplete.field]).toEqual([400, "Missing required fields", "shippingAddress.postal_code"])
        const updated = await shop.gallery.orders.setArtistAddress(checkout.publicId, {
          orgId: org["studio-north"],
          email: COLLECTOR_EMAIL.toUpperCase(),
          shippingAddress: COLLECTOR_ADDRESS,
        })
        expect(updated.order.artistOrders.find((a) => a.orgId === org["studio-north"])!.shippingAddress).toEqual(COLLECTOR_ADDRESS)

        const { rows } = await pg.raw(
          `SELECT a.organization_id, a.shipping_address->>'city' AS city FROM gallery_artist_order a
             JOIN gallery_order g ON g.id = a.gallery_order_id WHERE g.public_id = ? `,
          [checkout.publicId]
        )
        const cities = Object.fromEntries(rows.map((r: { organization_id: string; city: string | null }) => [r.organization_id, r.city]))
        expect(cities).toEqual({ [org["studio-north"]]: "Portland", [org["studio-south"]]: null })
      })

      it("reaches the visitors' and storefront routes, with the API's messages and fields", async () => {
        const shop = sdk()
        const subscribed = await shop.gallery.newsletter.subscribe({ email: "Reader@Example.com", firstName: "Ada" })
        expect(subscribed.subscriber).toMatchObject({ email: "reader@example.com", isActive: true })
        const invalid = await rejection(shop.gallery.newsletter.subscribe({ email: "nope" }))
        expect([invalid.status, invalid.message, invalid.field]).toEqual([400, "Invalid email address", "email"])
        expect(await shop.gallery.newsletter.unsubscribe({ email: "reader@example.com" })).toEqual({ success: true })

        const referral = await shop.gallery.referral.track({ org_id: org["studio-south"] })
        expect(referral.referral.orgId).toBe(org["studio-south"])
        // The SDK's fetch sent the gallery_ref cookie back: the same visitor, the same referral.
        expect((await shop.gallery.referral.track({ org_id: org["studio-south"] })).referral.id).toBe(referral.referral.id)

        const { collections } = await shop.gallery.collections.list()
        expect(Array.isArray(collections)).toBe(true)
        expect(Array.isArray((await shop.gallery.spotlights.list()).spotlights)).toBe(true)

        const { rows } = await pg.raw(`SELECT id FROM product_variant WHERE product_id = ? AND deleted_at IS NULL LIMIT 1`, [
          product["studio-north-print"],
        ])
        const captured = await shop.store.captureCartEmail({
          email: "buyer@example.com",
          org_id: org["studio-north"],
          cart_items: [{ product_id: product["studio-north-print"], variant_id: rows[0].id, quantity: 1, price: 34.99 }],
          cart_total: 34.99,
        })
        expect(captured).toEqual({ success: true })

        // An artist store's checkout: the intent, then the sandbox card as Stripe.js would confirm it.
        const intent = await shop.store.createPaymentIntent({
          org_id: org["studio-north"],
          customer_email: "buyer@example.com",
          items: [{ product_id: product["studio-north-print"], variant_id: rows[0].id, quantity: 2 }],
        })
        expect(intent.clientSecret).toMatch(/^pi_.+_secret_/)
        expect(typeof intent.platformFee).toBe("number")
        expect((await shop.sandbox.confirmPaymentIntent(paymentIntentIdOf(intent.clientSecret), "pm_card_visa")).status).toBe("succeeded")
        const noStore = await rejection(
          shop.store.createPaymentIntent({ org_id: "org_nope", customer_email: "buyer@example.com", items: [{ product_id: "p", variant_id: "v", quantity: 1 }] })
        )
        expect([noStore.status, noStore.message, noStore.code]).toEqual([404, "Organization not found", "not_found"])
        const unknownStore = await rejection(
          shop.store.captureCartEmail({ email: "buyer@example.com", org_id: "org_nope", cart_items: [], cart_total: 0 })
        )
        expect([unknownStore.status, unknownStore.code, unknownStore.field]).toEqual([400, "invalid_request", "cart_items"])
      })
    })

    describe("/gallery, the storefront app", () => {
      let dir: string
      const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
        fetch(`${baseUrl()}${url}`, { method, headers: { "accept-encoding": "identity", ...headers } })

      beforeAll(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-ui-"))
        process.env.UI_DIST_DIR = dir
      })
      afterAll(() => {
        delete process.env.UI_DIST_DIR
        fs.rmSync(dir, { recursive: true, force: true })
      })

      it("answers 503 with the build command before the app is built, without touching the API", async () => {
        const res = await get("/gallery/cart")
        expect(res.status).toBe(503)
        expect(await res.text()).toContain("npm run build:ui")
        expect((await api.get("/api/gallery/config")).status).toBe(200)
      })

      it("serves the built app: its files, and its page for every app path", async () => {
        const app = path.join(dir, "gallery")
        fs.mkdirSync(path.join(app, "assets"), { recursive: true })
        fs.writeFileSync(path.join(app, "index.html"), "<!doctype html><title>Atelier Gallery</title>")
        const script = "console.log('gallery')\n".repeat(50)
        fs.writeFileSync(path.join(app, "assets/index-abc123.js"), script)
        fs.writeFileSync(path.join(app, "assets/index-abc123.js.gz"), zlib.gzipSync(script))
        fs.writeFileSync(path.join(dir, "secret.txt"), "outside the app")

        for (const url of ["/gallery", "/gallery/", "/gallery/cart", "/gallery/orders/GAL-2026-ABCDEF", "/gallery/index.html"]) {
          const res = await get(url)
          expect([url, res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([
            url,
            200,
            "text/html; charset=utf-8",
            "no-cache",
          ])
          expect(await res.text()).toContain("Atelier Gallery")
        }

        const asset = await get("/gallery/assets/index-abc123.js")
        expect([asset.status, asset.headers.get("content-type"), asset.headers.get("cache-control")]).toEqual([
          200,
          "text/javascript; charset=utf-8",
          "public, max-age=31536000, immutable",
        ])
        expect(await asset.text()).toBe(script)
        const gzipped = await get("/gallery/assets/index-abc123.js", { "accept-encoding": "gzip" })
        expect(gzipped.headers.get("content-encoding")).toBe("gzip")
        expect(await gzipped.text()).toBe(script)
        const head = await get("/gallery/assets/index-abc123.js", {}, "HEAD")
        expect([head.status, head.headers.get("content-length")]).toEqual([200, String(script.length)])

        for (const url of ["/gallery/assets/missing-1.js", "/gallery/..%2fsecret.txt", "/gallery/%2e%2e/secret.txt", "/gallery/.env"]) {
          const res = await get(url)
          expect([url, res.status]).toEqual([url, 404])
        }
        expect((await get("/gallery/cart", {}, "POST")).status).toBe(404)
      })
    })
  },
})
