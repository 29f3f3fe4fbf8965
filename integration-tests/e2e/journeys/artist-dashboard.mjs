// An artist (demo studio-north) logs in to /dashboard, creates a product with an uploaded image and a second variant
// (and sees it in the gallery, sized for the list and for its page), ships a gallery order
// a shopper paid for in the setup (beside a store order), reads the analytics charts, changes settings and creates an API key; a new artist
// signs up (a short password refused), creates a studio (told it awaits the gallery's approval) and goes through
// payout onboarding on the sandbox's page. On the way: the pages' empty,
// loading and error states and the API's validation messages next to their fields. Measures the first load and the
// dashboard's JavaScript size (bench/results/latest.json, `ui.dashboard`).
import assert from "node:assert/strict"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { after, test } from "node:test"
import sharp from "sharp"
import { bundleStats } from "../../../scripts/lib/ui.mjs"
import { openJourney } from "../lib/journey.mjs"
import { recordUiResults } from "../lib/results.mjs"
import { api, placeGalleryOrder, waitForDashboardOrder } from "../lib/gallery-api.mjs"

const BUDGET = { js_gzip_kb: 300, first_load_ms: 1000 }
const NORTH = { email: "north@atelier.test", password: "atelier-demo" }
// The dashboard keeps the member's token here (apps/dashboard/src/api.ts).
const TOKEN_STORAGE_KEY = "atelier_dashboard_token"
// Names of this run's records: the journey also runs against a server whose database it already ran on.
const RUN = Date.now().toString(36).slice(-5)
const SHOPPER = `dana.${RUN}@example.com`
const STORE_SHOPPER = `sam.${RUN}@example.com`
const PRODUCT_HANDLE = `harbour-at-dusk-${RUN}`
const STUDIO_SLUG = `studio-west-${RUN}`
const KEY_NAME = `My website ${RUN}`
const address = { name: "Dana Collector", line1: "12 Harbour Street", city: "Seattle", state: "WA", postal_code: "98101", country: "US" }

/** A shopper buys the same print in studio-north's own store (the store checkout) and pays with the sandbox card. */
async function placeStoreOrder(apiUrl, { orgId, productId, variantId, email }) {
  const { clientSecret } = await api(apiUrl, "POST", "/api/create-payment-intent", {
    body: { items: [{ product_id: productId, variant_id: variantId, quantity: 1 }], org_id: orgId, customer_email: email },
  })
  const paymentIntentId = clientSecret.slice(0, clientSecret.indexOf("_secret_"))
  // The sandbox confirm settles the payment: the Medusa order exists when it returns (docs/store-checkout.md).
  await api(apiUrl, "POST", `/api/sandbox/payment-intents/${paymentIntentId}/confirm`, { body: { payment_method: "pm_card_visa" } })
}

/** A browser with an empty cache and the member's token stored, opening /dashboard: navigation to the overview's figures. */
async function measureFirstLoad(pages, token) {
  const page = await pages.open(null)
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token])
  const started = performance.now()
  await page.goto("/dashboard")
  await page.waitForFunction(() => performance.getEntriesByName("dashboard:first-data-shown").length > 0)
  const wallMs = performance.now() - started
  const timing = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType("navigation")
    const [shown] = performance.getEntriesByName("dashboard:first-data-shown")
    const resources = performance.getEntriesByType("resource")
    const end = (pattern) => Math.max(0, ...resources.filter((r) => pattern.test(r.name)).map((r) => r.responseEnd))
    return {
      html: nav.responseEnd,
      scripts: end(/\/dashboard\/assets\/.*\.js$/),
      api: end(/\/api\//),
      domContentLoaded: nav.domContentLoadedEventEnd,
      dataShown: shown?.startTime ?? null,
    }
  })
  assert.ok(timing.dataShown !== null, "the overview marks when its figures are shown")
  return { page, wallMs, timing }
}

/** A picture of the harbour at dusk (1200 x 900 PNG), drawn here so that the journey needs no image file. */
function harbourPicture() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2d5c"/><stop offset="1" stop-color="#f08a5d"/></linearGradient></defs>
    <rect width="1200" height="560" fill="url(#sky)"/><rect y="560" width="1200" height="340" fill="#1d2b3a"/>
    <circle cx="820" cy="500" r="70" fill="#f9c784"/>
    <path d="M300,600 h260 l-40,50 h-180 Z" fill="#0d1117"/><path d="M430,598 v-190 l110,170 Z" fill="#e8e1d3"/>
    <g fill="#f9c784">${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${100 + i * 190}" y="${640 + (i % 3) * 40}" width="90" height="6" opacity="0.7"/>`).join("")}</g>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** Every image on the page has loaded (none broken, none still loading): `<img>` elements and their pixels. */
async function assertImagesLoaded(page, where) {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 15_000 })
  const broken = await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src))
  assert.deepEqual(broken, [], `${where}: broken images`)
}

const e2e = await openJourney("artist-dashboard")
after(() => e2e.close())
const { apiUrl, sql, pages, root, log } = e2e

test("artist dashboard: an artist creates a product and ships an order; a new artist signs up and onboards", async (t) => {
  const northOrg = (await sql("SELECT id FROM organization WHERE slug = 'studio-north'")).rows[0].id
  const northPrint = (await sql("SELECT id FROM product WHERE handle = 'studio-north-print' AND deleted_at IS NULL")).rows[0].id
  const { token } = await api(apiUrl, "POST", "/auth/member/emailpass", { body: NORTH })
  let orderId = null
  let galleryPublicId = null
  let productId = null

  let storeOrderId = null

  await t.test("setup: shoppers pay for studio-north's print in its store and in the gallery", async () => {
    const variantId = (await sql("SELECT id FROM product_variant WHERE product_id = $1 AND deleted_at IS NULL", [northPrint])).rows[0].id
    await placeStoreOrder(apiUrl, { orgId: northOrg, productId: northPrint, variantId, email: STORE_SHOPPER })
    const storeOrder = await waitForDashboardOrder(apiUrl, token, STORE_SHOPPER)
    assert.equal(storeOrder.source, "store")
    storeOrderId = storeOrder.id
    const order = await placeGalleryOrder(apiUrl, northPrint, { email: SHOPPER, address })
    const mirrored = await waitForDashboardOrder(apiUrl, token, SHOPPER)
    assert.equal(mirrored.source, "gallery")
    assert.equal(mirrored.gallery_public_id, order.publicId)
    assert.equal(mirrored.status, "paid")
    orderId = mirrored.id
    galleryPublicId = order.publicId
  })

  await t.test("first load", async () => {
    const first = await measureFirstLoad(pages, token)
    await first.page.context().close()
    const later = []
    for (let i = 0; i < 3; i++) later.push(await measureFirstLoad(pages, token))
    for (const visit of later) await visit.page.context().close()
    const median = [...later].sort((a, b) => a.timing.dataShown - b.timing.dataShown)[1]
    const stats = bundleStats(path.join(root, ".medusa/server/dist/ui/dashboard"))
    const figures = {
      measured_at: new Date().toISOString(),
      js_kb: +(stats.js_bytes / 1024).toFixed(1),
      js_gzip_kb: +(stats.js_gzip_bytes / 1024).toFixed(1),
      css_gzip_kb: +(stats.css_gzip_bytes / 1024).toFixed(1),
      first_load_ms: Math.round(median.timing.dataShown),
      first_load_runs_ms: later.map((visit) => Math.round(visit.timing.dataShown)),
      first_load_first_visit_ms: Math.round(first.timing.dataShown),
      first_load_wall_ms: Math.round(median.wallMs),
      breakdown_ms: {
        html: Math.round(median.timing.html),
        scripts: Math.round(median.timing.scripts),
        dom_content_loaded: Math.round(median.timing.domContentLoaded),
        api_responses: Math.round(median.timing.api),
        data_shown: Math.round(median.timing.dataShown),
      },
      loadavg_1m: +os.loadavg()[0].toFixed(2),
      cpus: os.cpus().length,
      method:
        "production build served on localhost, system Chromium headless, a logged-in artist (token in localStorage). first_load_ms: median of 3 fresh browser contexts (empty cache) opening /dashboard, from the start of the navigation to the overview's User Timing mark when its figures and recent orders are on screen (first_load_runs_ms: the 3; breakdown_ms: the median run's milestones); first_load_first_visit_ms: the same for the first dashboard visit of the run; first_load_wall_ms: the median run timed from the test process. js_gzip_kb: every JavaScript chunk of the build (lazy pages and the charts included), gzipped at level 9 as the server sends it",
      budget: BUDGET,
    }
    figures.within_budget = figures.js_gzip_kb <= BUDGET.js_gzip_kb && figures.first_load_ms <= BUDGET.first_load_ms
    const file = recordUiResults(root, "dashboard", figures)
    log(
      `dashboard: ${figures.js_gzip_kb} kB gzipped JS; first load ${figures.first_load_ms} ms (runs ${figures.first_load_runs_ms.join(", ")}; ` +
        `first visit ${figures.first_load_first_visit_ms} ms; load average ${figures.loadavg_1m} on ${figures.cpus} CPUs) -> ${path.relative(root, file)}`
    )
    assert.ok(figures.js_gzip_kb <= BUDGET.js_gzip_kb, `dashboard JS ${figures.js_gzip_kb} kB gzipped > ${BUDGET.js_gzip_kb}`)
    // Timing depends on the machine's load (CI shares its cores): over budget is reported, three times over fails.
    if (figures.first_load_ms > BUDGET.first_load_ms) log(`WARNING: first load ${figures.first_load_ms} ms is over the ${BUDGET.first_load_ms} ms budget`)
    assert.ok(figures.first_load_ms <= 3 * BUDGET.first_load_ms, `first load ${figures.first_load_ms} ms > 3 x ${BUDGET.first_load_ms}`)
  })

  const page = await pages.open("/dashboard")

  await t.test("log in", async () => {
    await page.getByRole("heading", { name: "Welcome to Atelier" }).waitFor()
    await pages.shot(page, "login")
    await page.locator("#email").fill(NORTH.email)
    await page.locator("#password").fill("not-the-password")
    await page.getByRole("button", { name: "Log in" }).click()
    await page.locator("[data-form-error]").waitFor()
    assert.match(await page.locator("[data-form-error]").innerText(), /invalid email or password/i)
    await pages.shot(page, "login-refused", { allowError: true })
    await page.locator("#password").fill(NORTH.password)
    await page.getByRole("button", { name: "Log in" }).click()
    await page.getByTestId("kpi-revenue").waitFor()
    assert.equal(await page.getByTestId("organization-name").innerText(), "Studio North")
    // The order of the setup, a gallery order, is among the recent ones.
    await page.locator(`[data-order="${orderId}"] [data-source="gallery"]`).waitFor()
    assert.ok(Number(await page.getByTestId("kpi-orders").innerText()) >= 1)
    await pages.shot(page, "overview", { docs: "dashboard-overview" })
  })

  await t.test("products: create a product with a second variant", async () => {
    await page.getByRole("link", { name: "Products" }).click()
    await page.locator('[data-product="studio-north-print"]').waitFor()
    await assertImagesLoaded(page, "the products' thumbnails")
    await pages.shot(page, "products")

    await page.getByRole("link", { name: "Create product" }).first().click()
    await page.getByRole("heading", { name: "Create product" }).waitFor()
    await page.locator("#title").fill("Harbour at Dusk")
    await page.locator("#slug").fill(PRODUCT_HANDLE)
    await page.locator("#description").fill("Oil on linen, 60 × 80 cm. The harbour lights coming on.")
    await page.locator("#product_type").selectOption("original")
    await page.locator("#status").selectOption("active")
    await page.locator("#base_price").fill("12.345")
    await page.locator("#inventory_quantity").fill("1")
    // The image, from the computer: a file that is not an image is refused next to the field, a picture is uploaded
    // and shown as the gallery will show it.
    await page.locator("#image-file").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") })
    const imageError = page.locator('[data-field-error="image-file"]')
    await imageError.waitFor()
    assert.equal(await imageError.innerText(), "notes.png: file must be a JPEG, PNG, WebP or GIF image")
    await page.locator("#image-file").setInputFiles({ name: "Harbour at Dusk.png", mimeType: "image/png", buffer: await harbourPicture() })
    await page.locator('[data-image*="/api/gallery/images/"] img').waitFor()
    await imageError.waitFor({ state: "detached" })
    await assertImagesLoaded(page, "the uploaded image's preview")
    await pages.shot(page, "product-create-image")
    await page.getByRole("button", { name: "Create product" }).click()
    // Three decimals are refused (the form checks the API's rule before sending): the message sits under the price.
    const priceError = page.locator('[data-field-error="base_price"]')
    await priceError.waitFor()
    assert.match(await priceError.innerText(), /^Enter a price in US dollars/)
    await pages.shot(page, "product-create-price-error")
    await page.locator("#base_price").fill("480")
    await page.getByRole("button", { name: "Create product" }).click()

    await page.getByTestId("product-created").waitFor()
    await page.locator(`[data-product-page="${PRODUCT_HANDLE}"]`).waitFor()
    await pages.shot(page, "product-created")

    // A second variant: first without a price (refused next to it), then with one.
    await page.locator("#new-variant-title").fill("Framed")
    await page.locator("#new-variant-inventory_quantity").fill("1")
    await page.getByRole("button", { name: "Add variant" }).click()
    await page.locator('[data-field-error="new-variant-price"]').waitFor()
    await page.locator("#new-variant-price").fill("560")
    await page.getByRole("button", { name: "Add variant" }).click()
    await page.locator('[data-variant="Framed"]').waitFor()
    await pages.shot(page, "product-variants", { docs: "dashboard-product" })

    const { rows } = await sql(
      `SELECT p.status, p.title, count(v.id)::int AS variants
         FROM product p JOIN product_variant v ON v.product_id = p.id AND v.deleted_at IS NULL
        WHERE p.handle = $1 AND p.deleted_at IS NULL GROUP BY p.id`,
      [PRODUCT_HANDLE]
    )
    assert.deepEqual(rows, [{ status: "published", title: "Harbour at Dusk", variants: 2 }])
    const { product } = await api(apiUrl, "GET", `/api/products/${page.url().split("/products/")[1].split("?")[0]}`, { token })
    assert.deepEqual(
      product.product_variants.map((v) => [v.title, v.price, v.inventory_quantity]),
      [
        ["Standard", 480, 1],
        ["Framed", 560, 1],
      ]
    )
    assert.equal(product.product_images.length, 1)
    assert.match(product.product_images[0], /^http:\/\/localhost:\d+\/api\/gallery\/images\/\d+-harbour-at-dusk-[0-9a-f]{8}\.png$/)
    productId = product.id
  })

  await t.test("gallery: the new work is shown with its uploaded image, sized for the list and for its page", async () => {
    const shopper = await pages.open(`/gallery/?q=${encodeURIComponent("Harbour at Dusk")}`)
    const card = shopper.locator(`[data-product="${PRODUCT_HANDLE}"] img`)
    await card.waitFor()
    assert.match(await card.getAttribute("src"), /\/api\/gallery\/images\/\d+-harbour-at-dusk-[0-9a-f]{8}\.png\?w=400$/)
    await assertImagesLoaded(shopper, "the gallery's list")
    await pages.shot(shopper, "gallery-new-work")
    await shopper.goto(`/gallery/products/${productId}`)
    const large = shopper.locator('img[alt="Harbour at Dusk"]').first()
    await large.waitFor()
    assert.match(await large.getAttribute("src"), /\?w=1200$/)
    await assertImagesLoaded(shopper, "the work's page")
    await pages.shot(shopper, "gallery-new-work-page")
    await shopper.context().close()
  })

  await t.test("orders: find the gallery order and ship it", async () => {
    await page.getByRole("link", { name: "Orders" }).click()
    await page.locator("#order-status").selectOption("paid")
    await page.waitForURL(/status=paid/)
    await page.locator(`[data-order="${orderId}"] [data-source="gallery"]`).waitFor()
    await page.locator(`[data-order="${storeOrderId}"] [data-source="store"]`).waitFor()
    await pages.shot(page, "orders-paid")
    await page.locator("#order-search").fill("nobody-ordered-this")
    await page.getByRole("button", { name: "Search" }).click()
    await page.getByRole("heading", { name: "No orders match these filters" }).waitFor()
    await pages.shot(page, "orders-none-match")
    await page.locator("#order-search").fill(SHOPPER)
    await page.getByRole("button", { name: "Search" }).click()
    await page.locator(`[data-order="${orderId}"]`).click()

    await page.locator(`[data-order-page="${orderId}"]`).waitFor()
    assert.equal(await page.locator(`[data-order-page="${orderId}"] [data-source]`).getAttribute("data-source"), "gallery")
    assert.equal(await page.getByTestId("customer-email").innerText(), SHOPPER)
    await page.getByTestId("shipping-address").waitFor()
    await pages.shot(page, "order")

    // No tracking number: the API's message under it.
    await page.locator("#carrier").selectOption("UPS")
    await page.getByRole("button", { name: "Mark as shipped" }).click()
    await page.locator('[data-field-error="tracking_number"]').waitFor()
    await pages.shot(page, "order-ship-error")
    await page.locator("#tracking_number").fill("1Z999AA10123456784")
    await page.getByRole("button", { name: "Mark as shipped" }).click()
    await page.locator(`[data-order-page="${orderId}"] [data-status="shipped"]`).waitFor()
    // What was sent at once; the tracking link once the order book has recorded the Medusa fulfilment.
    await page.getByTestId("just-shipped").or(page.locator("[data-fulfillment]")).first().waitFor()
    const link = page.locator('[data-fulfillment="1Z999AA10123456784"]').getByRole("link", { name: "1Z999AA10123456784" })
    await link.waitFor({ timeout: 75_000 })
    assert.match(await link.getAttribute("href"), /^https:\/\/[^/]*ups\.com\/.*1Z999AA10123456784/)
    await pages.shot(page, "order-shipped")

    const { rows } = await sql(
      `SELECT ao.status, ao.carrier, ao.tracking_number FROM gallery_artist_order ao
         JOIN gallery_order g ON g.id = ao.gallery_order_id WHERE g.email = $1 AND ao.organization_id = $2`,
      [SHOPPER, northOrg]
    )
    assert.deepEqual(rows, [{ status: "shipped", carrier: "UPS", tracking_number: "1Z999AA10123456784" }])
  })

  await t.test("orders: refund part of the store order from its page", async () => {
    await page.goto(`/dashboard/orders/${storeOrderId}`)
    await page.locator(`[data-order-page="${storeOrderId}"]`).waitFor()
    // A store order has refunds but no returns (they are asked for on the gallery's tracking page).
    await page.getByTestId("no-refunds").waitFor()
    assert.equal(await page.getByTestId("returns-panel").count(), 0)
    await page.locator("#refund-amount").fill("1.50")
    await page.locator("#refund-reason").fill("A corner was creased")
    await page.getByRole("button", { name: "Refund", exact: true }).click()
    const refunded = page.locator('[data-refund-source="artist"]')
    await refunded.waitFor()
    assert.equal(await refunded.getByTestId("refund-amount").innerText(), "$1.50")
    await pages.shot(page, "store-order-refunded")
    const { refunds } = await api(apiUrl, "GET", `/api/orders/${storeOrderId}/refunds`, { token })
    assert.deepEqual(
      refunds.map((r) => [r.source, r.amount, r.reason]),
      [["artist", 1.5, "A corner was creased"]]
    )
  })

  await t.test("analytics: figures and charts", async () => {
    await page.getByRole("link", { name: "Analytics" }).click()
    await page.locator('[data-chart="gallery-timeline"] .recharts-bar-rectangle').first().waitFor()
    await page.locator('[data-chart="top-products"] .recharts-bar-rectangle').first().waitFor()
    assert.notEqual(await page.getByTestId("gallery-gallery-revenue").innerText(), "$0.00")
    await pages.shot(page, "analytics", { docs: "dashboard-analytics" })
  })

  await t.test("payouts: the balance, the paid orders in the ledger, a month's statement as CSV", async () => {
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Payouts" }).click()
    await page.getByTestId("balance-earned").waitFor()
    // The gallery sale of the setup, and the transfer of its payout to studio-north's account (payable).
    await page.locator('[data-ledger-entry="sale_earned"]', { hasText: `#${galleryPublicId}` }).first().waitFor()
    await page.locator('[data-ledger-entry="transfer_sent"]').first().waitFor()
    // The store sale of the setup: its destination charge was paid to the account at once.
    await page.locator('[data-ledger-entry="plan_fee"]').first().waitFor()
    const { balance } = await api(apiUrl, "GET", "/api/payouts/balance", { token })
    assert.ok(balance.earned > 0, `earned ${balance.earned}`)
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
    for (const figure of ["earned", "sent", "pending", "held"]) {
      assert.equal(await page.getByTestId(`balance-${figure}`).innerText(), usd.format(balance[figure]), figure)
    }
    await pages.shot(page, "payouts")

    const month = new Date().toISOString().slice(0, 7)
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator(`[data-statement="${month}"]`).getByRole("button", { name: "CSV" }).click(),
    ])
    assert.equal(download.suggestedFilename(), `atelier-statement-${month}.csv`)
    const csv = fs.readFileSync(await download.path(), "utf8")
    assert.equal(csv.split("\n")[0], "date,kind,description,reference,order,amount,earned,sent")
    assert.ok(csv.includes(`Gallery sale #${galleryPublicId}`), "the statement has the gallery sale")
  })

  await t.test("settings: storefront, account, notifications, payouts, API keys", async () => {
    await page.getByRole("link", { name: "Settings" }).click()
    await page.getByRole("form", { name: "Storefront settings" }).waitFor()
    await page.locator("#bio").fill("Landscapes of the northern coast, in oil and in print.")
    await page.locator('[id="social_links.instagram"]').fill("http://instagram.com/studio.north")
    await page.getByRole("button", { name: "Save" }).click()
    const linkError = page.locator('[data-field-error="social_links.instagram"]')
    await linkError.waitFor()
    assert.match(await linkError.innerText(), /https URL/)
    await pages.shot(page, "settings-storefront-error")
    await page.locator('[id="social_links.instagram"]').fill("https://instagram.com/studio.north")
    await page.locator('[id="custom_colors.primary"]').fill("#1F2937")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved.").waitFor()
    await pages.shot(page, "settings-storefront")
    const stored = await api(apiUrl, "GET", "/api/settings/storefront", { token })
    assert.equal(stored.settings.social_links.instagram, "https://instagram.com/studio.north")
    assert.equal(stored.settings.custom_colors.primary, "#1f2937")

    await page.getByRole("link", { name: "Account" }).click()
    await page.locator("#email").fill("studio-north@")
    await page.getByRole("button", { name: "Save" }).click()
    await page.locator('[data-field-error="email"]').waitFor()
    await page.locator("#email").fill("hello@studio-north.test")
    await page.locator("#display_name").fill("Studio North")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved.").waitFor()
    await pages.shot(page, "settings-account")

    await page.getByRole("link", { name: "Notifications" }).click()
    await page.locator("#email_digest").selectOption("daily")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("Saved.").waitFor()
    await pages.shot(page, "settings-notifications")

    // The settings' tab (the sidebar's "Payouts" is the ledger's page).
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Payouts" }).click()
    await page.locator('[data-payouts="enabled"]').waitFor()
    await pages.shot(page, "settings-payouts")

    await page.getByRole("link", { name: "API keys" }).click()
    await page.getByRole("form", { name: "Create API key" }).waitFor()
    await page.locator("#scope-read\\:products").click()
    await page.locator("#scope-read\\:orders").click()
    await page.locator("#key-name").fill(KEY_NAME)
    await page.getByRole("button", { name: "Create key" }).click()
    await page.locator('[data-field-error="scopes"]').waitFor()
    await page.locator("#scope-read\\:products").click()
    await page.getByRole("button", { name: "Create key" }).click()
    const key = await page.getByTestId("api-key-value").innerText()
    assert.match(key, /^atl_live_/)
    await page.locator(`[data-api-key="${KEY_NAME}"]`).waitFor()
    await pages.shot(page, "settings-api-key-created")
    // The key works on the platform API, and is refused once revoked.
    const products = await fetch(`${apiUrl}/v1/products`, { headers: { authorization: `Bearer ${key}` } })
    assert.equal(products.status, 200)
    await page.getByRole("button", { name: "I have saved it" }).click()
    await page.locator(`[data-api-key="${KEY_NAME}"]`).getByRole("button", { name: "Revoke" }).click()
    await page.getByRole("button", { name: "Revoke" }).last().click()
    await page.locator(`[data-api-key="${KEY_NAME}"] [data-revoked]`).waitFor()
    const refused = await fetch(`${apiUrl}/v1/products`, { headers: { authorization: `Bearer ${key}` } })
    assert.equal(refused.status, 401)
    await pages.shot(page, "settings-api-key-revoked")
  })

  await t.test("settings: shipping (where the studio ships from, a rate added, refused, edited, deleted)", async () => {
    await page.getByRole("link", { name: "Shipping" }).click()
    const origin = page.getByRole("form", { name: "Ships from" })
    await origin.waitFor()
    await page.locator("#origin-address_1").fill("12 Harbour Road")
    await page.locator("#origin-city").fill("Portland")
    // No country chosen: the form's own check says so under the list; then one is chosen from it.
    await page.locator("#origin-country_code").selectOption("")
    await origin.getByRole("button", { name: "Save" }).click()
    await page.locator('[data-field-error="origin-country_code"]').waitFor()
    await page.locator("#origin-country_code").selectOption("US")
    await origin.getByRole("button", { name: "Save" }).click()
    await origin.getByText("Saved.").waitFor()
    assert.equal(await page.locator("#origin-country_code").inputValue(), "US")

    // A rate: its destinations are chosen from the list of countries by name. Without any, and with only the first
    // delivery day, the form's own check (the route's rules) says so next to both fields and sends nothing; then
    // France and Germany are added (one with the button, one with Enter), Italy added and removed, and the rate is
    // added to the table.
    const form = page.getByRole("form", { name: "Add a shipping rate" })
    const rateCalls = []
    const countRateCalls = (request) => {
      if (request.url().includes("/api/shipping-rates") && request.method() === "POST") rateCalls.push(request.url())
    }
    page.on("request", countRateCalls)
    const countries = page.locator("#rate-new-countries")
    assert.equal(await countries.evaluate((node) => node.tagName), "SELECT", "the destinations are chosen from a list")
    await page.locator("#rate-new-name").fill("Europe tracked")
    await page.locator("#rate-new-first_item_amount").fill("12.50")
    await page.locator("#rate-new-additional_item_amount").fill("3")
    await page.locator("#rate-new-free_shipping_threshold").fill("150")
    await page.locator("#rate-new-min_delivery_days").fill("3")
    await form.getByRole("button", { name: "Add rate" }).click()
    const countryError = page.locator('[data-field-error="rate-new-countries"]')
    await countryError.waitFor()
    assert.equal(await countryError.innerText(), "Choose at least one destination country, or rest of world")
    assert.equal(await page.locator('[data-field-error="rate-new-max_delivery_days"]').innerText(), "Give both the earliest and the latest delivery day, or neither")
    assert.equal(await form.locator("[data-field-error]").count(), 2)
    assert.deepEqual(rateCalls, [], "the form sent nothing")
    assert.equal(await countries.getAttribute("aria-invalid"), "true", "the refused list is marked")
    const shadowOf = (locator) => locator.evaluate((node) => getComputedStyle(node).boxShadow)
    assert.notEqual(await shadowOf(countries), await shadowOf(page.locator("#rate-new-name")), "and wears the error border")
    await pages.shot(page, "settings-shipping-error")
    await countries.selectOption({ label: "France" })
    await form.getByRole("button", { name: "Add", exact: true }).click()
    await countries.selectOption("DE")
    await countries.press("Enter")
    await countries.selectOption("IT")
    await form.getByRole("button", { name: "Add", exact: true }).click()
    const chosen = form.getByRole("list", { name: "Destinations chosen" })
    assert.deepEqual(await chosen.locator("[data-country]").evaluateAll((nodes) => nodes.map((node) => node.dataset.country)), ["FR", "DE", "IT"])
    await chosen.getByRole("button", { name: "Remove Italy" }).click()
    assert.deepEqual(await chosen.locator("[data-country]").evaluateAll((nodes) => nodes.map((node) => node.dataset.country)), ["FR", "DE"])
    assert.equal(await countries.evaluate((node) => document.activeElement === node), true, "the focus is back on the list")
    assert.equal(await countries.locator('option[value="FR"]').count(), 0, "a chosen country leaves the list")
    await page.locator("#rate-new-max_delivery_days").fill("6")
    await pages.shot(page, "settings-shipping-countries")
    await form.getByRole("button", { name: "Add rate" }).click()
    const row = page.locator('[data-shipping-rate="Europe tracked"]')
    await row.waitFor()
    assert.match(await row.innerText(), /Germany, France[\s\S]*\$12\.50[\s\S]*\$3\.00[\s\S]*\$150\.00[\s\S]*3–6 business days/)
    await pages.shot(page, "settings-shipping")
    const [stored] = (await api(apiUrl, "GET", "/api/shipping-rates", { token })).shipping_rates
    assert.deepEqual([stored.countries, stored.first_item_amount, stored.free_shipping_threshold], [["DE", "FR"], 12.5, 150])
    assert.equal(rateCalls.length, 1, "sent once, when complete")
    page.off("request", countRateCalls)

    await row.getByRole("button", { name: "Edit" }).click()
    await page.locator(`#rate-${stored.id}-first_item_amount`).fill("9.99")
    await page.getByRole("button", { name: "Save rate" }).click()
    await page.locator('[data-shipping-rate="Europe tracked"]', { hasText: "$9.99" }).waitFor()

    // Deleted again: the other journeys buy from studio-north, which ships free without rates.
    await row.getByRole("button", { name: "Delete" }).click()
    await page.getByRole("button", { name: "Delete" }).last().click()
    await page.getByText("No shipping rates: you ship free everywhere").waitFor()
    assert.deepEqual((await api(apiUrl, "GET", "/api/shipping-rates", { token })).shipping_rates, [])
  })

  await t.test("a plain member of studio-north reads the settings but cannot change them", async () => {
    const member = await pages.open("/dashboard/settings/storefront")
    await member.locator("#email").fill("member@atelier.test")
    await member.locator("#password").fill("atelier-demo")
    await member.getByRole("button", { name: "Log in" }).click()
    await member.getByRole("form", { name: "Storefront settings" }).waitFor()
    await member.getByText("Only the organization's owners can change these settings").waitFor()
    assert.equal(await member.locator("#bio").inputValue(), "Landscapes of the northern coast, in oil and in print.")
    assert.ok(await member.locator("#bio").isDisabled())
    assert.equal(await member.getByRole("button", { name: "Save" }).count(), 0)
    await pages.shot(member, "member-settings-read-only")
    await member.getByRole("link", { name: "API keys" }).click()
    await member.getByText("Only the organization's owners can see and manage API keys.").waitFor()
    await member.context().close()
  })

  await t.test("loading and error states", async () => {
    let release
    const held = new Promise((resolve) => (release = resolve))
    await page.route("**/api/dashboard/orders?*", async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole("link", { name: "Orders" }).click()
    await page.locator('[data-state="loading"]').first().waitFor()
    await pages.shot(page, "orders-loading", { settled: false })
    release()
    await page.locator("[data-order]").first().waitFor()
    await page.unroute("**/api/dashboard/orders?*")

    await page.route("**/api/dashboard/orders?*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "The order book is resting", code: "unavailable", details: {} }) })
    )
    await page.reload()
    await page.locator('[data-state="error"]').getByText("The order book is resting").waitFor()
    await pages.shot(page, "orders-error", { allowError: true })
    await page.unroute("**/api/dashboard/orders?*")
    await page.getByRole("button", { name: "Try again" }).click()
    await page.locator("[data-order]").first().waitFor()

    // A record the API does not know (404): said so, with the way back to its list.
    await page.goto("/dashboard/products/prod_unknown")
    await page.getByRole("heading", { name: "Product not found" }).waitFor()
    await pages.shot(page, "product-not-found", { allowEmpty: true })
    await page.goto("/dashboard/orders/order_unknown")
    await page.getByRole("heading", { name: "Order not found" }).waitFor()
    await page.getByRole("link", { name: "Back to orders" }).click()
    await page.locator("[data-order]").first().waitFor()
  })

  await t.test("a new artist signs up, creates a studio and sets up payouts", async () => {
    const fresh = await pages.open("/dashboard/signup")
    await fresh.getByRole("heading", { name: "Create your Atelier account" }).waitFor()
    await fresh.locator("#first_name").fill("Wren")
    await fresh.locator("#last_name").fill("Westfall")
    await fresh.locator("#email").fill(`wren.${RUN}@studio-west.test`)
    // Passwords have at least 10 characters (docs/artist-dashboard.md, "Accounts"): said next to the field.
    await fresh.locator("#password").fill("short")
    await fresh.getByRole("button", { name: "Create account" }).click()
    await fresh.locator('[data-field-error="password"]').waitFor()
    assert.equal(await fresh.locator('[data-field-error="password"]').innerText(), "Use at least 10 characters for your password")
    await pages.shot(fresh, "signup-password-too-short", { allowError: true })
    await fresh.locator("#password").fill("a-long-passphrase")
    await pages.shot(fresh, "signup")
    await fresh.getByRole("button", { name: "Create account" }).click()

    await fresh.getByRole("heading", { name: "Create your studio" }).waitFor()
    await fresh.getByLabel("Gallery address (slug)").waitFor()
    await fresh.locator("#name").fill("Studio North")
    await fresh.locator('[data-field-error="slug"]').waitFor()
    assert.equal(await fresh.locator('[data-field-error="slug"]').innerText(), "This address is taken")
    await pages.shot(fresh, "organization-slug-taken", { allowError: true })
    await fresh.locator("#name").fill("Studio West")
    await fresh.locator("#slug").fill(STUDIO_SLUG)
    await fresh.getByText(`${STUDIO_SLUG} is available`).waitFor()
    assert.match(await fresh.getByTestId("slug-url").innerText(), new RegExp(`/gallery/artists/${STUDIO_SLUG}`))
    await fresh.getByRole("button", { name: "Create studio" }).click()

    await fresh.getByTestId("kpi-revenue").waitFor()
    assert.equal(await fresh.getByTestId("organization-name").innerText(), "Studio West")
    await fresh.getByRole("heading", { name: "No orders yet" }).waitFor()
    await fresh.getByTestId("payout-callout").waitFor()
    // Not approved for the gallery yet: the overview says so, and why the works are not there.
    assert.match(await fresh.getByTestId("approval-callout").innerText(), /Studio West awaits approval for the gallery/)
    await pages.shot(fresh, "new-artist-overview")
    await fresh.getByRole("link", { name: "Products" }).click()
    await fresh.getByRole("heading", { name: "No products yet" }).waitFor()
    await pages.shot(fresh, "new-artist-products-empty")

    await fresh.getByRole("link", { name: "Settings" }).click()
    await fresh.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Payouts" }).click()
    await fresh.locator('[data-payouts="pending"]').waitFor()
    await fresh.getByRole("button", { name: "Set up payouts" }).click()
    // The local gateway's stand-in for Stripe's hosted onboarding page.
    await fresh.getByRole("button", { name: "Submit details and complete onboarding" }).waitFor()
    await pages.shot(fresh, "payout-onboarding-sandbox", { allowEmpty: true })
    await fresh.getByRole("button", { name: "Submit details and complete onboarding" }).click()
    await fresh.waitForURL(/\/dashboard\/settings\/payouts\?onboarding=return$/)
    await fresh.locator('[data-payouts="enabled"]').waitFor()
    await pages.shot(fresh, "payouts-connected")

    const { rows } = await sql(
      `SELECT o.name, o.payouts_enabled, m.first_name, ms.role FROM organization o
         JOIN membership ms ON ms.organization_id = o.id AND ms.deleted_at IS NULL JOIN member m ON m.id = ms.member_id
        WHERE o.slug = $1`,
      [STUDIO_SLUG]
    )
    assert.deepEqual(rows, [{ name: "Studio West", payouts_enabled: true, first_name: "Wren", role: "owner" }])
  })

  pages.assertNoPageErrors()
})
