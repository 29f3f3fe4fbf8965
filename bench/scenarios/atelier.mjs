// Atelier's gallery hot paths: product list, cart add, and the full multi-artist checkout through confirm.
import crypto from "node:crypto"
import { client } from "../lib/http.mjs"
import { autocannonRun, timedPool } from "../lib/load.mjs"

const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print"]
const STOCK = 1_000_000

/** The inventory levels of the demo prints (`il`), for the stock set-up and the checkouts' stock check. */
const PRINT_LEVELS = `inventory_level il
       JOIN product_variant_inventory_item pvi ON pvi.inventory_item_id = il.inventory_item_id
       JOIN product_variant v ON v.id = pvi.variant_id
       JOIN product p ON p.id = v.product_id
      WHERE p.handle = ANY($1) AND il.deleted_at IS NULL`

/** Stock for the prints the scenarios buy, so that no run ever sells out (both raw and numeric columns). */
async function raisePrintStock(sql) {
  await sql(
    `UPDATE inventory_level
        SET stocked_quantity = $2::int,
            raw_stocked_quantity = jsonb_build_object('value', $2::int::text, 'precision', 20)
      WHERE id IN (SELECT il.id FROM ${PRINT_LEVELS})`,
    [HANDLES, STOCK]
  )
}

/** Units of the demo prints still available to sell (stocked - reserved, over all their levels). */
export async function availablePrintStock(sql) {
  const { rows } = await sql(`SELECT COALESCE(SUM(il.stocked_quantity - il.reserved_quantity), 0)::int AS units FROM ${PRINT_LEVELS}`, [
    HANDLES,
  ])
  return rows[0].units
}

/**
 * Raises the prints' stock to 1,000,000, then finds their product ids by handle (the gallery list carries
 * `handle`; SQL on `product` when it does not).
 */
export async function setupAtelier({ baseUrl, sql }) {
  await raisePrintStock(sql)
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
  return { call, ids, sql }
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

/** The adds of one checkout's cart: 3 artists, 5 items (three prints, then two more of two of them). */
const CART_ADDS = ["studio-north-print", "studio-south-print", "studio-east-print", "studio-east-print", "studio-north-print"]

/** A fresh cart session with the 5 adds, not timed. */
export async function prepareGalleryCart(ctx) {
  const sessionId = crypto.randomUUID()
  for (const handle of CART_ADDS) {
    await ctx.call("POST", "/api/gallery/cart/add", {
      body: { productId: ctx.ids[handle], quantity: 1 },
      headers: { cookie: cartCookie(sessionId) },
    })
  }
  return sessionId
}

/**
 * Timed together: checkout, the sandbox's card confirmation, and Atelier's confirm (must end `paid`). `attempt`
 * records the order the checkout created and whether the flow got through, for the check after the run.
 */
export async function checkoutAndConfirm(ctx, sessionId, attempt) {
  const { call } = ctx
  const checkout = await call("POST", "/api/gallery/checkout", {
    body: {
      sessionId,
      email: `bench-${sessionId.slice(0, 8)}@atelier.test`,
      shippingOption: "single_address",
      shippingAddress: CHECKOUT_ADDRESS,
    },
  })
  attempt.publicId = checkout?.publicId ?? null
  // With rates configured (bench/scenarios/shipping.mjs), a checkout that charged no shipping did not measure it.
  if (ctx.shippingRates && !(checkout?.breakdown?.shipping > 0)) {
    throw new Error(`checkout charged no shipping: ${JSON.stringify(checkout?.breakdown)}`)
  }
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
  attempt.completed = true
}

/**
 * After a run, from the database: every checkout the run attempted (warm-up included) must have answered `paid` and
 * its order must still be `paid`; and the prints' available stock must have dropped by exactly the items of the paid
 * orders (each one's stock reserved, none twice). A failure is a checkout that did not end as a paid order.
 */
export async function verifyCheckouts(ctx, attempts, stockBefore) {
  const publicIds = attempts.map((a) => a.publicId).filter(Boolean)
  const { rows } = await ctx.sql(`SELECT public_id, status FROM gallery_order WHERE public_id = ANY($1)`, [publicIds])
  const status = new Map(rows.map((row) => [row.public_id, row.status]))
  const paid = attempts.filter((a) => a.publicId && status.get(a.publicId) === "paid").length
  const failures = attempts.filter((a) => !a.completed || status.get(a.publicId) !== "paid").length
  const reservedUnits = stockBefore - (await availablePrintStock(ctx.sql))
  const expectedUnits = paid * CART_ADDS.length
  return {
    checkouts: attempts.length,
    orders: publicIds.length,
    paid_orders: paid,
    failures,
    stock_reserved_units: reservedUnits,
    stock_expected_units: expectedUnits,
    stock_ok: reservedUnits === expectedUnits,
  }
}

/**
 * The full gallery checkout (3 artists, 5 items) through confirm; only checkout + payment + confirm timed, then
 * verified (`verification`: see verifyCheckouts).
 */
export async function galleryCheckout(ctx, { concurrency, durationS }) {
  const stockBefore = await availablePrintStock(ctx.sql)
  const attempts = []
  const figures = await timedPool({
    concurrency,
    durationS,
    prepare: () => prepareGalleryCart(ctx),
    timed: (sessionId) => {
      const attempt = { publicId: null, completed: false }
      attempts.push(attempt)
      return checkoutAndConfirm(ctx, sessionId, attempt)
    },
  })
  return { ...figures, verification: await verifyCheckouts(ctx, attempts, stockBefore) }
}
