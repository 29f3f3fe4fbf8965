// An artist store's checkout (docs/store-checkout.md): create the intent, pay it with the sandbox card, see the order
// in the artist's dashboard — the Medusa order is made inside this flow, unlike the gallery's.
import crypto from "node:crypto"
import { client } from "../lib/http.mjs"
import { timedPool } from "../lib/load.mjs"

const DEMO_PASSWORD = "atelier-demo"
const STORE_ADDRESS = {
  name: "Bench Customer",
  line1: "1 Benchmark Way",
  city: "New York",
  state: "NY",
  postal_code: "10001",
  country: "US",
}

/** One print of studio-north, as Medusa's completion benchmark buys one item (stock raised by setupAtelier). */
const HANDLE = "studio-north-print"

export async function setupStore({ baseUrl, sql }) {
  const call = client(baseUrl)
  const member = await call("POST", "/auth/member/emailpass", { body: { email: "north@atelier.test", password: DEMO_PASSWORD } })
  const { rows } = await sql(
    `SELECT v.id AS variant_id, v.product_id, l.organization_id
       FROM product p JOIN product_variant v ON v.product_id = p.id AND v.deleted_at IS NULL
       JOIN product_sales_channel psc ON psc.product_id = p.id AND psc.deleted_at IS NULL
       JOIN organization_organization_sales_channel_sales_channel l ON l.sales_channel_id = psc.sales_channel_id AND l.deleted_at IS NULL
      WHERE p.handle = $1 AND p.deleted_at IS NULL LIMIT 1`,
    [HANDLE]
  )
  if (!rows[0]) throw new Error(`demo product ${HANDLE} not found`)
  return { call, sql, memberToken: member.token, line: rows[0] }
}

/** Is the store checkout served yet (JSON 400 for an empty body, not Express's HTML 404)? */
export async function storeCheckoutAvailability(baseUrl) {
  const res = await fetch(`${baseUrl}/api/create-payment-intent`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  const available = !(res.status === 404 && /Cannot POST/.test(text))
  return { available, missing: available ? [] : ["POST /api/create-payment-intent"] }
}

/**
 * Timed together: POST /api/create-payment-intent, POST /api/sandbox/payment-intents/{pi}/confirm (the store payment
 * is settled and its Medusa order made before it answers), then the order as the artist's dashboard lists it
 * (GET /api/dashboard/orders?search=<the shopper's email>, must show one paid order).
 */
export async function storeCheckout(ctx, { concurrency, durationS }) {
  const { call, line, memberToken } = ctx
  return timedPool({
    concurrency,
    durationS,
    prepare: async () => `bench-store-${crypto.randomUUID().slice(0, 12)}@atelier.test`,
    timed: async (email) => {
      const intent = await call("POST", "/api/create-payment-intent", {
        body: {
          org_id: line.organization_id,
          customer_email: email,
          items: [{ product_id: line.product_id, variant_id: line.variant_id, quantity: 1 }],
          // The artist's cheapest rate to the US when it has rates (bench/scenarios/shipping.mjs); ignored without.
          shipping_address: STORE_ADDRESS,
        },
      })
      if (ctx.shippingRates && !(intent.shipping > 0)) throw new Error(`store checkout charged no shipping: ${JSON.stringify(intent)}`)
      const id = intent.clientSecret.slice(0, intent.clientSecret.indexOf("_secret_"))
      await call("POST", `/api/sandbox/payment-intents/${id}/confirm`, { body: { payment_method: "pm_card_visa" } })
      const listed = await call("GET", `/api/dashboard/orders?search=${encodeURIComponent(email)}&per_page=1`, {
        headers: { authorization: `Bearer ${memberToken}` },
      })
      if (listed?.orders?.[0]?.status !== "paid") throw new Error(`order not visible as paid: ${JSON.stringify(listed).slice(0, 200)}`)
    },
  })
}
