// Atelier on a phone (390 x 844, touch): an artist (demo studio-north) logs in to /dashboard, opens the menu (a sheet:
// focus inside, Escape closes it and gives the focus back to its button), goes to the products and creates one with an
// image uploaded from the phone, then goes through every page of the dashboard; a new artist signs up and creates a
// studio; a shopper browses the gallery, opens its menu, fills a cart, tracks an order and looks at the collections
// and an artist's page. Every page visited is checked to fit the screen: the document is no wider than 390 px (tables
// scroll inside their own box).
import assert from "node:assert/strict"
import { after, test } from "node:test"
import sharp from "sharp"
import { openJourney } from "../lib/journey.mjs"
import { api, placeGalleryOrder, waitForDashboardOrder } from "../lib/gallery-api.mjs"

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
const NORTH = { email: "north@atelier.test", password: "atelier-demo" }
// Names of this run's records: the journey also runs against a server whose database it already ran on.
const RUN = Date.now().toString(36).slice(-5)
const PRODUCT_HANDLE = `pocket-harbour-${RUN}`
const STUDIO_SLUG = `studio-phone-${RUN}`
const SHOPPER = `pat.${RUN}@example.com`
const address = { name: "Pat Phone", line1: "3 Pier Lane", city: "Seattle", state: "WA", postal_code: "98101", country: "US" }

/** A photo of the harbour (900 x 1200, portrait as a phone takes it), drawn here so that the journey needs no file. */
function phonePhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f3b5c"/><stop offset="1" stop-color="#e9a46a"/></linearGradient></defs>
    <rect width="900" height="760" fill="url(#sky)"/><rect y="760" width="900" height="440" fill="#16222e"/>
    <circle cx="610" cy="700" r="60" fill="#f9d38c"/>
    <path d="M200,800 h240 l-36,46 h-168 Z" fill="#0b1016"/><path d="M318,798 v-200 l100,180 Z" fill="#efe7da"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/**
 * The page fits the phone's width: nothing makes the document wider than the screen. On failure, says which elements
 * stick out (those outside any box of their own that scrolls or clips).
 */
async function assertFits(page, where) {
  const { width, viewport, culprits } = await page.evaluate(() => {
    const viewport = window.innerWidth
    const width = document.documentElement.scrollWidth
    const clipped = (el) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true
      }
      return false
    }
    const wide = width > viewport ? [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > viewport + 0.5 && !clipped(el)) : []
    // The outermost ones: what to fix.
    const culprits = wide
      .filter((el) => !wide.includes(el.parentElement))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${Math.round(el.getBoundingClientRect().width)} px`)
    return { width, viewport, culprits }
  })
  assert.equal(viewport, 390, `${where}: the phone's viewport`)
  assert.ok(width <= 390, `${where}: the page is ${width} px wide, wider than the phone's 390 px: ${culprits.join("; ")}`)
}

/** A page settled, its screenshot taken (from the top: the sticky bar where it belongs), and its width checked. */
async function visit(pages, page, label, options) {
  await page.evaluate(() => window.scrollTo(0, 0))
  const file = await pages.shot(page, label, options)
  await assertFits(page, label)
  return file
}

/** Opens the dashboard's menu with its button: a sheet labelled "Menu", with the focus inside it. */
async function openMenu(page) {
  const button = page.getByTestId("menu-button")
  assert.equal(await button.getAttribute("aria-expanded"), "false")
  await button.tap()
  const menu = page.getByRole("dialog", { name: "Menu" })
  await menu.waitFor()
  assert.equal(await button.getAttribute("aria-expanded"), "true")
  // Radix's dialog moves the focus in once its opening animation has started.
  await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null)
  return menu
}

/** Goes to a dashboard page through the menu; the menu closes on the way. */
async function goThroughMenu(page, name) {
  const menu = await openMenu(page)
  await menu.getByRole("link", { name, exact: true }).tap()
  await menu.waitFor({ state: "detached" })
}

const e2e = await openJourney("phone")
after(() => e2e.close())
const { apiUrl, sql, pages, log } = e2e

test("on a phone: an artist works in the dashboard, a new artist signs up, a shopper uses the gallery", async (t) => {
  const northPrint = (await sql("SELECT id FROM product WHERE handle = 'studio-north-print' AND deleted_at IS NULL")).rows[0].id
  const { token } = await api(apiUrl, "POST", "/auth/member/emailpass", { body: NORTH })
  let galleryOrder = null
  let dashboardOrder = null

  await t.test("setup: a shopper pays for studio-north's print in the gallery", async () => {
    galleryOrder = await placeGalleryOrder(apiUrl, northPrint, { email: SHOPPER, address })
    dashboardOrder = await waitForDashboardOrder(apiUrl, token, SHOPPER)
  })

  const page = await pages.open("/dashboard", PHONE)

  await t.test("log in, and the menu: open, Escape, focus back on its button", async () => {
    await page.getByRole("heading", { name: "Welcome to Atelier" }).waitFor()
    await visit(pages, page, "login")
    await page.locator("#email").fill(NORTH.email)
    await page.locator("#password").fill(NORTH.password)
    await page.getByRole("button", { name: "Log in" }).tap()
    await page.getByTestId("kpi-revenue").waitFor()
    // No sidebar beside the page: the menu button stands for it.
    assert.equal(await page.getByRole("navigation", { name: "Dashboard" }).count(), 0, "the sidebar is hidden")
    await page.getByTestId("menu-button").waitFor()
    await visit(pages, page, "overview")

    const menu = await openMenu(page)
    assert.equal(await menu.getByTestId("organization-name").innerText(), "Studio North")
    await menu.getByRole("navigation", { name: "Dashboard" }).waitFor()
    await pages.shot(page, "menu-open", { docs: "dashboard-phone" })
    // The focus stays in the sheet: going round its links comes back into it.
    for (let i = 0; i < 14; i++) await page.keyboard.press("Tab")
    assert.ok(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), "the focus stays in the menu")
    await page.keyboard.press("Escape")
    await menu.waitFor({ state: "detached" })
    const button = page.getByTestId("menu-button")
    assert.equal(await button.getAttribute("aria-expanded"), "false")
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "menu-button", "the focus is back on the menu button")
    // The close button closes it too.
    await openMenu(page)
    await page.getByRole("button", { name: "Close menu" }).tap()
    await page.getByRole("dialog", { name: "Menu" }).waitFor({ state: "detached" })
  })

  await t.test("products: create a product with an image uploaded from the phone", async () => {
    await goThroughMenu(page, "Products")
    await page.locator('[data-product="studio-north-print"]').waitFor()
    await visit(pages, page, "products")

    await page.getByRole("link", { name: "Create product" }).first().tap()
    await page.getByRole("heading", { name: "Create product" }).waitFor()
    await visit(pages, page, "product-new")
    await page.locator("#title").fill("Pocket Harbour")
    await page.locator("#slug").fill(PRODUCT_HANDLE)
    await page.locator("#description").fill("Gouache on paper, 15 × 20 cm. Painted on the pier.")
    await page.locator("#product_type").selectOption("original")
    await page.locator("#status").selectOption("active")
    await page.locator("#base_price").fill("220")
    await page.locator("#inventory_quantity").fill("1")
    await page.locator("#image-file").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() })
    await page.locator('[data-image*="/api/gallery/images/"] img').waitFor()
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))
    await visit(pages, page, "product-new-image")
    await page.getByRole("button", { name: "Create product" }).tap()
    await page.getByTestId("product-created").waitFor()
    await page.locator(`[data-product-page="${PRODUCT_HANDLE}"]`).waitFor()
    await visit(pages, page, "product-created")

    const { rows } = await sql("SELECT status, title FROM product WHERE handle = $1 AND deleted_at IS NULL", [PRODUCT_HANDLE])
    assert.deepEqual(
      rows.map((r) => [r.status, r.title]),
      [["published", "Pocket Harbour"]]
    )
    const id = page.url().split("/products/")[1].split("?")[0]
    const { product } = await api(apiUrl, "GET", `/api/products/${id}`, { token })
    assert.equal(product.product_images.length, 1)
    assert.match(product.product_images[0], /^http:\/\/localhost:\d+\/api\/gallery\/images\/[^/?]+\.jpg$/)
  })

  await t.test("every other page of the dashboard fits the screen", async () => {
    await goThroughMenu(page, "Overview")
    await page.getByTestId("kpi-revenue").waitFor()

    await goThroughMenu(page, "Orders")
    await page.locator(`[data-order="${dashboardOrder.id}"]`).waitFor()
    await visit(pages, page, "orders")
    await page.locator(`[data-order="${dashboardOrder.id}"] a`).first().tap()
    await page.locator(`[data-order-page="${dashboardOrder.id}"]`).waitFor()
    await page.getByTestId("shipping-address").waitFor()
    await visit(pages, page, "order")

    await goThroughMenu(page, "Analytics")
    await page.locator('[data-chart="gallery-timeline"] .recharts-bar-rectangle').first().waitFor()
    await visit(pages, page, "analytics")

    await goThroughMenu(page, "Campaigns")
    await page.getByRole("link", { name: "Create campaign" }).waitFor()
    await visit(pages, page, "campaigns", { allowEmpty: true })
    await page.getByRole("link", { name: "Create campaign" }).tap()
    await page.getByRole("heading", { name: "New campaign" }).waitFor()
    await visit(pages, page, "campaign-new")
    await page.goto("/dashboard/campaigns/segments/new")
    await page.getByRole("link", { name: "Back to campaigns" }).waitFor()
    await visit(pages, page, "segment-new")

    await goThroughMenu(page, "Channels")
    await page.getByRole("heading", { name: "Channels", exact: true }).waitFor()
    await visit(pages, page, "channels")

    await goThroughMenu(page, "Webhooks")
    await page.getByRole("heading", { name: "Webhooks", exact: true }).waitFor()
    await visit(pages, page, "webhooks", { allowEmpty: true })

    // The wide tables of the settings have a row each: a shipping rate (deleted below, as studio-north ships free in
    // the other journeys) and an API key.
    const { shipping_rate: rate } = await api(apiUrl, "POST", "/api/shipping-rates", {
      token,
      body: { name: `Europe tracked ${RUN}`, countries: ["FR", "DE"], first_item_amount: 12.5, additional_item_amount: 3, min_delivery_days: 3, max_delivery_days: 6 },
    })
    await api(apiUrl, "POST", "/api/settings/api-keys", { token, body: { name: `Phone ${RUN}`, scopes: ["read:products"] } })
    try {
      await goThroughMenu(page, "Settings")
      await page.getByRole("form", { name: "Storefront settings" }).waitFor()
      await visit(pages, page, "settings-storefront")
      // The settings' tabs scroll sideways inside their row: each one is reached there.
      const tabs = page.getByRole("navigation", { name: "Settings" })
      for (const [tab, label, loaded] of [
        ["Account", "settings-account", "#email"],
        ["Notifications", "settings-notifications", "#email_digest"],
        ["Payouts", "settings-payouts", "[data-payouts]"],
        ["Shipping", "settings-shipping", `[data-shipping-rate="Europe tracked ${RUN}"]`],
        ["API keys", "settings-api-keys", `[data-api-key="Phone ${RUN}"]`],
      ]) {
        await tabs.getByRole("link", { name: tab, exact: true }).tap()
        await page.waitForURL(new RegExp(`/settings/${tab.toLowerCase().replace(" ", "-")}$`))
        await page.locator(loaded).first().waitFor()
        await visit(pages, page, label)
      }
    } finally {
      await api(apiUrl, "DELETE", `/api/shipping-rates/${rate.id}`, { token })
    }

    // Log out from the menu.
    const menu = await openMenu(page)
    await menu.getByRole("button", { name: "Log out" }).tap()
    await page.getByRole("heading", { name: "Welcome to Atelier" }).waitFor()
  })

  await t.test("a new artist signs up and creates a studio on the phone", async () => {
    const fresh = await pages.open("/dashboard/signup", PHONE)
    await fresh.getByRole("heading", { name: "Create your Atelier account" }).waitFor()
    await visit(pages, fresh, "signup")
    await fresh.locator("#first_name").fill("Pia")
    await fresh.locator("#last_name").fill("Porter")
    await fresh.locator("#email").fill(`pia.${RUN}@studio-phone.test`)
    await fresh.locator("#password").fill("a-long-passphrase")
    await fresh.getByRole("button", { name: "Create account" }).tap()
    await fresh.getByRole("heading", { name: "Create your studio" }).waitFor()
    await fresh.locator("#name").fill("Studio Phone")
    await fresh.locator("#slug").fill(STUDIO_SLUG)
    await fresh.getByText(`${STUDIO_SLUG} is available`).waitFor()
    await visit(pages, fresh, "organization-new")
    await fresh.getByRole("button", { name: "Create studio" }).tap()
    await fresh.getByTestId("approval-callout").waitFor()
    await fresh.getByTestId("payout-callout").waitFor()
    await visit(pages, fresh, "new-artist-overview")
    await goThroughMenu(fresh, "Products")
    await fresh.getByRole("heading", { name: "No products yet" }).waitFor()
    await visit(pages, fresh, "new-artist-products-empty")
    await fresh.goto("/dashboard/reset-password")
    await fresh.locator("#email").waitFor()
    await visit(pages, fresh, "reset-password", { allowEmpty: true })
    await fresh.context().close()
  })

  await t.test("gallery: the header's menu, a work, the cart, checkout, tracking, collections and an artist", async () => {
    const shopper = await pages.open("/gallery", PHONE)
    await shopper.locator('[data-product="studio-north-print"]').waitFor()
    await visit(pages, shopper, "gallery-browse")

    // The header's links fold into a menu; the cart stays beside it.
    const button = shopper.getByRole("button", { name: "Menu", exact: true })
    assert.equal(await button.getAttribute("aria-expanded"), "false")
    await shopper.getByTestId("cart-count").waitFor()
    await button.tap()
    const menu = shopper.locator("#gallery-menu")
    await menu.waitFor()
    assert.equal(await button.getAttribute("aria-expanded"), "true")
    assert.equal(await shopper.evaluate(() => document.activeElement?.closest("#gallery-menu") !== null), true, "the focus is in the menu")
    await visit(pages, shopper, "gallery-menu-open")
    await shopper.keyboard.press("Escape")
    await menu.waitFor({ state: "detached" })
    assert.equal(await button.getAttribute("aria-expanded"), "false")
    assert.equal(await shopper.evaluate(() => document.activeElement?.getAttribute("aria-controls")), "gallery-menu", "the focus is back on the button")

    await shopper.locator('[data-product="studio-north-print"]').getByRole("link").first().tap()
    await shopper.getByRole("button", { name: "Add to cart" }).waitFor()
    await visit(pages, shopper, "gallery-work")
    await shopper.getByRole("button", { name: "Add to cart" }).tap()
    await shopper.waitForURL(/\/gallery\/cart$/)
    await shopper.locator("[data-cart-item]").first().waitFor()
    assert.equal(await shopper.getByTestId("cart-count").innerText(), "1")
    await visit(pages, shopper, "gallery-cart")
    await shopper.getByRole("button", { name: "Check out" }).tap()
    await shopper.getByRole("heading", { name: "Checkout" }).waitFor()
    await visit(pages, shopper, "gallery-checkout")

    // The menu's other page: tracking an order, then the order placed in the setup.
    await button.tap()
    await menu.getByRole("link", { name: "Track an order" }).tap()
    await menu.waitFor({ state: "detached" })
    await shopper.locator("#public-id").waitFor()
    await visit(pages, shopper, "gallery-order-lookup")
    await shopper.locator("#public-id").fill(galleryOrder.publicId)
    await shopper.getByRole("button", { name: "Track" }).tap()
    await shopper.getByTestId("order-public-id").waitFor()
    await visit(pages, shopper, "gallery-order")

    // What the gallery's curators show: every collection, one of them, an artist's page.
    await shopper.goto("/gallery/collections")
    const collection = shopper.locator("[data-collection]").first()
    await collection.waitFor()
    await visit(pages, shopper, "gallery-collections")
    await collection.getByRole("link").first().tap()
    await shopper.waitForURL(/\/gallery\/collections\/[^/]+$/)
    await shopper.locator("[data-collection-page]").waitFor()
    await visit(pages, shopper, "gallery-collection")
    await shopper.goto("/gallery/artists/studio-north")
    await shopper.getByRole("heading", { name: "Studio North", level: 1 }).waitFor()
    await visit(pages, shopper, "gallery-artist")
    await shopper.context().close()
  })

  log(`studio-north's ${PRODUCT_HANDLE} created on a phone; ${galleryOrder?.publicId} tracked`)
  pages.assertNoPageErrors()
})
