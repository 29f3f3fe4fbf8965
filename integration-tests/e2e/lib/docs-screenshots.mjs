// The screenshots in docs/screenshots/ (embedded by README.md and docs/artist-dashboard.md), each taken by one
// journey's own step: `pages.shot(page, label, { docs: "<name>" })`. `npm run test:e2e -- --update-docs-screenshots`
// refreshes them (run.mjs); without the flag nothing under docs/ is written.
import fs from "node:fs"
import path from "node:path"

/** name (docs/screenshots/<name>.png) -> the journey whose step takes it, and what it shows. */
export const DOCS_SCREENSHOTS = {
  "gallery-browse": { journey: "gallery-shopper", shows: "the browse page with the demo works" },
  "gallery-tracking": { journey: "gallery-shopper", shows: "the tracking page of an order partly shipped, with the UPS link" },
  "gallery-home": { journey: "gallery-curation", shows: "the gallery's home: the spotlight and the collections above the works" },
  "gallery-artist": { journey: "gallery-curation", shows: "an artist's page in its storefront theme: bio, links and works" },
  "dashboard-overview": { journey: "artist-dashboard", shows: "studio-north's overview: figures and recent orders" },
  "dashboard-product": { journey: "artist-dashboard", shows: "a new product with its second variant" },
  "dashboard-analytics": { journey: "artist-dashboard", shows: "the analytics page with its charts" },
  "dashboard-phone": { journey: "phone", shows: "the dashboard on a 390 px phone, its menu open" },
  "dashboard-campaign": { journey: "artist-tools", shows: "a sent campaign, sent again: the API's 409" },
  "dashboard-channels": { journey: "artist-tools", shows: "Etsy not configured, Gumroad's answer to a bad token" },
  "dashboard-webhook-deliveries": { journey: "artist-tools", shows: "a webhook endpoint's deliveries after a redelivery" },
  "admin-analytics": { journey: "admin-curator", shows: "the Gallery analytics page of the Medusa admin" },
}

/** run.mjs passes the folder the journeys write the docs screenshots to in this variable (unset: none written). */
export const DOCS_SCREENSHOTS_ENV = "E2E_DOCS_SCREENSHOTS_DIR"

/**
 * Waits until a page is fit for the documentation: lazy images below the fold asked for (the page is scrolled
 * through, then back to the top), every image loaded or given up on (the demo's image host is fictional: the apps
 * then draw a tile), web fonts loaded, and the page no longer changing (its markup the same over two looks 250 ms
 * apart: nothing still rendering, no chart still drawing); then refuses a page that says "Coming soon" or shows a
 * broken image.
 */
export async function settleForDocs(page, label) {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100)
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)))
    }
    window.scrollTo(0, 0)
  })
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete) && document.fonts.status === "loaded", null, { timeout: 10_000 })
    .catch(() => {
      throw new Error(`${label}: images or fonts still loading after 10 s`)
    })
  let previous = null
  const deadline = Date.now() + 10_000
  for (;;) {
    const markup = await page.evaluate(() => document.body.innerHTML)
    if (markup === previous) break
    if (Date.now() > deadline) throw new Error(`${label}: the page is still changing after 10 s`)
    previous = markup
    await page.waitForTimeout(250)
  }
  // What made the last screenshots stale: pages that exist shown as placeholders.
  const text = await page.evaluate(() => document.body.innerText)
  if (/coming soon/i.test(text)) throw new Error(`${label}: the page says "Coming soon"`)
  // An image that loaded but is broken would show as an empty box.
  const broken = await page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src))
  if (broken.length) throw new Error(`${label}: broken images on the page: ${broken.join(", ")}`)
}

/** Copies a saved screenshot to `<dir>/<name>.png` (dir: run.mjs's staging folder); a name not listed above is a mistake. */
export function writeDocsScreenshot(file, name) {
  if (!DOCS_SCREENSHOTS[name]) throw new Error(`docs screenshot "${name}" is not one of ${Object.keys(DOCS_SCREENSHOTS).join(", ")}`)
  const dir = process.env[DOCS_SCREENSHOTS_ENV]
  if (!dir) return null
  fs.mkdirSync(dir, { recursive: true })
  const target = path.join(dir, `${name}.png`)
  fs.copyFileSync(file, target)
  return target
}
