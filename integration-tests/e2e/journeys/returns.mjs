// A return from start to end, in both apps (docs/returns.md, docs/refunds.md): a shopper buys studio-north's print in
// the gallery (cart, checkout, the sandbox card); studio-north's owner ships it from the dashboard; the shopper asks
// for a return on the tracking page (an empty request refused by the form's own check, nothing sent); the owner
// accepts it with instructions, which the tracking page shows, and marks it received, which refunds the items; the
// tracking page then shows the refund, the order page its refund, and the Payouts page the refund's ledger entry,
// which is also in this month's statement. On the way: the return window setting (a value over 365 refused next to
// its field). Screenshots: test-results/returns/NN-<step>.png.
import assert from "node:assert/strict"
import { after, test } from "node:test"
import { openJourney } from "../lib/journey.mjs"
import { api, waitForDashboardOrder } from "../lib/gallery-api.mjs"

const NORTH_PRINT = "studio-north-print" // 34.99, Studio North
const NORTH = { email: "north@atelier.test", password: "atelier-demo" }
// The dashboard keeps the member's token here (apps/dashboard/src/api.ts).
const TOKEN_STORAGE_KEY = "atelier_dashboard_token"
// Names of this run's records: the journey also runs again against a server whose database it already ran on.
const RUN = Date.now().toString(36).slice(-5)
const SHOPPER = `rita.${RUN}@example.com`
const TRACKING = `1Z999AA1${RUN.toUpperCase().padEnd(8, "0")}`
const INSTRUCTIONS = `Send it to Studio North, 4 Harbour Lane, Portland OR 97201, with the order number inside (${RUN}).`
const address = { name: "Rita Returner", line1: "7 Gallery Road", city: "Portland", state: "OR", postal_code: "97201", country: "US" }

/** Polls `check` (an async function answering a value or null) until it answers, for up to `ms`. */
async function eventually(check, ms, what) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what}: not after ${ms / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const e2e = await openJourney("returns")
after(() => e2e.close())
const { apiUrl, sql, pages, log } = e2e

test("returns: a shopper sends a print back, the artist accepts and receives it, the refund shows everywhere", async (t) => {
  const northOrg = (await sql("SELECT id FROM organization WHERE slug = 'studio-north'")).rows[0].id
  const { token } = await api(apiUrl, "POST", "/auth/member/emailpass", { body: NORTH })
  /** A page of the dashboard, logged in as studio-north's owner (the token stored as the app stores it). */
  const dashboardPage = async (url) => {
    const page = await pages.open(null)
    await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token])
    await page.goto(url)
    return page
  }
  let shopper = null // the shopper's tab: it placed the order, so it remembers the order's email
  let publicId = null
  let orderId = null

  await t.test("the shopper buys a print", async () => {
    shopper = await pages.open("/gallery")
    const north = shopper.locator(`[data-product="${NORTH_PRINT}"]`)
    await north.getByRole("button", { name: "Add to cart" }).click()
    await north.getByText("Added to your cart").waitFor()
    await shopper.goto("/gallery/cart")
    await shopper.locator("[data-cart-item]").first().waitFor()
    await shopper.getByRole("button", { name: "Check out" }).click()
    await shopper.getByRole("heading", { name: "Checkout" }).waitFor()
    await shopper.locator("#email").fill(SHOPPER)
    for (const [field, value] of Object.entries(address)) {
      const input = shopper.locator(`#address-${field}`)
      if (field === "country") await input.selectOption(value)
      else await input.fill(value)
    }
    await shopper.getByRole("button", { name: "Continue to payment" }).click()
    await shopper.getByRole("heading", { name: "Payment" }).waitFor()
    await shopper.getByLabel("Visa •••• 4242, succeeds").click()
    await shopper.getByRole("button", { name: /^Pay / }).click()
    await shopper.waitForURL(/\/gallery\/orders\/GAL-/)
    publicId = decodeURIComponent(shopper.url().split("/orders/")[1].split("?")[0])
    await shopper.locator(`[data-artist-order="${northOrg}"] [data-status="paid"]`).waitFor()
    // Not shipped yet: nothing to return, and nothing of returns or refunds shows.
    assert.equal(await shopper.getByRole("button", { name: "Return items" }).count(), 0)
    assert.equal(await shopper.getByTestId(`after-sale-${northOrg}`).count(), 0)
    await pages.shot(shopper, "order-placed")
    log(`order ${publicId} for ${SHOPPER}`)
  })

  await t.test("the artist ships it from the dashboard; the return window is set in the settings", async () => {
    assert.ok(publicId, "the order was placed")
    const order = await waitForDashboardOrder(apiUrl, token, SHOPPER)
    orderId = order.id
    const page = await dashboardPage(`/dashboard/orders/${orderId}`)
    await page.locator(`[data-order-page="${orderId}"]`).waitFor()
    // A gallery order: its (empty) Returns and Refunds panels.
    await page.getByTestId("no-returns").waitFor()
    await page.getByTestId("no-refunds").waitFor()
    await page.locator("#carrier").selectOption("UPS")
    await page.locator("#tracking_number").fill(TRACKING)
    await page.getByRole("button", { name: "Mark as shipped" }).click()
    await page.locator(`[data-order-page="${orderId}"] [data-status="shipped"]`).waitFor()
    await pages.shot(page, "dashboard-shipped")

    // Settings > Shipping > Returns: the window (default 30 days); 400 days is refused next to the field, nothing sent.
    await page.goto("/dashboard/settings/shipping")
    const form = page.getByRole("form", { name: "Returns" })
    const input = form.locator("#return_window_days")
    await input.waitFor()
    const windowDays = (await api(apiUrl, "GET", "/api/settings/returns", { token })).settings.return_window_days
    assert.equal(await input.inputValue(), String(windowDays))
    const puts = []
    const countPuts = (request) => request.url().includes("/api/settings/returns") && request.method() === "PUT" && puts.push(request.url())
    page.on("request", countPuts)
    await input.fill("400")
    await form.getByRole("button", { name: "Save" }).click()
    const error = form.locator('[data-field-error="return_window_days"]')
    await error.waitFor()
    assert.equal(await error.innerText(), "Enter a whole number of days from 0 to 365 (0: no returns)")
    assert.deepEqual(puts, [], "the form sent nothing")
    await pages.shot(page, "settings-return-window-error")
    // 30 days (the default, which the other journeys expect), saved.
    await input.fill("30")
    await form.getByRole("button", { name: "Save" }).click()
    await form.getByText("Saved.").waitFor()
    page.off("request", countPuts)
    assert.equal((await api(apiUrl, "GET", "/api/settings/returns", { token })).settings.return_window_days, 30)
    await page.context().close()
  })

  let returnId = null
  await t.test("the shopper asks for a return on the tracking page", async () => {
    await shopper.reload()
    const card = shopper.locator(`[data-artist-order="${northOrg}"]`)
    await card.locator('[data-status="shipped"]').waitFor()
    await card.getByRole("button", { name: "Return items" }).click()
    const form = shopper.getByRole("form", { name: "Return items to Studio North" })
    await form.waitFor()
    // The tab that placed the order remembers its email.
    assert.equal(await form.locator(`#return-${northOrg}-email`).inputValue(), SHOPPER)
    // One print bought: it is chosen already. Unchosen and without a reason, the form's own check refuses both.
    const returnCalls = []
    const countCalls = (request) => request.url().includes("/returns") && request.method() === "POST" && returnCalls.push(request.url())
    shopper.on("request", countCalls)
    await form.getByRole("checkbox").first().click()
    await form.getByRole("button", { name: "Ask for a return" }).click()
    await form.locator(`[data-field-error="return-${northOrg}-items"]`).waitFor()
    assert.equal(await form.locator(`[data-field-error="return-${northOrg}-items"]`).innerText(), "Choose at least one item to send back")
    assert.equal(await form.locator(`[data-field-error="return-${northOrg}-reason"]`).innerText(), "Return reason required")
    assert.deepEqual(returnCalls, [], "the form sent nothing")
    await pages.shot(shopper, "tracking-return-errors")

    await form.getByRole("checkbox").first().click()
    await form.locator(`#return-${northOrg}-reason`).fill("The colours are darker than on my screen.")
    await form.getByRole("button", { name: "Ask for a return" }).click()
    await form.waitFor({ state: "detached" })
    assert.equal(returnCalls.length, 1, "sent once")
    shopper.off("request", countCalls)
    await card.getByText("Your return request was sent to Studio North").waitFor()
    await card.locator('[data-return-status="requested"]').waitFor()
    assert.equal(await card.getByRole("button", { name: "Return items" }).count(), 0, "nothing left to return")
    await pages.shot(shopper, "tracking-return-requested")

    const { rows } = await sql(
      `SELECT r.id, r.status, r.reason FROM gallery_return r JOIN gallery_artist_order ao ON ao.id = r.artist_order_id
         JOIN gallery_order g ON g.id = ao.gallery_order_id WHERE g.public_id = $1`,
      [publicId]
    )
    assert.equal(rows.length, 1)
    assert.deepEqual([rows[0].status, rows[0].reason], ["requested", "The colours are darker than on my screen."])
    returnId = rows[0].id
  })

  let refundAmount = null
  await t.test("the artist accepts with instructions, then marks it received", async () => {
    assert.ok(returnId, "the return was asked for")
    const page = await dashboardPage(`/dashboard/orders/${orderId}`)
    const entry = page.locator(`[data-return="${returnId}"]`)
    await entry.locator('[data-status="requested"]').waitFor()
    assert.match(await entry.getByTestId("return-items").innerText(), /^1 × /)
    await entry.getByText("The colours are darker than on my screen.").waitFor()
    await pages.shot(page, "dashboard-return-requested")
    await entry.locator(`#return-${returnId}-instructions`).fill(INSTRUCTIONS)
    await entry.getByRole("button", { name: "Accept" }).click()
    await entry.locator('[data-status="accepted"]').waitFor()
    await entry.getByText(INSTRUCTIONS).waitFor()
    await pages.shot(page, "dashboard-return-accepted")

    // The tracking page shows the instructions.
    await shopper.reload()
    const card = shopper.locator(`[data-artist-order="${northOrg}"]`)
    await card.locator('[data-return-status="accepted"]').waitFor()
    assert.equal(await card.getByTestId("return-instructions").locator("p").last().innerText(), INSTRUCTIONS)
    await pages.shot(shopper, "tracking-return-accepted")

    await entry.getByRole("button", { name: "Mark received" }).click()
    await entry.locator('[data-status="received"]').waitFor()
    const refundRow = page.locator('[data-refund-source="return"]')
    await refundRow.waitFor()
    const { refunds } = await api(apiUrl, "GET", `/api/orders/${orderId}/refunds`, { token })
    assert.equal(refunds.length, 1)
    assert.equal(refunds[0].source, "return")
    refundAmount = refunds[0].amount
    assert.equal(await refundRow.getByTestId("refund-amount").innerText(), `$${refundAmount.toFixed(2)}`)
    await eventually(
      async () => (await api(apiUrl, "GET", `/api/orders/${orderId}/refunds`, { token })).refunds[0].status === "succeeded",
      30_000,
      "the refund succeeded"
    )
    await page.reload()
    await page.locator('[data-refund-source="return"] [data-status="succeeded"]').waitFor()
    await pages.shot(page, "dashboard-return-received")
    log(`refund of ${refundAmount} for return ${returnId}`)

    const { rows } = await sql("SELECT status, refund_id FROM gallery_return WHERE id = $1", [returnId])
    assert.equal(rows[0].status, "received")
    assert.equal(rows[0].refund_id, refunds[0].id)
    await page.context().close()
  })

  await t.test("the tracking page shows the refund", async () => {
    assert.ok(refundAmount, "the return was refunded")
    await shopper.reload()
    const card = shopper.locator(`[data-artist-order="${northOrg}"]`)
    await card.locator('[data-return-status="received"]').waitFor()
    const refunded = card.getByTestId(`order-refunded-${northOrg}`)
    await refunded.waitFor()
    assert.match(await refunded.innerText(), new RegExp(`\\$${refundAmount.toFixed(2).replace(".", "\\.")}`))
    const { order } = await api(apiUrl, "GET", `/api/gallery/orders/${publicId}`)
    const artistOrder = order.artistOrders.find((a) => a.orgId === northOrg)
    assert.equal(artistOrder.refundedAmount, refundAmount)
    assert.equal(artistOrder.returnStatus, "received")
    await pages.shot(shopper, "tracking-refunded")
  })

  await t.test("the Payouts page and this month's statement show the refund", async () => {
    const month = new Date().toISOString().slice(0, 7)
    // The artist's share comes back by a reversal (payout sent) or a smaller payout (not sent yet): docs/refunds.md.
    const kinds = ["refund_reversal", "transfer_reduced"]
    const entry = await eventually(
      async () => {
        const { statement } = await api(apiUrl, "GET", `/api/payouts/statements/${month}`, { token })
        return statement.entries.find((e) => kinds.includes(e.kind) && e.gallery_order_public_id === publicId) ?? null
      },
      30_000,
      "the refund's ledger entry in the statement"
    )
    log(`ledger entry ${entry.kind}: earned ${entry.earned}, sent ${entry.sent}`)
    const page = await dashboardPage("/dashboard/payouts")
    const row = page.locator(`[data-ledger-entry="${entry.kind}"]`).filter({ hasText: publicId })
    await row.first().waitFor()
    await pages.shot(page, "payouts-refund-entry")
    await page.context().close()
  })
  pages.assertNoPageErrors()
})
