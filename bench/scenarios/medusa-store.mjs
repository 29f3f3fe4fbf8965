// Medusa's own store API doing the nearest equivalents of Atelier's hot paths, in the same run:
// list store products, add a line item to a store cart, complete a store cart (system payment provider).
import { client } from "../lib/http.mjs"
import { autocannonRun, timedPool } from "../lib/load.mjs"

const SHIPPING_ADDRESS = {
  first_name: "Bench",
  last_name: "Customer",
  address_1: "1 Benchmark Way",
  city: "New York",
  province: "NY",
  postal_code: "10001",
  country_code: "us",
}
const BENCH_OPTION_NAME = "Bench standard shipping"

/** Everything the store scenarios need, found in the seeded database or created through the admin API. */
export async function setupMedusaStore({ baseUrl, sql, log }) {
  const one = async (text, params) => (await sql(text, params)).rows[0]
  const key =
    (await one(`SELECT token FROM api_key WHERE type = 'publishable' AND title = 'Atelier storefronts' AND deleted_at IS NULL AND revoked_at IS NULL LIMIT 1`)) ??
    (await one(`SELECT token FROM api_key WHERE type = 'publishable' AND deleted_at IS NULL AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`))
  if (!key) throw new Error("no publishable API key in the database (did the seed run?)")
  const region = await one(`SELECT id FROM region WHERE name = 'United States' AND deleted_at IS NULL LIMIT 1`)
  if (!region) throw new Error("no region 'United States' (did the seed run?)")
  const product = await one(
    `SELECT p.id AS product_id, v.id AS variant_id, psc.sales_channel_id, pss.shipping_profile_id
       FROM product p
       JOIN product_variant v ON v.product_id = p.id AND v.deleted_at IS NULL
       JOIN product_sales_channel psc ON psc.product_id = p.id AND psc.deleted_at IS NULL
       LEFT JOIN product_shipping_profile pss ON pss.product_id = p.id AND pss.deleted_at IS NULL
      WHERE p.handle = 'studio-east-print' AND p.deleted_at IS NULL
      LIMIT 1`
  )
  if (!product) throw new Error("demo product studio-east-print not found")
  const location = await one(
    `SELECT stock_location_id AS id FROM sales_channel_stock_location WHERE sales_channel_id = $1 AND deleted_at IS NULL LIMIT 1`,
    [product.sales_channel_id]
  )
  if (!location) throw new Error("the studio-east sales channel has no stock location")

  const admin = client(baseUrl)
  const { token } = await admin("POST", "/auth/user/emailpass", {
    body: { email: "admin@atelier.test", password: "atelier-demo" },
  })
  const adminCall = client(baseUrl, { authorization: `Bearer ${token}` })

  // The region must offer the system payment provider (the seed does this; repair it if not).
  const provider = await one(
    `SELECT 1 AS ok FROM region_payment_provider WHERE region_id = $1 AND payment_provider_id = 'pp_system_default' AND deleted_at IS NULL`,
    [region.id]
  )
  if (!provider) {
    log("enabling pp_system_default on region United States")
    await adminCall("POST", `/admin/regions/${region.id}`, { body: { payment_providers: ["pp_system_default"] } })
  }

  const store = client(baseUrl, { "x-publishable-api-key": key.token })
  const ctx = {
    store,
    key: key.token,
    regionId: region.id,
    variantId: product.variant_id,
    salesChannelId: product.sales_channel_id,
  }

  // A shipping option for US carts (products have the default shipping profile, so completion needs a method).
  const probe = await createCart(ctx, { withItem: true })
  let options = await shippingOptions(ctx, probe.id)
  if (!options.length) {
    log("creating a US shipping option (fulfillment set, service zone, flat-rate option) through the admin API")
    await createShipping(adminCall, { locationId: location.id, shippingProfileId: product.shipping_profile_id, sql })
    options = await shippingOptions(ctx, probe.id)
    if (!options.length) throw new Error("the store still lists no shipping option for a US cart")
  }
  ctx.shippingOptionId = options[0].id
  return ctx
}

async function shippingOptions(ctx, cartId) {
  const { shipping_options } = await ctx.store("GET", `/store/shipping-options?cart_id=${cartId}`)
  return shipping_options ?? []
}

async function createShipping(adminCall, { locationId, shippingProfileId, sql }) {
  let profileId = shippingProfileId
  if (!profileId) {
    const { rows } = await sql(`SELECT id FROM shipping_profile WHERE type = 'default' AND deleted_at IS NULL LIMIT 1`)
    profileId = rows[0]?.id
  }
  if (!profileId) throw new Error("no shipping profile to attach a shipping option to")
  await adminCall("POST", `/admin/stock-locations/${locationId}/fulfillment-providers`, { body: { add: ["manual_manual"] } })
  const { stock_location } = await adminCall("POST", `/admin/stock-locations/${locationId}/fulfillment-sets?fields=*fulfillment_sets`, {
    body: { name: "Bench shipping", type: "shipping" },
  })
  const set = stock_location.fulfillment_sets.find((s) => s.name === "Bench shipping")
  const { fulfillment_set } = await adminCall("POST", `/admin/fulfillment-sets/${set.id}/service-zones`, {
    body: { name: "United States", geo_zones: [{ type: "country", country_code: "us" }] },
  })
  const zone = fulfillment_set.service_zones.find((z) => z.name === "United States")
  await adminCall("POST", "/admin/shipping-options", {
    body: {
      name: BENCH_OPTION_NAME,
      price_type: "flat",
      service_zone_id: zone.id,
      shipping_profile_id: profileId,
      provider_id: "manual_manual",
      type: { label: "Standard", description: "Standard shipping", code: "standard" },
      prices: [{ currency_code: "usd", amount: 10 }],
      rules: [
        { attribute: "enabled_in_store", operator: "eq", value: "true" },
        { attribute: "is_return", operator: "eq", value: "false" },
      ],
    },
  })
}

/** A store cart in region US on the studio-east sales channel, with email and address, optionally one item. */
async function createCart(ctx, { withItem }) {
  const { cart } = await ctx.store("POST", "/store/carts", {
    body: {
      region_id: ctx.regionId,
      sales_channel_id: ctx.salesChannelId,
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@atelier.test`,
      shipping_address: SHIPPING_ADDRESS,
      billing_address: SHIPPING_ADDRESS,
      ...(withItem ? { items: [{ variant_id: ctx.variantId, quantity: 1 }] } : {}),
    },
  })
  return cart
}

/** GET /store/products?limit=20 (with region_id, so that prices are computed as the gallery list shows them). */
export function storeProductList(ctx, { baseUrl, concurrency, durationS }) {
  return autocannonRun({
    url: `${baseUrl}/store/products?limit=20&region_id=${ctx.regionId}`,
    headers: { "x-publishable-api-key": ctx.key },
    connections: concurrency,
    durationS,
  })
}

/** POST /store/carts/{id}/line-items {variant_id, quantity: 1}: one cart per connection, created beforehand. */
export async function storeAddLineItem(ctx, { baseUrl, concurrency, durationS }) {
  const carts = []
  for (let i = 0; i < concurrency; i++) carts.push((await createCart(ctx, { withItem: false })).id)
  let next = 0
  const body = JSON.stringify({ variant_id: ctx.variantId, quantity: 1 })
  return autocannonRun({
    url: `${baseUrl}/store/carts`,
    connections: concurrency,
    durationS,
    requests: [
      {
        method: "POST",
        setupRequest: (req, context) => {
          context.cartId ??= carts[next++ % carts.length]
          return {
            ...req,
            path: `/store/carts/${context.cartId}/line-items`,
            headers: { ...req.headers, "content-type": "application/json", "x-publishable-api-key": ctx.key },
            body,
          }
        },
      },
    ],
  })
}

/** Everything before completion (not timed): cart with item, email, address, shipping method, payment session. */
async function prepareCompletableCart(ctx) {
  const cart = await createCart(ctx, { withItem: true })
  await ctx.store("POST", `/store/carts/${cart.id}/shipping-methods`, { body: { option_id: ctx.shippingOptionId } })
  const { payment_collection } = await ctx.store("POST", "/store/payment-collections", { body: { cart_id: cart.id } })
  await ctx.store("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
    body: { provider_id: "pp_system_default" },
  })
  return cart.id
}

/** POST /store/carts/{id}/complete, timed alone; the carts are prepared in untimed batches. */
export function storeCompleteCart(ctx, { concurrency, durationS }) {
  return timedPool({
    concurrency,
    durationS,
    prepare: () => prepareCompletableCart(ctx),
    timed: async (cartId) => {
      const result = await ctx.store("POST", `/store/carts/${cartId}/complete`)
      if (result?.type !== "order" || !result.order?.id) {
        throw new Error(`cart ${cartId} did not complete: ${JSON.stringify(result).slice(0, 300)}`)
      }
    },
  })
}
