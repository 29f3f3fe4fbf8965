// Shipping rates on the demo artists (docs/shipping.md), so that the checkout scenarios charge shipping as a real
// shop does: every gallery checkout then quotes and charges three artists' rates to the US, and the store checkout
// its artist's, with the payouts carrying the shipping (the formula with shipping, docs/contract.md 4.4).
import { client } from "../lib/http.mjs"

const DEMO_PASSWORD = "atelier-demo"

/**
 * One rate per demo artist, each priced differently: per-item amounts (north, east) and a free-shipping threshold
 * the benchmark's carts stay below (south), so every checkout adds a non-zero shipping amount for each artist.
 */
export const DEMO_SHIPPING_RATES = [
  {
    email: "north@atelier.test",
    rate: { name: "Tracked parcel", countries: ["US", "CA"], first_item_amount: 8, additional_item_amount: 2, min_delivery_days: 3, max_delivery_days: 6 },
  },
  {
    email: "south@atelier.test",
    rate: { name: "Courier", countries: ["US"], first_item_amount: 12.5, free_shipping_threshold: 5000, min_delivery_days: 1, max_delivery_days: 3 },
  },
  {
    email: "east@atelier.test",
    rate: { name: "Standard", countries: [], rest_of_world: true, first_item_amount: 6, additional_item_amount: 1.5 },
  },
]

/** Creates the rates through the dashboard's own route, as each artist's owner; returns a line for the results. */
export async function configureDemoShippingRates({ baseUrl }) {
  const call = client(baseUrl)
  for (const { email, rate } of DEMO_SHIPPING_RATES) {
    const { token } = await call("POST", "/auth/member/emailpass", { body: { email, password: DEMO_PASSWORD } })
    await call("POST", "/api/shipping-rates", { body: rate, headers: { authorization: `Bearer ${token}` } })
  }
  return "rates on the 3 demo artists (north: $8 + $2 per item; south: $12.50, free from $5,000; east: $6 + $1.50 per item, rest of world); checkouts ship to the US"
}
