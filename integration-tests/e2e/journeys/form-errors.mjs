// Form errors shown per field (docs/artist-dashboard.md and docs/storefront-ui.md, "Form errors"): forms with several
// bad fields are submitted, and every field's message appears at once, next to its own field (in the same labelled
// field as its input), before anything is sent: the dashboard's sign-up, a new product, two settings forms (API keys,
// where the studio ships from), and the gallery's checkout address and cart quantity (more than 99 is refused saying
// so). The server's own messages are for people too: a filter that is not a number, and a checkout address with a
// three-letter country (the contract's `Missing required fields`, now naming the country's field).
import assert from "node:assert/strict"
import { after, test } from "node:test"
import { openJourney } from "../lib/journey.mjs"

const NORTH = { email: "north@atelier.test", password: "atelier-demo" }
const TOKEN_STORAGE_KEY = "atelier_dashboard_token"

const e2e = await openJourney("form-errors")
after(() => e2e.close())
const { apiUrl, pages, log } = e2e

/**
 * Waits for each `[data-field-error=<id>]` and checks its text, that it sits in the same field as the input `#<id>`
 * (its label's field), and that no other field shows a message.
 */
async function assertFieldErrors(page, expected) {
  for (const [id, message] of Object.entries(expected)) {
    const error = page.locator(`[data-field-error="${id}"]`)
    await error.waitFor()
    const text = await error.innerText()
    if (message instanceof RegExp) assert.match(text, message, id)
    else assert.equal(text, message, id)
    const besideItsField = await error.evaluate((node, inputId) => {
      const input = document.getElementById(inputId)
      return Boolean(input && node.parentElement && node.parentElement.contains(input))
    }, id)
    assert.ok(besideItsField, `the message about ${id} sits next to its field`)
  }
  const shown = await page.locator("[data-field-error]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-field-error")))
  assert.deepEqual(shown.sort(), Object.keys(expected).sort(), "exactly these fields show a message")
}

/** Counts the requests to `pathPart` the page sends from now on. */
function countRequests(page, pathPart) {
  const sent = []
  page.on("request", (request) => {
    if (request.url().includes(pathPart) && request.method() !== "GET") sent.push(request.url())
  })
  return sent
}

function storeToken([key, value]) {
  window.localStorage.setItem(key, value)
}

test("form errors: every field's message at once, next to its field", async (t) => {
  await t.test("dashboard sign-up: email and password refused together, nothing sent", async () => {
    const page = await pages.open("/dashboard/signup")
    await page.getByRole("heading", { name: "Create your Atelier account" }).waitFor()
    const sent = countRequests(page, "/auth/")
    await page.locator("#first_name").fill("x".repeat(201))
    await page.locator("#email").fill("wren@")
    await page.locator("#password").fill("short")
    await page.getByRole("button", { name: "Create account" }).click()
    await assertFieldErrors(page, {
      first_name: "Use at most 200 characters",
      email: "Enter a valid email address, like name@example.com",
      password: "Use at least 10 characters for your password",
    })
    assert.deepEqual(sent, [], "the form sent nothing")
    await pages.shot(page, "signup-errors", { allowError: true })
  })

  const { token } = await (
    await fetch(`${apiUrl}/auth/member/emailpass`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(NORTH) })
  ).json()
  assert.ok(token, "north logs in")
  const dashboard = await pages.open(null)
  await dashboard.context().addInitScript(storeToken, [TOKEN_STORAGE_KEY, token])

  await t.test("new product: title, price and stock refused together", async () => {
    await dashboard.goto("/dashboard/products/new")
    const form = dashboard.getByRole("form", { name: "New product" })
    await form.waitFor()
    const sent = countRequests(dashboard, "/api/products")
    await dashboard.locator("#base_price").fill("12.345")
    await dashboard.locator("#inventory_quantity").fill("-1")
    await form.getByRole("button", { name: "Create product" }).click()
    await assertFieldErrors(dashboard, {
      title: "Give the artwork a title (at most 200 characters)",
      base_price: /^Enter a price in US dollars from 0 to 99,999,999\.99, with at most two decimals/,
      inventory_quantity: /^Enter a whole number of copies from 0 to/,
    })
    assert.deepEqual(sent, [], "the form sent nothing")
    await pages.shot(dashboard, "product-errors", { allowError: true })
  })

  await t.test("settings, API keys: no name and no permission", async () => {
    await dashboard.goto("/dashboard/settings/api-keys")
    const form = dashboard.getByRole("form", { name: "Create API key" })
    await form.waitFor()
    for (const scope of ["read:products", "read:orders"]) await dashboard.locator(`#scope-${scope.replace(":", "\\:")}`).click()
    await form.getByRole("button", { name: "Create key" }).click()
    await dashboard.locator('[data-field-error="key-name"]').waitFor()
    assert.equal(await dashboard.locator('[data-field-error="key-name"]').innerText(), "Give the key a name (at most 100 characters)")
    assert.equal(await dashboard.locator('[data-field-error="scopes"]').innerText(), "Choose at least one permission for the key")
    assert.equal(await dashboard.locator("[data-field-error]").count(), 2)
    await pages.shot(dashboard, "settings-api-key-errors", { allowError: true })
  })

  await t.test("settings, shipping: where the studio ships from, without address or country", async () => {
    await dashboard.goto("/dashboard/settings/shipping")
    const origin = dashboard.getByRole("form", { name: "Ships from" })
    await origin.waitFor()
    assert.equal(await dashboard.locator("#origin-country_code").evaluate((node) => node.tagName), "SELECT", "the country is chosen from a list")
    assert.equal(await dashboard.locator("#origin-address_1").getAttribute("autocomplete"), "address-line1")
    const sent = countRequests(dashboard, "/api/shipping-origin")
    await dashboard.locator("#origin-address_1").fill(" ")
    await dashboard.locator("#origin-country_code").selectOption("")
    await origin.getByRole("button", { name: "Save" }).click()
    await assertFieldErrors(dashboard, {
      "origin-address_1": "Enter the street address your works leave from",
      "origin-country_code": "Choose the country your works leave from",
    })
    assert.deepEqual(sent, [], "the form sent nothing")
    await pages.shot(dashboard, "settings-shipping-errors", { allowError: true })
  })

  let shop
  await t.test("gallery cart: a quantity over 99 is refused saying so", async () => {
    shop = await pages.open("/gallery")
    const card = shop.locator('[data-product="studio-north-print"]')
    await card.getByRole("button", { name: "Add to cart" }).click()
    await card.getByText("Added to your cart").waitFor()
    await shop.goto("/gallery/cart")
    const line = shop.locator("[data-cart-item]").first()
    await line.waitFor()
    const input = line.locator('input[type="number"]')
    assert.equal(await input.getAttribute("max"), "99")
    const id = await input.getAttribute("id")
    const sent = countRequests(shop, "/api/gallery/cart/update")
    await input.fill("150")
    await input.press("Enter")
    await assertFieldErrors(shop, { [id]: "You can order at most 99 of one artwork" })
    assert.deepEqual(sent, [], "150 was not sent (nor capped to 99 unseen)")
    await pages.shot(shop, "cart-quantity-error", { allowError: true })
    await input.fill("1")
  })

  await t.test("gallery checkout: email and the address's fields refused together", async () => {
    await shop.goto("/gallery/checkout")
    await shop.getByRole("heading", { name: "Checkout" }).waitFor()
    const autocomplete = {}
    for (const field of ["name", "line1", "line2", "city", "state", "postal_code", "country"]) {
      autocomplete[field] = await shop.locator(`#address-${field}`).getAttribute("autocomplete")
    }
    assert.deepEqual(autocomplete, {
      name: "name",
      line1: "address-line1",
      line2: "address-line2",
      city: "address-level2",
      state: "address-level1",
      postal_code: "postal-code",
      country: "country",
    })
    assert.equal(await shop.locator("#email").getAttribute("autocomplete"), "email")
    const sent = countRequests(shop, "/api/gallery/checkout")
    await shop.locator("#email").fill("ada@example")
    await shop.locator("#address-name").fill("Ada Shopper")
    await shop.locator("#address-country").selectOption("")
    await shop.getByRole("button", { name: "Continue to payment" }).click()
    await assertFieldErrors(shop, {
      email: "Enter a valid email address, like name@example.com",
      "address-line1": "Enter the street address",
      "address-city": "Enter the city",
      "address-state": "Enter the state or region",
      "address-postal_code": "Enter the postal code",
      "address-country": "Choose a country from the list",
    })
    assert.deepEqual(sent, [], "the form sent nothing")
    await pages.shot(shop, "checkout-errors", { allowError: true })

    // The server checks the same rules: a three-letter country answers the contract's message, naming the field.
    const cart = await (await shop.request.get("/api/gallery/cart")).json()
    const refused = await shop.request.post("/api/gallery/checkout", {
      data: {
        sessionId: cart.cart.sessionId,
        email: "ada@example.com",
        shippingOption: "single_address",
        shippingAddress: { name: "Ada", line1: "1 Road", city: "Portland", state: "OR", postal_code: "97201", country: "USA" },
      },
    })
    assert.equal(refused.status(), 400)
    assert.deepEqual(await refused.json(), { error: "Missing required fields" })
    assert.equal(refused.headers()["x-error-field"], "shippingAddress.country")
  })

  await t.test("the server's messages about fields are for people", async () => {
    const filter = await fetch(`${apiUrl}/api/gallery/products?price_min=abc`)
    assert.equal(filter.status, 400)
    const { error } = await filter.json()
    assert.equal(error, "price_min must be a price in US dollars of 0 or more (e.g. 25 or 49.99)")
    const login = await fetch(`${apiUrl}/auth/member/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: NORTH.email, password: 12345 }),
    })
    assert.equal(login.status, 400)
    assert.equal((await login.json()).message, "Enter your password")
    log("filter and login messages checked")
  })

  pages.assertNoPageErrors()
})
