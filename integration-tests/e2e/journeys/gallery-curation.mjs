// A shopper meets what the administrators curate (docs/storefront-ui.md): the gallery's home with the spotlight and
// the collections (demo data, src/scripts/seed.ts), the spotlighted artist's page in its storefront theme with its
// bio, links and works, a work of it with its artist and the collections it is in, a collection's page in the
// curator's order, every collection, and the empty and not-found states of collections and artists. Each page's
// title, and the apps' favicons. Every figure shown is checked against the API or the database.
// Screenshots: test-results/gallery-curation/.
import assert from "node:assert/strict"
import { after, test } from "node:test"
import { openJourney } from "../lib/journey.mjs"
import { api } from "../lib/gallery-api.mjs"

const ADMIN = { email: "admin@atelier.test", password: "atelier-demo" }
const SPOTLIT = "studio-south" // the demo spotlight's artist
const TITLE = "Atelier Gallery"

const e2e = await openJourney("gallery-curation")
const { apiUrl, baseUrl, sql, pages, log } = e2e

const call = (method, url, options) => api(apiUrl, method, url, options)

// The empty collection this journey creates (deleted in `after`, whatever happened).
let adminToken = null
let emptyCollectionId = null
after(async () => {
  if (emptyCollectionId) {
    await call("DELETE", `/api/admin/collections/${emptyCollectionId}`, { token: adminToken }).catch((error) =>
      log(`could not delete the empty collection: ${error.message}`)
    )
  }
  await e2e.close()
})

/** The page's favicon: linked from its <head> and served as an SVG by the app. */
async function assertFavicon(page, app) {
  const href = await page.locator('head link[rel="icon"]').getAttribute("href")
  assert.match(href ?? "", new RegExp(`^/${app}/assets/favicon-[\\w-]+\\.svg$`), `${app}: the favicon link`)
  const res = await fetch(`${baseUrl}${href}`)
  assert.equal(res.status, 200, `${app}: the favicon is served`)
  assert.equal(res.headers.get("content-type"), "image/svg+xml")
  assert.match(await res.text(), /^<svg /)
}

test("gallery curation: home, artist, work, collection, and their empty and not-found states", async (t) => {
  const page = await pages.open(null)
  const { spotlights } = await call("GET", "/api/gallery/spotlights")
  const { collections } = await call("GET", "/api/gallery/collections")
  const spotlight = spotlights.find((s) => s.organization?.slug === SPOTLIT)
  assert.ok(spotlight, `the demo spotlight of ${SPOTLIT} is visible (seed)`)
  const featured = collections.filter((c) => c.itemCount > 0).slice(0, 3)
  assert.ok(featured.some((c) => c.slug === "editors-picks"), "the demo collection is among the home's")

  await t.test("the home: the spotlight and the collections above the works", async () => {
    await page.goto("/gallery")
    const spotlightSection = page.getByTestId("home-spotlights")
    await spotlightSection.getByRole("heading", { name: spotlight.title }).waitFor()
    assert.equal(await spotlightSection.locator("[data-spotlight]").count(), spotlights.length)
    const cards = page.getByTestId("home-collections").locator("[data-collection]")
    await cards.first().waitFor()
    assert.deepEqual(await cards.evaluateAll((els) => els.map((el) => el.dataset.collection)), featured.map((c) => c.slug))
    const picks = featured.find((c) => c.slug === "editors-picks")
    await page.locator('[data-collection="editors-picks"]').getByText(`${picks.itemCount} works`).waitFor()
    // The works below, as before; a card's artist links to the artist's page.
    await page.locator("[data-product]").first().waitFor()
    const artistLink = page.locator('[data-product="studio-north-print"]').getByRole("link", { name: "Studio North" })
    assert.equal(await artistLink.getAttribute("href"), "/gallery/artists/studio-north")
    assert.equal(await page.title(), TITLE)
    await assertFavicon(page, "gallery")
    await pages.shot(page, "home", { docs: "gallery-home" })
  })

  await t.test("the spotlighted artist's page: theme, bio, links and works", async () => {
    await page.getByTestId("home-spotlights").getByRole("link", { name: `Meet ${spotlight.organization.name}` }).click()
    await page.waitForURL(new RegExp(`/gallery/artists/${SPOTLIT}$`))
    await page.getByRole("heading", { name: spotlight.organization.name, level: 1 }).waitFor()
    const [stored] = (
      await sql(
        `SELECT s.bio, s.theme, s.social_links FROM organization_settings s JOIN organization o ON o.id = s.organization_id
         WHERE o.slug = $1 AND s.deleted_at IS NULL`,
        [SPOTLIT]
      )
    ).rows
    assert.ok(stored?.bio, `${SPOTLIT} has a bio (seed)`)
    assert.equal(await page.getByTestId("artist-bio").innerText(), stored.bio)
    assert.equal(await page.locator("[data-theme]").getAttribute("data-theme"), stored.theme)
    for (const [network, url] of Object.entries(stored.social_links ?? {})) {
      assert.equal(await page.locator(`[data-social="${network}"]`).getAttribute("href"), url)
    }
    const artistPage = await call("GET", `/api/gallery/artists/${SPOTLIT}`)
    const shown = await page.locator("[data-product]").evaluateAll((els) => els.map((el) => el.dataset.product))
    assert.deepEqual(shown, artistPage.products.map((p) => p.handle))
    assert.ok(shown.length > 0 && shown.every((handle) => handle.startsWith("studio-south-")), `only ${SPOTLIT}'s works: ${shown}`)
    assert.equal(await page.title(), `${spotlight.organization.name} — ${TITLE}`)
    await pages.shot(page, "artist", { docs: "gallery-artist" })
  })

  await t.test("a work links its artist and the collections it is in", async () => {
    await page.locator('[data-product="studio-south-print"]').getByRole("link").first().click()
    await page.getByRole("heading", { name: "Desert Bloom (Fine art print)" }).waitFor()
    assert.equal(await page.getByRole("link", { name: "by Studio South" }).getAttribute("href"), `/gallery/artists/${SPOTLIT}`)
    const [{ id }] = (await sql("SELECT id FROM product WHERE handle = $1", ["studio-south-print"])).rows
    const { collections: showing } = await call("GET", `/api/gallery/collections?product_id=${id}`)
    assert.ok(showing.some((c) => c.slug === "editors-picks"), "the print is in the demo collection")
    const links = page.getByTestId("work-collections").getByRole("link")
    await links.first().waitFor()
    assert.deepEqual(await links.allInnerTexts(), showing.map((c) => c.name))
    assert.equal(await page.title(), `Desert Bloom (Fine art print) — ${TITLE}`)
    await pages.shot(page, "work-collections")
  })

  await t.test("a collection's page, its works in the curator's order", async () => {
    await page.getByTestId("work-collections").getByRole("link", { name: "Editor's picks" }).click()
    await page.waitForURL(/\/gallery\/collections\/editors-picks$/)
    const { collection } = await call("GET", "/api/gallery/collections/editors-picks")
    await page.getByRole("heading", { name: collection.name, level: 1 }).waitFor()
    await page.getByText(collection.description).waitFor()
    const handles = await page.locator("[data-product]").evaluateAll((els) => els.map((el) => el.dataset.product))
    assert.deepEqual(handles, collection.items.map((item) => item.product.handle))
    assert.equal(await page.getByTestId("collection-count").innerText(), `${collection.itemCount} works`)
    assert.equal(await page.title(), `${collection.name} — ${TITLE}`)
    await pages.shot(page, "collection")

    await page.getByRole("link", { name: "← All collections" }).click()
    await page.getByRole("heading", { name: "Collections", level: 1 }).waitFor()
    await page.locator("[data-collection]").first().waitFor()
    assert.deepEqual(
      await page.locator("[data-collection]").evaluateAll((els) => els.map((el) => el.dataset.collection)),
      collections.map((c) => c.slug)
    )
    assert.equal(await page.title(), `Collections — ${TITLE}`)
    await pages.shot(page, "collections")
  })

  await t.test("not found: an unknown collection, an artist the gallery does not show", async () => {
    await page.goto("/gallery/collections/no-such-collection")
    await page.getByRole("heading", { name: "Collection not found" }).waitFor()
    assert.equal(await page.title(), `Collection not found — ${TITLE}`)
    await pages.shot(page, "collection-not-found")

    // studio-pending is not approved for the gallery (seed).
    await page.goto("/gallery/artists/studio-pending")
    await page.getByRole("heading", { name: "Artist not found" }).waitFor()
    assert.equal(await page.title(), `Artist not found — ${TITLE}`)
    await pages.shot(page, "artist-not-found")
  })

  await t.test("empty: a collection without works, an artist without works", async () => {
    adminToken = (await call("POST", "/auth/user/emailpass", { body: ADMIN })).token
    const slug = `empty-${Date.now().toString(36)}`
    const { collection } = await call("POST", "/api/admin/collections", {
      token: adminToken,
      body: { name: "Autumn selection", slug, type: "manual", description: "A collection the curators are still filling." },
    })
    emptyCollectionId = collection.id
    await page.goto(`/gallery/collections/${slug}`)
    await page.getByRole("heading", { name: "No works in this collection yet" }).waitFor()
    await page.getByRole("heading", { name: "Autumn selection", level: 1 }).waitFor()
    await pages.shot(page, "collection-empty")
    // An empty collection stays off the home (it shows collections with works).
    await page.goto("/gallery")
    await page.getByTestId("home-collections").waitFor()
    assert.equal(await page.locator(`[data-collection="${slug}"]`).count(), 0)

    // An approved artist whose works all left the gallery: the API's answer without works.
    await page.route("**/api/gallery/artists/studio-east*", async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      await route.fulfill({ response, json: { ...body, products: [], count: 0 } })
    })
    await page.goto("/gallery/artists/studio-east")
    await page.getByRole("heading", { name: "Studio East has no works in the gallery right now" }).waitFor()
    await pages.shot(page, "artist-empty")
    await page.unroute("**/api/gallery/artists/studio-east*")
  })

  await t.test("the dashboard has its favicon and page titles too", async () => {
    const dashboard = await pages.open("/dashboard/orders")
    // Not logged in: the login, whatever the path.
    await dashboard.getByRole("button", { name: /log in/i }).waitFor()
    assert.equal(await dashboard.title(), "Log in — Atelier Dashboard")
    await assertFavicon(dashboard, "dashboard")
  })

  pages.assertNoPageErrors()
})
