// A shopper buys works of two artists through /gallery (demo data: the prints of studio-north and studio-south),
// pays with the sandbox card, gives each artist an address on the tracking page and, once one artist has shipped,
// sees the tracking link there. On the way: each page's empty, loading and error states and the API's validation
// messages next to their fields. Measures the first page load and the gallery's JavaScript size (bench/results/latest.json, `ui.gallery`).
import assert from "node:assert/strict"
import os from "node:os"
import path from "node:path"
import { after, test } from "node:test"
import { bundleStats } from "../../../scripts/lib/ui.mjs"
import { openJourney } from "../lib/journey.mjs"
import { recordUiResults } from "../lib/results.mjs"
import { api } from "../lib/gallery-api.mjs"

const NORTH_PRINT = "studio-north-print" // 34.99, Studio North
const SOUTH_PRINT = "studio-south-print" // 45.50, Studio South
const BUDGET = { js_gzip_kb: 300, first_load_ms: 1000 }

const address = { name: "Ada Shopper", line1: "1 Gallery Road", city: "Portland", state: "OR", postal_code: "97201", country: "US" }

/** Fills an address form whose inputs have ids `<prefix>-<field>` (the country is chosen from its list). */
async function fillAddress(page, prefix, values) {
  for (const [field, value] of Object.entries(values)) {
    const input = page.locator(`#${prefix}-${field}`)
    if (field === "country") await input.selectOption(value)
    else await input.fill(value)
  }
}

/** The first visit of a browser with an empty cache: from navigation to the first product card on screen. */
async function measureFirstLoad(pages) {
  const page = await pages.open(null)
  const started = performance.now()
  await page.goto("/gallery")
  await page.locator("[data-product]").first().waitFor()
  const wallMs = performance.now() - started
  // Measured by the browser from the start of the navigation: the page's own mark when the first works showed.
  const timing = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType("navigation")
    const [shown] = performance.getEntriesByName("gallery:first-works-shown")
    const resources = performance.getEntriesByType("resource")
    const end = (pattern) => Math.max(0, ...resources.filter((r) => pattern.test(r.name)).map((r) => r.responseEnd))
    const products = resources.find((r) => /\/api\/gallery\/products\?/.test(r.name))
    return {
      html: nav.responseEnd,
      scripts: end(/\/gallery\/assets\/.*\.js$/),
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      productsRequest: products ? { start: products.startTime, duration: products.responseEnd - products.startTime } : null,
      worksShown: shown?.startTime ?? null,
    }
  })
  assert.ok(timing.worksShown !== null, "the browse page marks when the first works are shown")
  return { page, wallMs, timing }
}

const e2e = await openJourney("gallery-shopper")
after(() => e2e.close())
const { apiUrl, sql, pages, root, log } = e2e

test("gallery shopper: buys works of two artists and follows them on the tracking page", async (t) => {
  let publicId = null

  await t.test("browse: first load, filters, validation, empty result", async () => {
    const first = await measureFirstLoad(pages)
    // Three more browsers with an empty cache, now that the server has answered once: the median is the figure a
    // shopper's first visit gets (the first one after boot also pays for the server's own first queries).
    const later = []
    for (let i = 0; i < 3; i++) later.push(await measureFirstLoad(pages))
    for (const visit of later) await visit.page.context().close()
    const median = [...later].sort((a, b) => a.timing.worksShown - b.timing.worksShown)[1]
    const stats = bundleStats(path.join(root, ".medusa/server/dist/ui/gallery"))
    const figures = {
      measured_at: new Date().toISOString(),
      js_kb: +(stats.js_bytes / 1024).toFixed(1),
      js_gzip_kb: +(stats.js_gzip_bytes / 1024).toFixed(1),
      css_gzip_kb: +(stats.css_gzip_bytes / 1024).toFixed(1),
      first_load_ms: Math.round(median.timing.worksShown),
      first_load_runs_ms: later.map((visit) => Math.round(visit.timing.worksShown)),
      first_load_after_boot_ms: Math.round(first.timing.worksShown),
      first_load_wall_ms: Math.round(median.wallMs),
      breakdown_ms: {
        html: Math.round(median.timing.html),
        scripts: Math.round(median.timing.scripts),
        dom_content_loaded: Math.round(median.timing.domContentLoaded),
        products_request_start: Math.round(median.timing.productsRequest?.start ?? -1),
        products_request: Math.round(median.timing.productsRequest?.duration ?? -1),
        works_shown: Math.round(median.timing.worksShown),
      },
      loadavg_1m: +os.loadavg()[0].toFixed(2),
      cpus: os.cpus().length,
      method:
        "production build served on localhost, system Chromium headless. first_load_ms: median of 3 fresh browser contexts (empty cache) opening /gallery, from the start of the navigation to the browse page's User Timing mark when the first works are on screen (first_load_runs_ms: the 3; breakdown_ms: the median run's milestones); first_load_after_boot_ms: the same for the very first page the server serves after booting; first_load_wall_ms: the median run timed from the test process (adds the browser's IPC). js_gzip_kb: every JavaScript chunk of the build, gzipped at level 9 as the server sends it",
      budget: BUDGET,
    }
    figures.within_budget = figures.js_gzip_kb <= BUDGET.js_gzip_kb && figures.first_load_ms <= BUDGET.first_load_ms
    const file = recordUiResults(root, "gallery", figures)
    log(
      `gallery: ${figures.js_gzip_kb} kB gzipped JS; first load ${figures.first_load_ms} ms (runs ${figures.first_load_runs_ms.join(", ")}; ` +
        `${figures.first_load_after_boot_ms} ms right after boot; load average ${figures.loadavg_1m} on ${figures.cpus} CPUs) -> ${path.relative(root, file)}`
    )
    assert.ok(figures.js_gzip_kb <= BUDGET.js_gzip_kb, `gallery JS ${figures.js_gzip_kb} kB gzipped > ${BUDGET.js_gzip_kb}`)
    // Timing depends on the machine's load (CI shares its cores): over budget is reported, three times over fails.
    if (figures.first_load_ms > BUDGET.first_load_ms) log(`WARNING: first load ${figures.first_load_ms} ms is over the ${BUDGET.first_load_ms} ms budget`)
    assert.ok(figures.first_load_ms <= 3 * BUDGET.first_load_ms, `first load ${figures.first_load_ms} ms > 3 x ${BUDGET.first_load_ms}`)

    const page = first.page
    await page.locator(`[data-product="${NORTH_PRINT}"]`).waitFor()
    await page.locator(`[data-product="${SOUTH_PRINT}"]`).waitFor()
    await pages.shot(page, "browse", { docs: "gallery-browse" })

    // Filter to prints through the form.
    await page.getByLabel("Type").selectOption("print")
    await page.getByRole("button", { name: "Apply filters" }).click()
    await page.waitForURL(/product_type=print/)
    await page.locator('[data-state="loading"]').first().waitFor({ state: "detached" }).catch(() => {})
    const types = await page.locator("[data-product] [data-product-type]").evaluateAll((badges) => badges.map((b) => b.dataset.productType))
    assert.ok(types.length > 0 && types.every((type) => type === "print"), `only prints listed: ${types}`)
    await pages.shot(page, "browse-prints")

    // The API refuses min > max: its message appears next to the min price.
    await page.locator("#filter-price-min").fill("100")
    await page.locator("#filter-price-max").fill("10")
    await page.getByRole("button", { name: "Apply filters" }).click()
    const priceError = page.locator('[data-field-error="filter-price-min"]')
    await priceError.waitFor()
    assert.equal(await priceError.innerText(), "price_min must not be greater than price_max")
    await pages.shot(page, "browse-filter-error", { allowError: true })

    // Nothing matches: the empty state.
    await page.goto("/gallery?q=no-such-work-anywhere")
    await page.getByRole("heading", { name: "No works match these filters" }).waitFor()
    await pages.shot(page, "browse-empty")
  })

  await t.test("loading and error states", async () => {
    const page = await pages.open(null)
    let release
    const held = new Promise((resolve) => (release = resolve))
    await page.route("**/api/gallery/products?*", async (route) => {
      await held
      await route.continue()
    })
    await page.goto("/gallery")
    await page.locator('[data-state="loading"]').first().waitFor()
    await pages.shot(page, "browse-loading", { settled: false })
    release()
    await page.locator("[data-product]").first().waitFor()

    await page.unroute("**/api/gallery/products?*")
    await page.route("**/api/gallery/products?*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "The gallery is resting" }) })
    )
    await page.reload()
    await page.locator('[data-state="error"]').getByText("The gallery is resting").waitFor()
    await pages.shot(page, "browse-error-state", { allowError: true })
    await page.unroute("**/api/gallery/products?*")
    await page.getByRole("button", { name: "Try again" }).click()
    await page.locator("[data-product]").first().waitFor()

    // An empty cart, and an order that does not exist.
    await page.goto("/gallery/cart")
    await page.getByRole("heading", { name: "Your cart is empty" }).waitFor()
    await pages.shot(page, "cart-empty")
    await page.goto("/gallery/orders/GAL-2020-ZZZZZZ")
    await page.getByRole("heading", { name: "Order not found" }).waitFor()
    await pages.shot(page, "order-not-found")
  })

  await t.test("cart, checkout and payment with the sandbox card", async () => {
    const page = await pages.open("/gallery")
    // From the grid: one print of studio-north.
    const north = page.locator(`[data-product="${NORTH_PRINT}"]`)
    await north.getByRole("button", { name: "Add to cart" }).click()
    await north.getByText("Added to your cart").waitFor()
    assert.equal(await page.getByTestId("cart-count").innerText(), "1")

    // From its page: two prints of studio-south, after a quantity of 0 was refused (the form's own check).
    await page.locator(`[data-product="${SOUTH_PRINT}"]`).getByRole("link").first().click()
    await page.getByRole("heading", { name: "Desert Bloom (Fine art print)" }).waitFor()
    await page.locator("#quantity").fill("0")
    await page.getByRole("button", { name: "Add to cart" }).click()
    const quantityError = page.locator('[data-field-error="quantity"]')
    await quantityError.waitFor()
    assert.equal(await quantityError.innerText(), "Enter a whole number from 1 to 99")
    await pages.shot(page, "product-quantity-error")
    await page.locator("#quantity").fill("2")
    await page.getByRole("button", { name: "Add to cart" }).click()

    await page.waitForURL(/\/gallery\/cart$/)
    await page.locator("[data-cart-item]").nth(1).waitFor()
    assert.equal(await page.getByTestId("cart-subtotal").innerText(), "$125.99")
    assert.equal(await page.getByTestId("cart-count").innerText(), "3")
    await pages.shot(page, "cart")

    await page.getByRole("button", { name: "Check out" }).click()
    await page.getByRole("heading", { name: "Checkout" }).waitFor()
    // One address chosen but not given, and a wrong email: the form's own check names each field at once.
    await page.locator("#email").fill("not-an-email")
    await page.getByRole("button", { name: "Continue to payment" }).click()
    await page.locator('[data-field-error="address-city"]').waitFor()
    assert.equal(await page.locator('[data-field-error="address-city"]').innerText(), "Enter the city")
    assert.equal(await page.locator('[data-field-error="email"]').innerText(), "Enter a valid email address, like name@example.com")
    await pages.shot(page, "checkout-address-error")
    // Addresses per artist (given later): now only the email is the problem.
    await page.getByLabel("A different address per artist").click()
    await page.getByRole("button", { name: "Continue to payment" }).click()
    await page.locator('[data-field-error="email"]').waitFor()
    assert.equal(await page.locator("[data-field-error]").count(), 1)
    await pages.shot(page, "checkout-email-error")
    await page.locator("#email").fill("ada.shopper@example.com")
    await page.getByRole("button", { name: "Continue to payment" }).click()

    await page.getByRole("heading", { name: "Payment" }).waitFor()
    // 125.99 + 12 % (15.12) + 2.9 % of 141.11 + 0.30 (4.39) = 145.50
    assert.equal(await page.getByTestId("checkout-total").innerText(), "$145.50")
    await page.getByLabel("Visa •••• 0002, declined").click()
    await pages.shot(page, "payment")
    await page.getByRole("button", { name: /^Pay / }).click()
    await page.locator('[data-field-error="card"]').waitFor()
    assert.equal(await page.locator('[data-field-error="card"]').innerText(), "Your card was declined.")
    await pages.shot(page, "payment-declined")
    await page.getByLabel("Visa •••• 4242, succeeds").click()
    await page.getByRole("button", { name: /^Pay / }).click()

    await page.waitForURL(/\/gallery\/orders\/GAL-/)
    publicId = decodeURIComponent(page.url().split("/orders/")[1].split("?")[0])
    await page.getByTestId("order-public-id").waitFor()
    assert.equal(await page.getByTestId("order-public-id").innerText(), publicId)
    assert.equal(await page.getByTestId("cart-count").innerText(), "0")
    const artists = await page.locator("[data-artist-order] h2").allInnerTexts()
    assert.deepEqual([...artists].sort(), ["Studio North", "Studio South"])
    assert.equal(await page.locator('[data-artist-order] [data-status="paid"]').count(), 2)
    await pages.shot(page, "order-placed")

    // Studio North's address, first without a city, a state or a country: the form's own check (the route's rules)
    // shows the three messages at once, each under its field, and sends nothing.
    const northOrg = (await sql("SELECT id FROM organization WHERE slug = 'studio-north'")).rows[0].id
    const form = page.getByRole("form", { name: "Shipping address for Studio North" })
    const addressCalls = []
    const countAddressCalls = (request) => {
      if (request.url().includes("/addresses") && request.method() === "POST") addressCalls.push(request.url())
    }
    page.on("request", countAddressCalls)
    assert.equal(await page.locator(`#address-${northOrg}-country`).evaluate((node) => node.tagName), "SELECT")
    assert.equal(await page.locator(`#address-${northOrg}-line1`).getAttribute("autocomplete"), "address-line1")
    await fillAddress(page, `address-${northOrg}`, { ...address, city: "", state: " ", country: "" })
    await form.getByRole("button", { name: "Save address" }).click()
    const expected = {
      [`address-${northOrg}-city`]: "Enter the city",
      [`address-${northOrg}-state`]: "Enter the state or region",
      [`address-${northOrg}-country`]: "Choose a country from the list",
    }
    for (const [id, message] of Object.entries(expected)) {
      const error = form.locator(`[data-field-error="${id}"]`)
      await error.waitFor()
      assert.equal(await error.innerText(), message)
      // In the same labelled field as its input, which points to it.
      assert.ok(await error.evaluate((node, inputId) => node.parentElement.contains(document.getElementById(inputId)), id), `${id}: next to its field`)
      assert.equal(await page.locator(`#${id}`).getAttribute("aria-describedby"), `${id}-error`)
    }
    const shown = await form.locator("[data-field-error]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-field-error")))
    assert.deepEqual(shown.sort(), Object.keys(expected).sort(), "exactly these fields show a message")
    assert.deepEqual(addressCalls, [], "the form sent nothing")
    await pages.shot(page, "order-address-error")
    await fillAddress(page, `address-${northOrg}`, { city: address.city, state: address.state, country: address.country })
    await form.getByRole("button", { name: "Save address" }).click()
    await form.waitFor({ state: "detached" })
    assert.equal(addressCalls.length, 1, "sent once, when complete")
    page.off("request", countAddressCalls)

    const { rows } = await sql(
      `SELECT g.status, g.email, g.shipping_option, a.artist_name, a.status AS artist_status, a.shipping_address
         FROM gallery_order g JOIN gallery_artist_order a ON a.gallery_order_id = g.id
        WHERE g.public_id = $1 ORDER BY a.artist_name`,
      [publicId]
    )
    assert.deepEqual(
      rows.map((r) => [r.status, r.email, r.shipping_option, r.artist_name, r.artist_status, r.shipping_address?.city ?? null]),
      [
        ["paid", "ada.shopper@example.com", "per_artist", "Studio North", "paid", "Portland"],
        ["paid", "ada.shopper@example.com", "per_artist", "Studio South", "paid", null],
      ]
    )
  })

  await t.test("the tracking page after an artist ships", async () => {
    assert.ok(publicId, "the order was placed")
    // Studio North ships with UPS (its dashboard is another journey: the API stands in for it here).
    const { token } = await api(apiUrl, "POST", "/auth/member/emailpass", { body: { email: "north@atelier.test", password: "atelier-demo" } })
    const northOrg = (await sql("SELECT id FROM organization WHERE slug = 'studio-north'")).rows[0].id
    const { orders } = await api(apiUrl, "GET", `/api/gallery/artist/orders?org_id=${northOrg}`, { token })
    const artistOrder = orders.find((o) => o.parentOrder.publicId === publicId)
    assert.ok(artistOrder, "studio-north sees the order")
    await api(apiUrl, "POST", `/api/gallery/artist/orders/${artistOrder.id}/ship`, {
      token,
      body: { trackingNumber: "1Z999AA10123456784", carrier: "UPS" },
    })

    // A fresh browser (no remembered email): the lookup page, then the tracking page.
    const page = await pages.open("/gallery/orders")
    await page.locator("#public-id").fill(publicId.toLowerCase())
    await page.getByRole("button", { name: "Track" }).click()
    await page.waitForURL(new RegExp(`/gallery/orders/${publicId}$`))
    const north = page.locator(`[data-artist-order="${northOrg}"]`)
    await north.locator('[data-status="shipped"]').waitFor()
    const link = north.getByRole("link", { name: "1Z999AA10123456784" })
    assert.match(await link.getAttribute("href"), /^https:\/\/.*1Z999AA10123456784/)
    assert.equal(await page.locator('[data-status="partially_shipped"]').count(), 1, "the order is partially shipped")

    // Studio South still needs its address: a wrong email is refused like an unknown order.
    const southOrg = (await sql("SELECT id FROM organization WHERE slug = 'studio-south'")).rows[0].id
    const form = page.getByRole("form", { name: "Shipping address for Studio South" })
    await page.locator(`#address-${southOrg}-email`).fill("someone.else@example.com")
    await fillAddress(page, `address-${southOrg}`, address)
    await form.getByRole("button", { name: "Save address" }).click()
    await form.getByRole("alert").waitFor()
    assert.match(await form.getByRole("alert").innerText(), /^Order not found\. Check that the email/)
    await pages.shot(page, "tracking-wrong-email", { allowError: true })
    await page.locator(`#address-${southOrg}-email`).fill("Ada.Shopper@example.com")
    await form.getByRole("button", { name: "Save address" }).click()
    await form.waitFor({ state: "detached" })
    await page.locator(`[data-artist-order="${southOrg}"] address`).waitFor()
    await pages.shot(page, "tracking", { docs: "gallery-tracking" })
  })
  pages.assertNoPageErrors()
})
