// e2e: admin
// An administrator logs in once at /app (the Medusa admin), opens the Gallery section, creates a manual collection
// (after seeing the API's validation message next to the empty name), adds three works by product search, reorders
// them by drag and drop (stored: the order survives a reload and is the database's), and sees the analytics chart
// with the order a shopper placed just before. On the way: the gallery order with its payouts and transfers, and the
// widgets on Medusa's own order and product pages; at the end Medusa's own Orders list and order page show the
// gallery order paid ("Captured", nothing outstanding). Screenshots: test-results/admin-curator/.
import assert from "node:assert/strict"
import { after, test } from "node:test"
import { openJourney } from "../lib/journey.mjs"

const ADMIN = { email: "admin@atelier.test", password: "atelier-demo" }
// Demo prints (src/scripts/seed.ts): three artists, so the collection holds works of several organizations.
const WORKS = ["studio-north-print", "studio-south-print", "studio-east-print"]

const e2e = await openJourney("admin-curator")
after(() => e2e.close())
const { apiUrl, sql, pages, log } = e2e

async function call(method, url, { body, cookie } = {}) {
  const res = await fetch(`${apiUrl}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json().catch(() => null)
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** A shopper's paid gallery order of two artists' prints (cart, checkout, the sandbox card, confirm), over HTTP. */
async function placePaidOrder(products) {
  const cookie = `gallery_cart_session=${crypto.randomUUID()}`
  for (const product of products) await call("POST", "/api/gallery/cart/add", { body: { productId: product.id, quantity: 1 }, cookie })
  const sessionId = cookie.split("=")[1]
  const checkout = await call("POST", "/api/gallery/checkout", {
    cookie,
    body: {
      sessionId,
      email: "grace@collector.test",
      shippingOption: "single_address",
      shippingAddress: { name: "Grace Collector", line1: "5 Museum Row", city: "Portland", state: "OR", postal_code: "97205", country: "US" },
    },
  })
  const intent = checkout.clientSecret.split("_secret_")[0]
  await call("POST", `/api/sandbox/payment-intents/${intent}/confirm`, { body: { payment_method: "pm_card_visa" } })
  await call("POST", "/api/gallery/checkout/confirm", { body: { paymentIntentId: intent } })
  return checkout.publicId
}

/** Waits for something the page shows after a request, without fixed sleeps. */
async function until(read, done, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  let value
  for (;;) {
    value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Drags the sortable item `from` (0-based) onto item `to` by its handle, as a mouse would (dnd-kit pointer sensor). */
async function dragItem(page, from, to) {
  const handles = page.getByTestId("drag-handle")
  const source = await handles.nth(from).boundingBox()
  const target = await handles.nth(to).boundingBox()
  assert.ok(source && target, "drag handles are on screen")
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2)
  await page.mouse.down()
  // Past the sensor's activation distance first, then onto the target in small steps.
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 - 10, { steps: 4 })
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 - 4, { steps: 20 })
  await page.mouse.up()
}

const itemNames = (page) => page.getByTestId("collection-items").getByTestId("item-name").allInnerTexts()

test("admin curator: logs in at /app, curates a manual collection by drag and drop, reads the analytics", async (t) => {
  const catalogue = (await call("GET", "/api/gallery/products?limit=100")).products
  const works = WORKS.map((handle) => catalogue.find((p) => p.handle === handle))
  assert.ok(works.every(Boolean), `demo prints ${WORKS.join(", ")} are in the gallery`)
  const publicId = await placePaidOrder(works.slice(0, 2))
  log(`shopper paid ${publicId}`)

  const page = await pages.open(null)
  // A production server (NODE_ENV=production) marks the admin's session cookie Secure and sets it only on requests
  // that came over HTTPS, which express-session learns from X-Forwarded-Proto (Medusa trusts its proxy): the header
  // the TLS-terminating proxy in front of a deployment adds. Harmless in development.
  await page.context().setExtraHTTPHeaders({ "x-forwarded-proto": "https" })
  await page.goto("/app/login")
  const slug = `spring-picks-${Date.now().toString(36)}`
  let collectionId = null

  await t.test("logs in once at /app", async () => {
    await page.locator('input[name="email"]').fill(ADMIN.email)
    await page.locator('input[name="password"]').fill(ADMIN.password)
    await pages.shot(page, "login", { allowEmpty: true })
    await page.locator('button[type="submit"]').click()
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 60_000 })
    await page.goto("/app/gallery")
    await page.getByRole("heading", { name: "Gallery", level: 1 }).waitFor()
    // The section's pages are in Medusa's sidebar.
    for (const label of ["Organizations", "Collections", "Spotlights", "Gallery orders", "Analytics"]) {
      await page.getByRole("link", { name: label, exact: true }).first().waitFor()
    }
    await page.getByText("revenue in the last 30 days").waitFor()
    await pages.shot(page, "gallery-overview")
  })

  await t.test("creates a manual collection; the API's message shows next to the field", async () => {
    await page.getByRole("link", { name: "Collections", exact: true }).first().click()
    await page.getByRole("heading", { name: "Collections", level: 1 }).waitFor()
    await pages.shot(page, "collections", { allowEmpty: true })
    await page.getByTestId("new-collection").first().click()
    // Nothing typed: the API refuses, and its message appears under the name.
    await page.getByTestId("create-collection-submit").click()
    const nameError = page.getByTestId("collection-name-error")
    await nameError.waitFor()
    assert.equal(await nameError.innerText(), "Name, slug, and type are required")
    await pages.shot(page, "collection-create-validation", { allowEmpty: true })

    await page.locator("#collection-name").fill("Spring picks")
    await page.locator("#collection-slug").fill(slug)
    await page.locator("#collection-description").fill("Three prints for the first warm days.")
    await page.getByTestId("create-collection-submit").click()
    await page.waitForURL(/\/app\/gallery\/collections\/[^/]+$/)
    collectionId = page.url().split("/").pop()
    await page.getByRole("heading", { name: "Spring picks", level: 1 }).waitFor()
    const [row] = (await sql("SELECT type, slug, is_active FROM gallery_collection WHERE id = $1", [collectionId])).rows
    assert.deepEqual(row, { type: "manual", slug, is_active: true })
  })

  await t.test("adds three works by product search", async () => {
    for (const work of works) {
      await page.locator("#product-search").fill(work.name)
      const result = page.getByTestId("product-search-results").locator("li", { hasText: work.name })
      await result.getByRole("button", { name: "Add" }).click()
      await result.getByRole("button", { name: "Added" }).waitFor()
    }
    await until(() => itemNames(page), (names) => names.length === 3, "three items listed")
    assert.deepEqual(await itemNames(page), works.map((w) => w.name))
    await page.locator("#product-search").fill("")
    await pages.shot(page, "collection-items")
  })

  await t.test("reorders by drag and drop, stored", async () => {
    await dragItem(page, 2, 0)
    const expected = [works[2], works[0], works[1]].map((w) => w.name)
    await until(() => itemNames(page), (names) => JSON.stringify(names) === JSON.stringify(expected), "order after the drag")
    await page.getByText("Order saved").first().waitFor()
    const stored = await until(
      async () =>
        (
          await sql(
            `SELECT product_id FROM gallery_collection_item WHERE collection_id = $1 AND deleted_at IS NULL ORDER BY position, created_at`,
            [collectionId]
          )
        ).rows.map((r) => r.product_id),
      (ids) => ids[0] === works[2].id,
      "positions stored"
    )
    assert.deepEqual(stored, [works[2].id, works[0].id, works[1].id])
    await pages.shot(page, "collection-reordered")
    // Still in that order after a reload: read back from the API, not the page's memory.
    await page.reload()
    await until(() => itemNames(page), (names) => names.length === 3, "items after reload")
    assert.deepEqual(await itemNames(page), expected)
    const publicView = await call("GET", `/api/gallery/collections/${slug}`)
    assert.deepEqual(
      publicView.collection.items.map((item) => item.productId),
      [works[2].id, works[0].id, works[1].id]
    )
  })

  await t.test("sees the analytics chart with the shopper's order", async () => {
    await page.getByRole("link", { name: "Analytics", exact: true }).first().click()
    await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor()
    const chart = page.getByTestId("analytics-chart")
    await chart.locator("svg.recharts-surface").first().waitFor()
    await until(() => chart.locator(".recharts-bar-rectangle path, .recharts-bar-rectangle rect").count(), (n) => n > 0, "order bars")
    const orders = Number(await page.getByTestId("card-orders-value").innerText())
    assert.ok(orders >= 1, `orders card shows ${orders}`)
    // The last 7 days: the 30 days stay on screen ("Updating…" beside the dates) until the new figures arrive.
    await Promise.all([
      page.waitForResponse((res) => res.url().includes("/api/admin/analytics") && res.ok()),
      page.getByRole("button", { name: "7 days" }).click(),
    ])
    await page.getByTestId("date-range").getByText("Updating…").waitFor({ state: "detached" })
    await chart.locator("svg.recharts-surface").first().waitFor()
    await until(() => chart.locator(".recharts-bar-rectangle path, .recharts-bar-rectangle rect").count(), (n) => n > 0, "order bars in the last 7 days")
    assert.ok(Number(await page.getByTestId("card-orders-value").innerText()) >= 1, "the shopper's order is in the last 7 days")
    await pages.shot(page, "analytics", { docs: "admin-analytics" })
  })

  await t.test("opens the gallery order with its payouts, and the widgets on Medusa's order and product pages", async () => {
    await page.getByRole("link", { name: "Gallery orders", exact: true }).first().click()
    await page.getByTestId("gallery-order-row").filter({ hasText: publicId }).click()
    await page.getByRole("heading", { name: publicId }).waitFor()
    await page.getByTestId("payout-status").first().waitFor()
    await pages.shot(page, "gallery-order")
    const mirror = page.getByRole("link", { name: /^#\d+$/ }).first()
    await mirror.waitFor()
    await mirror.click()
    const widget = page.getByTestId("order-gallery-widget")
    await widget.getByText(publicId).waitFor()
    await widget.scrollIntoViewIfNeeded()
    await pages.shot(page, "medusa-order-widget", { allowEmpty: true })
    await page.goto(`/app/products/${works[0].id}`)
    const productWidget = page.getByTestId("product-gallery-widget")
    await productWidget.getByText("Sold in the gallery").waitFor()
    // The work's demo picture, served by this server's image route, shows in Medusa's own media section: not broken.
    await page.locator('img[src*="/api/gallery/images/demo/"]').first().waitFor()
    await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 15_000 })
    const broken = await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src))
    assert.deepEqual(broken, [], "broken images on Medusa's product page")
    await pages.shot(page, "medusa-product-media", { allowEmpty: true })
    await productWidget.scrollIntoViewIfNeeded()
    await pages.shot(page, "medusa-product-widget", { allowEmpty: true })
  })

  await t.test("Medusa's Orders list and order page show the gallery order paid, nothing outstanding", async () => {
    // One of the shopper's artist orders, as the order book mirrors it (docs/order-book.md, "Payments").
    const [mirror] = (
      await sql(`SELECT id, display_id FROM "order" WHERE metadata->>'gallery_public_id' = $1 ORDER BY display_id LIMIT 1`, [publicId])
    ).rows
    assert.ok(mirror, `a Medusa order mirrors ${publicId}`)
    await page.goto("/app/orders")
    const row = page.locator("tbody tr").filter({ has: page.getByText(`#${mirror.display_id}`, { exact: true }) })
    await row.getByText("Captured", { exact: true }).waitFor()
    assert.equal(await row.getByText("Not paid").count(), 0, "the order's payment is not shown as missing")
    await pages.shot(page, "medusa-orders-paid")
    await row.click()
    await page.waitForURL((url) => url.pathname.endsWith(`/app/orders/${mirror.id}`))
    await page.getByText("Captured", { exact: true }).first().waitFor()
    // Nothing to collect: no "Mark as paid", no pending payment.
    await page.getByText("Total paid by customer").waitFor()
    assert.equal(await page.getByRole("button", { name: "Mark as paid" }).count(), 0)
    assert.equal(await page.getByText("Total pending").count(), 0)
    await pages.shot(page, "medusa-order-paid")
  })

  pages.assertNoPageErrors()
})
