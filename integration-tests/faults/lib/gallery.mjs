// The buyer's and the payment provider's side of the gallery checkout, over HTTP against running Atelier servers:
// cart (cookie), checkout, the local gateway's card confirmation, Atelier's confirm, signed provider webhooks.
// Shared by the scale-out test and the fault-injection harness; it talks to the servers only through their public
// routes and to the database only to read, except where it plays the payment provider or the shop's operator (each
// such write says so).
import crypto from "node:crypto"
import Stripe from "stripe"

export const DEMO_PASSWORD = "atelier-demo"
export const DEMO_ADMIN_EMAIL = "admin@atelier.test"
export const PRINT_HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print"]
export const ORIGINAL_HANDLES = ["studio-north-original", "studio-south-original"]
const ALL_HANDLES = [...PRINT_HANDLES, ...ORIGINAL_HANDLES]

export const BUYER_ADDRESS = {
  name: "Faulty Tester",
  line1: "5 Crash Street",
  city: "Portland",
  state: "OR",
  postal_code: "97201",
  country: "US",
}

/**
 * One HTTP exchange: resolves to `{status, body, headers}` for any answer (network failures reject). `signal`
 * aborts it (the harness aborts whatever is in flight when it kills a server).
 */
export async function request(baseUrl, method, path, { body, headers = {}, rawBody, signal, timeoutMs = 60_000 } = {}) {
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
    signal: AbortSignal.any(signals),
  })
  const text = await res.text()
  let parsed = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers }
}

/** Like `request`, but anything other than `expect` statuses throws with the answer in the message. */
export async function call(baseUrl, method, path, options = {}) {
  const expect = options.expect ?? [200, 201]
  const res = await request(baseUrl, method, path, options)
  if (!expect.includes(res.status)) {
    throw new Error(`${method} ${path} -> ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`)
  }
  return res.body
}

/** Demo catalogue facts read from the database: product and inventory item ids by handle, and their locations. */
export async function loadCatalogue(sql) {
  const { rows } = await sql(
    `SELECT p.handle, p.id AS product_id, pvii.inventory_item_id, il.location_id
       FROM product p
       JOIN product_variant v ON v.product_id = p.id AND v.deleted_at IS NULL
       JOIN product_variant_inventory_item pvii ON pvii.variant_id = v.id AND pvii.deleted_at IS NULL
       JOIN inventory_level il ON il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL
      WHERE p.handle = ANY($1) AND p.deleted_at IS NULL`,
    [ALL_HANDLES]
  )
  const byHandle = {}
  for (const row of rows) {
    byHandle[row.handle] ??= { productId: row.product_id, inventoryItemId: row.inventory_item_id, locations: [] }
    byHandle[row.handle].locations.push(row.location_id)
  }
  const missing = ALL_HANDLES.filter((h) => !byHandle[h])
  if (missing.length) throw new Error(`demo products missing (seed?): ${missing.join(", ")}`)
  return byHandle
}

/**
 * The organizations with a connected account that can receive payouts (`stripe_account_id`, `payouts_enabled` and
 * `transfers_active`: docs/payout-onboarding.md); the others' payouts stay pending. When none of the studios the harness
 * sells from has one (a database seeded before payout onboarding), it connects studio-north and studio-south, as
 * their artists would through onboarding, and leaves studio-east unconnected — a fixture written straight into the
 * table. The current demo seed onboards all three studios with the local gateway.
 */
export async function connectedAccounts(sql, { connectWhenNone = true, log = () => {} } = {}) {
  const read = async () => {
    const { rows } = await sql(
      `SELECT id, slug, stripe_account_id FROM organization
        WHERE deleted_at IS NULL AND stripe_account_id IS NOT NULL AND payouts_enabled AND transfers_active`
    )
    return rows
  }
  let orgs = await read()
  const studios = ["studio-north", "studio-south", "studio-east"]
  if (connectWhenNone && !orgs.some((o) => studios.includes(o.slug) && o.stripe_account_id)) {
    log("no demo studio has a connected account: connecting studio-north and studio-south (fixture)")
    await sql(
      `UPDATE organization SET stripe_account_id = 'acct_faults_' || replace(slug, '-', '_'), payouts_enabled = true,
              transfers_active = true, updated_at = now()
        WHERE slug = ANY($1) AND deleted_at IS NULL`,
      [["studio-north", "studio-south"]]
    )
    orgs = await read()
  }
  return Object.fromEntries(orgs.filter((o) => o.stripe_account_id).map((o) => [o.id, o.stripe_account_id]))
}

/** The demo administrator's bearer token (Medusa admin user). */
export async function adminToken(baseUrl) {
  const { token } = await call(baseUrl, "POST", "/auth/user/emailpass", {
    body: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  })
  return token
}

/**
 * Sets each listed product's stock (through Medusa's admin API, as the shop's operator would) so that exactly
 * `available` more units can be sold than are reserved now at its first location.
 */
export async function restock(baseUrl, token, sql, catalogue, availableByHandle) {
  for (const [handle, available] of Object.entries(availableByHandle)) {
    const { inventoryItemId, locations } = catalogue[handle]
    const { rows } = await sql(
      `SELECT reserved_quantity FROM inventory_level WHERE inventory_item_id = $1 AND location_id = $2 AND deleted_at IS NULL`,
      [inventoryItemId, locations[0]]
    )
    const reserved = Number(rows[0]?.reserved_quantity ?? 0)
    await call(baseUrl, "POST", `/admin/inventory-items/${inventoryItemId}/location-levels/${locations[0]}`, {
      body: { stocked_quantity: reserved + available },
      headers: { authorization: `Bearer ${token}` },
    })
  }
}

/**
 * A cart with `lines` ([handle, quantity]) built with the cart routes as a browser would (the first add sets the
 * cart cookie), then checkout. Returns the order's facts, or `{refused}` with the checkout's 4xx answer.
 */
export async function checkoutCart(baseUrl, catalogue, lines, { email = "buyer@faults.test" } = {}) {
  let cookie = null
  for (const [handle, quantity] of lines) {
    const res = await request(baseUrl, "POST", "/api/gallery/cart/add", {
      body: { productId: catalogue[handle].productId, quantity },
      headers: cookie ? { cookie } : {},
    })
    if (res.status !== 200) throw new Error(`cart add ${handle} -> ${res.status}: ${JSON.stringify(res.body)}`)
    const setCookie = res.headers.get("set-cookie")
    if (setCookie) cookie = setCookie.split(";")[0]
  }
  if (!cookie) throw new Error("cart add answered without a cart cookie")
  const sessionId = decodeURIComponent(cookie.split("=")[1])
  const res = await request(baseUrl, "POST", "/api/gallery/checkout", {
    body: { sessionId, email, shippingOption: "single_address", shippingAddress: BUYER_ADDRESS },
    headers: { cookie },
  })
  if (res.status >= 400 && res.status < 500) return { refused: res }
  if (res.status !== 200) throw new Error(`checkout -> ${res.status}: ${JSON.stringify(res.body)}`)
  const secret = res.body.clientSecret
  const paymentIntentId = secret.slice(0, secret.indexOf("_secret_"))
  return { publicId: res.body.publicId, paymentIntentId, total: res.body.total, sessionId, lines }
}

/** The local gateway's card confirmation, as the customer's browser sends it (Stripe.js's role). */
export function sandboxConfirm(baseUrl, paymentIntentId, paymentMethod = "pm_card_visa", options = {}) {
  return request(baseUrl, "POST", `/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    body: { payment_method: paymentMethod },
    ...options,
  })
}

/** POST /api/gallery/checkout/confirm, as the storefront calls it after the payment. */
export function checkoutConfirm(baseUrl, paymentIntentId, options = {}) {
  return request(baseUrl, "POST", "/api/gallery/checkout/confirm", { body: { paymentIntentId }, ...options })
}

/**
 * The customer paid at the provider and nobody told Atelier (the browser closed before any confirm; the webhook not
 * yet delivered): the local gateway's intent becomes succeeded with a charge, exactly as its own confirmation
 * writes it. This plays the provider's side: Stripe's state changes without Atelier hearing of it.
 */
export async function payAtGateway(sql, paymentIntentIds) {
  const charges = paymentIntentIds.map(() => `ch_${crypto.randomBytes(12).toString("hex")}`)
  const { rowCount } = await sql(
    `UPDATE sandbox_payment_intent AS i
        SET status = 'succeeded', charge_id = c.charge_id, payment_method = 'pm_card_visa', last_error = NULL,
            updated_at = now()
       FROM unnest($1::text[], $2::text[]) AS c(id, charge_id)
      WHERE i.id = c.id AND i.status <> 'succeeded'`,
    [paymentIntentIds, charges]
  )
  return rowCount
}

/** A `payment_intent.succeeded` event as Stripe sends it (the intent object carries the checkout's metadata). */
export function succeededEvent(paymentIntentId, { orderId, publicId, amount }, id = `evt_${crypto.randomBytes(12).toString("hex")}`) {
  return {
    id,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: paymentIntentId,
        object: "payment_intent",
        status: "succeeded",
        amount,
        currency: "usd",
        metadata: { order_id: orderId, public_id: publicId },
      },
    },
  }
}

/** Delivers `event` to POST /api/webhooks/payments, signed now with `secret` as Stripe signs each delivery. */
export function deliverWebhook(baseUrl, event, secret, options = {}) {
  const payload = JSON.stringify(event)
  return request(baseUrl, "POST", "/api/webhooks/payments", {
    rawBody: payload,
    headers: { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    ...options,
  })
}

/**
 * GET /api/sandbox/transfers?transfer_group=... (Stripe's transfer list, for the local gateway): `{available:
 * false}` while the route is not served (404), else `{available: true, transfers}`.
 */
export async function listTransfersOverHttp(baseUrl, transferGroup) {
  const res = await request(baseUrl, "GET", `/api/sandbox/transfers?transfer_group=${encodeURIComponent(transferGroup)}`)
  if (res.status === 404) return { available: false }
  if (res.status !== 200 || res.body?.object !== "list" || !Array.isArray(res.body.data)) {
    throw new Error(`GET /api/sandbox/transfers -> ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`)
  }
  return { available: true, transfers: res.body.data }
}

/** An administrator's refund of one artist order (its Medusa order id, docs/refunds.md): POST /api/admin/orders/{id}/refunds. */
export function refundAsAdmin(baseUrl, token, medusaOrderId, body, options = {}) {
  return request(baseUrl, "POST", `/api/admin/orders/${medusaOrderId}/refunds`, {
    body,
    headers: { authorization: `Bearer ${token}` },
    ...options,
  })
}

/** The sandbox opens a dispute on an intent's charge (`amount` cents) and raises `charge.dispute.created` (docs/disputes.md). */
export function openSandboxDispute(baseUrl, paymentIntentId, amountCents, options = {}) {
  return request(baseUrl, "POST", `/api/sandbox/payment-intents/${paymentIntentId}/dispute`, { body: { amount: amountCents }, ...options })
}

/** The sandbox closes the intent's dispute (`won` or `lost`) and raises `charge.dispute.closed`; again, it raises it again. */
export function closeSandboxDispute(baseUrl, paymentIntentId, outcome, options = {}) {
  return request(baseUrl, "POST", `/api/sandbox/payment-intents/${paymentIntentId}/dispute/close`, { body: { outcome }, ...options })
}

/**
 * A paid artist-store sale (docs/store-checkout.md): one `handle` from its own studio's store (the handle's
 * `studio-...` prefix), the intent created as a storefront creates it (POST /api/create-payment-intent) and paid with
 * the sandbox's card, whose confirmation settles it. Returns `{paymentIntentId, storePaymentId}` once paid, else null.
 */
export async function paidStoreSale(baseUrl, sql, catalogue, handle, { email = "store-buyer@faults.test" } = {}) {
  const slug = handle.replace(/-(print|original)$/, "")
  const { rows } = await sql(
    `SELECT (SELECT id FROM organization WHERE slug = $1 AND deleted_at IS NULL) AS org_id,
            (SELECT id FROM product_variant WHERE product_id = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1) AS variant_id`,
    [slug, catalogue[handle].productId]
  )
  const { org_id: orgId, variant_id: variantId } = rows[0] ?? {}
  if (!orgId || !variantId) return null
  const created = await request(baseUrl, "POST", "/api/create-payment-intent", {
    body: { org_id: orgId, customer_email: email, items: [{ product_id: catalogue[handle].productId, variant_id: variantId, quantity: 1 }] },
  })
  if (created.status !== 200) return null
  const secret = created.body.clientSecret
  const paymentIntentId = secret.slice(0, secret.indexOf("_secret_"))
  await sandboxConfirm(baseUrl, paymentIntentId)
  const paid = await sql(`SELECT id FROM store_payment WHERE payment_intent_id = $1 AND status = 'paid'`, [paymentIntentId])
  return paid.rows[0] ? { paymentIntentId, storePaymentId: paid.rows[0].id } : null
}
