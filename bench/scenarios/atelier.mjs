// Atelier's gallery hot paths: product list, cart add, and the full multi-artist checkout through confirm.
import crypto from "node:crypto"
import { client } from "../lib/http.mjs"
import { autocannonRun, timedPool } from "../lib/load.mjs"

const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print"]

/** Product ids by handle (the gallery list carries `handle`; SQL on `product` when it does not). */
export async function setupAtelier({ baseUrl, sql }) {
  const call = client(baseUrl)
  const ids = {}
  const { products = [] } = (await call("GET", "/api/gallery/products?limit=100")) ?? {}
  for (const product of products) if (HANDLES.includes(product.handle)) ids[product.handle] = product.id
  const missing = HANDLES.filter((handle) => !ids[handle])
  if (missing.length) {
    const { rows } = await sql(`SELECT id, handle FROM product WHERE handle = ANY($1) AND deleted_at IS NULL`, [missing])
    for (const row of rows) ids[row.handle] = row.id
  }
  const absent = HANDLES.filter((handle) => !ids[handle])
  if (absent.length) throw new Error(`demo products not found: ${absent.join(", ")}`)
  return { call, ids }
}

const cartCookie = (sessionId) => `gallery_cart_session=${sessionId}`

/** GET /api/gallery/products?limit=20. */
export function galleryProductList(ctx, { baseUrl, concurrency, durationS }) {
  return autocannonRun({ url: `${baseUrl}/api/gallery/products?limit=20`, connections: concurrency, durationS })
}

/**
 * POST /api/gallery/cart/add {productId: studio-east-print, quantity: 1}: each connection its own cart session
 * (a fresh UUID cookie per connection, as Medusa's side uses one cart per connection).
 */
export function galleryCartAdd(ctx, { baseUrl, concurrency, durationS }) {
  const body = JSON.stringify({ productId: ctx.ids["studio-east-print"], quantity: 1 })
  return autocannonRun({
    url: `${baseUrl}/api/gallery/cart/add`,
    connections: concurrency,
    durationS,
    requests: [
      {
        method: "POST",
        setupRequest: (req, context) => {
          context.sessionId ??= crypto.randomUUID()
          return {
            ...req,
            headers: { ...req.headers, "content-type": "application/json", cookie: cartCookie(context.sessionId) },
            body,
          }
        },
      },
    ],
  })
}

const CHECKOUT_ADDRESS = {
  name: "Bench Customer",
  line1: "1 Benchmark Way",
  city: "New York",
  state: "NY",
  postal_code: "10001",
  country: "US",
}

/**
 * Is the checkout contract served yet? Express answers an unknown route with an HTML 404 ("Cannot POST");
 * a served route answers JSON (400 for an empty body, 404 JSON for an unknown intent).
 */
export async function checkoutAvailability(baseUrl) {
  const probe = async (path, body) => {
    const res = await fetch(baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await res.text()
    return !(res.status === 404 && /Cannot POST/.test(text))
  }
  const missing = []
  if (!(await probe("/api/gallery/checkout", {}))) missing.push("POST /api/gallery/checkout")
  if (!(await probe("/api/sandbox/payment-intents/pi_bench_probe/confirm", { payment_method: "pm_card_visa" })))
    missing.push("POST /api/sandbox/payment-intents/{id}/confirm")
  if (!(await probe("/api/gallery/checkout/confirm", {}))) missing.push("POST /api/gallery/checkout/confirm")
  return { available: missing.length === 0, missing }
}

/** A cart of 3 artists, 5 items (5 adds: three prints, then two more of two of them), not timed. */
async function prepareGalleryCart(ctx) {
  const sessionId = crypto.randomUUID()
  const { ids, call } = ctx
  const adds = [
    ids["studio-north-print"],
    ids["studio-south-print"],
    ids["studio-east-print"],
    ids["studio-east-print"],
    ids["studio-north-print"],
  ]
  for (const productId of adds) {
    await call("POST", "/api/gallery/cart/add", {
      body: { productId, quantity: 1 },
      headers: { cookie: cartCookie(sessionId) },
    })
  }
  return sessionId
}

/** Timed together: checkout, the sandbox's card confirmation, and Atelier's confirm (must end `paid`). */
async function checkoutAndConfirm(ctx, sessionId) {
  const { call } = ctx
  const checkout = await call("POST", "/api/gallery/checkout", {
    body: {
      sessionId,
      email: `bench-${sessionId.slice(0, 8)}@atelier.test`,
      shippingOption: "single_address",
      shippingAddress: CHECKOUT_ADDRESS,
    },
  })
  const secret = checkout?.clientSecret
  if (typeof secret !== "string" || !secret.includes("_secret_")) {
    throw new Error(`checkout answered no clientSecret: ${JSON.stringify(checkout).slice(0, 200)}`)
  }
  const paymentIntentId = secret.slice(0, secret.indexOf("_secret_"))
  await call("POST", `/api/sandbox/payment-intents/${paymentIntentId}/confirm`, { body: { payment_method: "pm_card_visa" } })
  const confirmed = await call("POST", "/api/gallery/checkout/confirm", { body: { paymentIntentId } })
  if (confirmed?.order?.status !== "paid") {
    throw new Error(`confirm did not answer a paid order: ${JSON.stringify(confirmed).slice(0, 200)}`)
  }
}

/** The full gallery checkout (3 artists, 5 items) through confirm; only checkout + payment + confirm timed. */
export function galleryCheckout(ctx, { concurrency, durationS }) {
  return timedPool({
    concurrency,
    durationS,
    prepare: () => prepareGalleryCart(ctx),
    timed: (sessionId) => checkoutAndConfirm(ctx, sessionId),
  })
}
