// What several journeys do through Atelier's HTTP API rather than the browser: a JSON call that must succeed, a
// shopper's gallery order paid with the sandbox card, and the wait for its copy in the artist's order book.
import assert from "node:assert/strict"

/** One JSON request to the server; anything but a 2xx fails the journey with the answer in the message. */
export async function api(baseUrl, method, url, { token, body } = {}) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json().catch(() => null)
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** A shopper (`email`, shipping to `address`) buys one of a product through the gallery's API and pays with the sandbox card. */
export async function placeGalleryOrder(apiUrl, productId, { email, address }) {
  const { item } = await api(apiUrl, "POST", "/api/gallery/cart/add", { body: { productId, quantity: 1 } })
  const checkout = await api(apiUrl, "POST", "/api/gallery/checkout", {
    body: { sessionId: item.sessionId, email, shippingOption: "single_address", shippingAddress: address },
  })
  const paymentIntentId = checkout.clientSecret.slice(0, checkout.clientSecret.indexOf("_secret_"))
  await api(apiUrl, "POST", `/api/sandbox/payment-intents/${paymentIntentId}/confirm`, { body: { payment_method: "pm_card_visa" } })
  const { order } = await api(apiUrl, "POST", "/api/gallery/checkout/confirm", { body: { paymentIntentId } })
  return order
}

/** The dashboard's copy of a paid gallery order, once the order book has mirrored it (docs/order-book.md). */
export async function waitForDashboardOrder(apiUrl, token, search) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const { orders } = await api(apiUrl, "GET", `/api/dashboard/orders?search=${encodeURIComponent(search)}`, { token })
    if (orders[0]?.status === "paid") return orders[0]
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no dashboard order for ${search} after 30 s`)
}
