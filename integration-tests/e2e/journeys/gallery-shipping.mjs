// Shipping per artist in /gallery (docs/shipping.md, docs/storefront-ui.md): two demo artists charge different rates
// to France (set up through the dashboard API as their owners, removed again at the end so that the other journeys
// see the demo artists ship free). A shopper puts works of both in the cart, is told that one artist does not ship
// to Germany, picks France, sees each artist's shipping and the total, switches one artist to its express option,
// checks out to an address in France, pays with the sandbox card, and finds the same figures on the tracking page.
// Every total shown (cart, checkout, payment, order page) is checked against the API's.
import assert from "node:assert/strict"
import { after, test } from "node:test"
import { openJourney } from "../lib/journey.mjs"

const NORTH_PRINT = "studio-north-print" // 34.99, Studio North
const SOUTH_PRINT = "studio-south-print" // 45.50, Studio South
const FR_ADDRESS = { name: "Ada Shopper", line1: "3 Rue des Arts", city: "Lyon", state: "ARA", postal_code: "69001" }

const e2e = await openJourney("gallery-shipping")
const { apiUrl, sql, pages, log } = e2e

async function api(method, url, { token, cookie, body } = {}) {
  const res = await fetch(`${apiUrl}${url}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json().catch(() => null)
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

const usd = (amount) => `$${amount.toFixed(2)}`

// The demo owners and the rates this journey makes (deleted in `after`, whatever happened).
const owners = {}
const rates = []
after(async () => {
  for (const rate of rates.reverse()) {
    await api("DELETE", `/api/shipping-rates/${rate.id}?org_id=${rate.orgId}`, { token: owners[rate.slug].token }).catch((error) =>
      log(`could not delete rate ${rate.id}: ${error.message}`)
    )
  }
  await e2e.close()
})

async function createRate(slug, body) {
  const { shipping_rate } = await api("POST", "/api/shipping-rates", { token: owners[slug].token, body: { org_id: owners[slug].orgId, ...body } })
  rates.push({ id: shipping_rate.id, slug, orgId: owners[slug].orgId })
  return shipping_rate.id
}

test("gallery shipping: two artists' rates to France, quoted in the cart, charged at checkout", async (t) => {
  const option = {}
  let north, south, page, cartTotal, publicId

  await t.test("the artists set their rates to France", async () => {
    for (const [slug, email] of [["studio-north", "north@atelier.test"], ["studio-south", "south@atelier.test"]]) {
      const { token } = await api("POST", "/auth/member/emailpass", { body: { email, password: "atelier-demo" } })
      const orgId = (await sql("SELECT id FROM organization WHERE slug = $1", [slug])).rows[0].id
      owners[slug] = { token, orgId }
      const { shipping_rates } = await api("GET", `/api/shipping-rates?org_id=${orgId}`, { token })
      assert.deepEqual(shipping_rates, [], `${slug} starts without rates (another journey left some?)`)
    }
    north = owners["studio-north"].orgId
    south = owners["studio-south"].orgId
    // Studio North: France only, a cheap standard rate and an express one.
    option.northStandard = await createRate("studio-north", {
      name: "Standard",
      countries: ["FR"],
      first_item_amount: 9.5,
      additional_item_amount: 2.5,
      min_delivery_days: 4,
      max_delivery_days: 8,
    })
    option.northExpress = await createRate("studio-north", {
      name: "Express",
      countries: ["FR"],
      first_item_amount: 28,
      additional_item_amount: 5,
      min_delivery_days: 1,
      max_delivery_days: 2,
    })
    // Studio South: France and Germany, per additional item too.
    option.southTracked = await createRate("studio-south", {
      name: "Tracked",
      countries: ["FR", "DE"],
      first_item_amount: 14,
      additional_item_amount: 3,
      min_delivery_days: 5,
      max_delivery_days: 10,
    })
  })

  await t.test("the cart: one artist does not ship to Germany, both ship to France", async () => {
    page = await pages.open("/gallery")
    for (const handle of [NORTH_PRINT, SOUTH_PRINT]) {
      const card = page.locator(`[data-product="${handle}"]`)
      await card.getByRole("button", { name: "Add to cart" }).click()
      await card.getByText("Added to your cart").waitFor()
    }
    await page.goto("/gallery/cart")
    await page.locator("[data-cart-item]").nth(1).waitFor()
    // Two prints of Studio South: its rate charges the additional one.
    const southProduct = (await sql("SELECT id FROM product WHERE handle = $1", [SOUTH_PRINT])).rows[0].id
    const southQuantity = page.locator(`[data-cart-item="${southProduct}"] input`)
    await southQuantity.fill("2")
    await southQuantity.press("Enter")
    await page.getByTestId("cart-count").filter({ hasText: "3" }).waitFor()
    assert.equal(await page.getByTestId("cart-subtotal").innerText(), "$125.99")

    // Germany: Studio South ships there, Studio North does not, and checkout is blocked.
    await page.locator("#shipping-country").selectOption({ label: "Germany" })
    const northShipping = page.locator(`[data-shipping-artist="${north}"]`)
    // (The first guess, the browser's United States, is refused the same way: wait for Germany's answer.)
    await northShipping.locator("[data-shipping-unavailable]", { hasText: "Germany" }).waitFor()
    await page.getByRole("button", { name: "Check out" }).and(page.locator(":disabled")).waitFor()
    await page.getByTestId("cart-blocked").waitFor()
    assert.equal(
      await northShipping.locator("[data-shipping-unavailable]").innerText(),
      "Studio North does not ship to Germany. Remove their works or choose another country."
    )
    assert.equal(await page.getByTestId(`shipping-amount-${south}`).innerText(), "$17.00")
    assert.equal(await page.getByRole("button", { name: "Check out" }).isDisabled(), true)
    assert.match(await page.getByTestId("cart-blocked").innerText(), /cannot ship to this country/)
    assert.equal(await page.getByTestId("cart-total").innerText(), "–")
    await pages.shot(page, "cart-does-not-ship")

    // France: each artist's options, the cheapest chosen; the total as checkout will charge it.
    await page.locator("#shipping-country").selectOption({ label: "France" })
    await northShipping.locator(`[data-shipping-option="${option.northExpress}"]`).waitFor()
    await page.getByRole("button", { name: "Check out" }).and(page.locator(":enabled")).waitFor()
    assert.equal(await page.locator("#shipping-country").inputValue(), "FR")
    assert.deepEqual(
      await northShipping.locator("[data-shipping-option] label").allTextContents(),
      ["Standard · 4–8 business days$9.50", "Express · 1–2 business days$28.00"],
      "north's options with their estimates, cheapest first"
    )
    assert.equal(await northShipping.getByRole("radio", { name: /Standard/ }).getAttribute("aria-checked"), "true")
    assert.equal(await page.getByTestId(`shipping-amount-${north}`).innerText(), "$9.50")
    assert.equal(await page.getByTestId(`shipping-amount-${south}`).innerText(), "$17.00")
    // 125.99 + 26.50 shipping + 15.12 (12 % of 125.99) + 2.9 % of 167.61 + 0.30 (5.16) = 172.77
    assert.equal(await page.getByTestId("cart-shipping").innerText(), "$26.50")
    assert.equal(await page.getByTestId("cart-gallery-fee").innerText(), "$15.12")
    assert.equal(await page.getByTestId("cart-processing").innerText(), "$5.16")
    assert.equal(await page.getByTestId("cart-total").innerText(), "$172.77")

    // The API's quote for the same cart says the same.
    const cookies = await page.context().cookies()
    const session = cookies.find((cookie) => cookie.name === "gallery_cart_session")
    assert.ok(session, "the cart cookie is set")
    const { quote } = await api("POST", "/api/gallery/shipping/quote", { body: { sessionId: session.value, country: "FR" } })
    assert.equal(quote.shipping, 26.5)
    assert.deepEqual(
      quote.artists.map((a) => [a.artistName, a.selectedOptionId, a.shipping, a.options.map((o) => [o.name, o.amount])]).sort(),
      [
        ["Studio North", option.northStandard, 9.5, [["Standard", 9.5], ["Express", 28]]],
        ["Studio South", option.southTracked, 17, [["Tracked", 17]]],
      ]
    )
    await pages.shot(page, "cart-france")

    // Studio North by express instead: its shipping and the total follow.
    await northShipping.getByRole("radio", { name: /Express/ }).click()
    await page.getByTestId(`shipping-amount-${north}`).filter({ hasText: "$28.00" }).waitFor()
    await page.getByRole("button", { name: "Check out" }).and(page.locator(":enabled")).waitFor()
    // 125.99 + 45.00 + 15.12 + 2.9 % of 186.11 + 0.30 (5.70) = 191.81
    assert.equal(await page.getByTestId("cart-shipping").innerText(), "$45.00")
    assert.equal(await page.getByTestId("cart-processing").innerText(), "$5.70")
    cartTotal = await page.getByTestId("cart-total").innerText()
    assert.equal(cartTotal, "$191.81")
    const chosen = await api("POST", "/api/gallery/shipping/quote", {
      body: { sessionId: session.value, country: "FR", shippingMethods: { [north]: option.northExpress } },
    })
    assert.equal(chosen.quote.shipping, 45)
    await pages.shot(page, "cart-express")

    // On a phone the shipping section fits the screen (nothing wider than the viewport).
    await page.setViewportSize({ width: 390, height: 844 })
    await pages.shot(page, "cart-phone")
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.ok(width <= 390, `the cart is ${width} px wide on a 390 px phone`)
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  await t.test("checkout to an address in France, payment with the sandbox card", async () => {
    await page.getByRole("button", { name: "Check out" }).click()
    await page.getByRole("heading", { name: "Checkout" }).waitFor()
    // The address's country starts as the cart's destination, and the choices made there carry over.
    assert.equal(await page.locator("#address-country").inputValue(), "FR")
    const northShipping = page.locator(`[data-shipping-artist="${north}"]`)
    await northShipping.getByRole("radio", { name: /Express/ }).waitFor()
    await page.getByTestId("checkout-summary-total").filter({ hasText: cartTotal }).waitFor()
    assert.equal(await northShipping.getByRole("radio", { name: /Express/ }).getAttribute("aria-checked"), "true")
    assert.equal(await page.getByTestId("checkout-summary-shipping").innerText(), "$45.00")

    await page.locator("#email").fill("ada.shipping@example.com")
    for (const [field, value] of Object.entries(FR_ADDRESS)) await page.locator(`#address-${field}`).fill(value)
    await pages.shot(page, "checkout")
    const created = page.waitForResponse((res) => res.url().endsWith("/api/gallery/checkout") && res.request().method() === "POST")
    await page.getByRole("button", { name: "Continue to payment" }).click()
    const response = await created
    const sent = response.request().postDataJSON()
    assert.deepEqual(sent.shippingMethods, { [north]: option.northExpress, [south]: option.southTracked })
    assert.equal(sent.shippingAddress.country, "FR")
    const body = await response.json()
    assert.equal(response.status(), 200, JSON.stringify(body))
    assert.deepEqual(body.breakdown, { subtotal: 125.99, shipping: 45, galleryFee: 15.12, stripeFee: 5.7, total: 191.81 })
    assert.deepEqual(
      body.artists.map((a) => [a.artistName, a.shipping, a.shippingMethod?.name]).sort(),
      [["Studio North", 28, "Express"], ["Studio South", 17, "Tracked"]]
    )

    await page.getByRole("heading", { name: "Payment" }).waitFor()
    assert.equal(await page.getByTestId("checkout-total").innerText(), usd(body.breakdown.total))
    assert.equal(await page.getByTestId("checkout-total").innerText(), cartTotal)
    assert.equal(await page.getByTestId("checkout-shipping").innerText(), "$45.00")
    assert.match(await page.locator(`[data-checkout-artist="${north}"]`).innerText(), /Shipping: Express\s*\$28\.00/)
    await pages.shot(page, "payment")
    await page.getByLabel("Visa •••• 4242, succeeds").click()
    await page.getByRole("button", { name: /^Pay / }).click()
    await page.waitForURL(/\/gallery\/orders\/GAL-/)
    publicId = decodeURIComponent(page.url().split("/orders/")[1].split("?")[0])
  })

  await t.test("the tracking page shows each artist's shipping, as the API and the database have it", async () => {
    assert.ok(publicId, "the order was placed")
    await page.getByTestId("order-public-id").waitFor()
    const { order } = await api("GET", `/api/gallery/orders/${publicId}`)
    assert.equal(order.total, 191.81)
    assert.equal(order.shipping, 45)
    assert.equal(await page.getByTestId("order-total").innerText(), usd(order.total))
    assert.equal(await page.getByTestId("order-total").innerText(), cartTotal)
    assert.match(await page.getByTestId("order-breakdown").innerText(), /\+ shipping \$45\.00 \+/)
    for (const artistOrder of order.artistOrders) {
      const shown = await page.getByTestId(`order-shipping-${artistOrder.orgId}`).textContent()
      assert.equal(shown, `Shipping: ${artistOrder.shippingMethod}${usd(artistOrder.shipping)}`)
    }
    assert.deepEqual(
      order.artistOrders.map((a) => [a.artistName, a.shippingMethod, a.shipping]).sort(),
      [["Studio North", "Express", 28], ["Studio South", "Tracked", 17]]
    )
    const { rows } = await sql(
      `SELECT g.status, g.total_cents, g.shipping_cents, a.artist_name, a.shipping_cents AS artist_shipping,
              a.shipping_option_id, a.shipping_country, a.payout_cents
         FROM gallery_order g JOIN gallery_artist_order a ON a.gallery_order_id = g.id
        WHERE g.public_id = $1 ORDER BY a.artist_name`,
      [publicId]
    )
    assert.deepEqual(
      rows.map((r) => [r.status, Number(r.total_cents), Number(r.shipping_cents), r.artist_name, Number(r.artist_shipping), r.shipping_option_id, r.shipping_country, Number(r.payout_cents)]),
      [
        // payouts: 88 % of the merchandise + all of the shipping (30.79 + 28.00; 80.08 + 17.00)
        ["paid", 19181, 4500, "Studio North", 2800, option.northExpress, "FR", 5879],
        ["paid", 19181, 4500, "Studio South", 1700, option.southTracked, "FR", 9708],
      ]
    )
    await pages.shot(page, "order-shipping")
  })
  pages.assertNoPageErrors()
})
