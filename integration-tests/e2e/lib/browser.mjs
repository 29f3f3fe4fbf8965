// The system Chromium (Debian's `chromium` package, or CHROMIUM_PATH) driven by playwright-core, and what every
// journey does with pages: screenshots that refuse a page still loading or showing an error it did not expect,
// and uncaught page errors failing the journey.
import fs from "node:fs"
import path from "node:path"
import assert from "node:assert/strict"
import { settleForDocs, writeDocsScreenshot } from "./docs-screenshots.mjs"

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"]

/** The Chromium to drive: CHROMIUM_PATH, else the first system one found; null when there is none. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null
  return CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? null
}

export async function launchBrowser(executablePath) {
  const { chromium } = await import("playwright-core")
  // --no-sandbox: CI and these machines run as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-dev-shm-usage"] })
}

/**
 * A journey's pages: `open(url, { viewport, ...device })` gives a page in a fresh browser context (own cookies and
 * storage; `device`: more of Playwright's context options, such as `isMobile` and `hasTouch`) whose requests to the
 * demo data's fictional hosts (`*.test`) fail at once instead of waiting on DNS; `shot(page, label)` saves
 * `test-results/<journey>/<nn>-<label>.png` after checking the page is settled (no loading placeholder, no error
 * state unless `allowError`, some content in <main>; `settled: false` saves a page caught mid-load as it is);
 * `docs: "<name>"` marks the shot as docs/screenshots/<name>.png (lib/docs-screenshots.mjs): the page is first let
 * settle completely (images, fonts, nothing changing), and with `--update-docs-screenshots` a copy is written for
 * run.mjs to put there; `assertNoPageErrors()` fails on uncaught exceptions.
 */
export function journeyPages({ browser, baseUrl, resultsDir }) {
  fs.rmSync(resultsDir, { recursive: true, force: true })
  fs.mkdirSync(resultsDir, { recursive: true })
  const contexts = []
  const pageErrors = []
  let shots = 0
  const save = async (page, label) => {
    const file = path.join(resultsDir, `${String(++shots).padStart(2, "0")}-${label}.png`)
    await page.screenshot({ path: file, fullPage: true })
    return file
  }
  return {
    async open(url = "/", { viewport = { width: 1280, height: 900 }, ...device } = {}) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl, ...device })
      contexts.push(context)
      await context.route(/^https?:\/\/[^/]*\.test(?::\d+)?\//, (route) => route.abort("namenotresolved"))
      const page = await context.newPage()
      page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`))
      if (url) await page.goto(url)
      return page
    },
    async shot(page, label, { allowError = false, allowEmpty = false, settled = true, docs = null } = {}) {
      if (!settled) return save(page, label)
      await page.locator('[data-state="loading"]').first().waitFor({ state: "detached", timeout: 10_000 }).catch(() => {})
      assert.equal(await page.locator('[data-state="loading"]').count(), 0, `${label}: the page is still loading`)
      // The pictures on screen have arrived (or failed) before the shot, so that it does not show their placeholders.
      await page
        .waitForFunction(
          () => [...document.images].filter((img) => img.getBoundingClientRect().top < window.innerHeight).every((img) => img.complete),
          null,
          { timeout: 10_000 }
        )
        .catch(() => {})
      if (!allowError) {
        const errors = await page.locator('[data-state="error"]').allInnerTexts()
        assert.deepEqual(errors, [], `${label}: the page shows an error`)
      }
      if (!allowEmpty) {
        const main = (await page.locator("main").innerText()).trim()
        assert.ok(main.length > 40, `${label}: the page shows almost nothing (${JSON.stringify(main)})`)
      }
      if (!docs) return save(page, label)
      // The same steps with or without --update-docs-screenshots: only where the copy goes differs.
      await settleForDocs(page, label)
      assert.equal(await page.locator('[data-state="loading"]').count(), 0, `${label}: the page is loading again`)
      const file = await save(page, label)
      writeDocsScreenshot(file, docs)
      return file
    },
    assertNoPageErrors() {
      assert.deepEqual(pageErrors, [], "uncaught errors in the page")
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => {})))
    },
  }
}
