// `npm run test:e2e`: browser journeys through Atelier's pages, in the system Chromium driven by playwright-core
// (docs/storefront-ui.md). Not part of `npm test` by itself.
//
// One stack for all journeys (integration-tests/e2e/lib/stack.mjs: production build with the browser apps, scratch
// database with the demo data, `medusa start`), then each journey of journeys/*.mjs as a node:test test, in file
// order. A journey module exports `journey = {name, needs: {admin?}, run({t, stack, browser, pages, root, log})}`;
// `pages` (lib/browser.mjs) opens pages and saves the screenshots under test-results/<journey file name>/.
//
//   npm run test:e2e                              every journey
//   npm run test:e2e -- --journey gallery-shopper one journey (file name without .mjs; repeatable)
//   CHROMIUM_PATH=/path/to/chrome                 another Chromium (default: /usr/bin/chromium and the like)
//   E2E_REQUIRE_BROWSER=true                      no Chromium is a failure instead of a skip (CI)
//
// Without a Chromium every journey is reported skipped, saying so, and the run exits 0 (1 with E2E_REQUIRE_BROWSER).
import fs from "node:fs"
import path from "node:path"
import { after, before, test } from "node:test"
import { parseArgs } from "node:util"
import { findChromium, journeyPages, launchBrowser } from "./lib/browser.mjs"
import { root, startStack } from "./lib/stack.mjs"

const { values } = parseArgs({ options: { journey: { type: "string", multiple: true } } })
const log = (message) => console.log(`[e2e] ${message}`)

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "journeys")
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith(".mjs"))
  .sort()
  .filter((file) => !values.journey || values.journey.includes(file.replace(/\.mjs$/, "")))
if (values.journey && files.length !== values.journey.length) {
  console.error(`[e2e] unknown journey in ${values.journey.join(", ")} (journeys: ${fs.readdirSync(dir).join(", ")})`)
  process.exit(1)
}
const journeys = await Promise.all(
  files.map(async (file) => ({ file: file.replace(/\.mjs$/, ""), ...(await import(path.join(dir, file))).journey }))
)

const chromium = findChromium()
if (!chromium) {
  const reason = "no Chromium found (install Debian's `chromium` package, or set CHROMIUM_PATH)"
  console.log(`[e2e] SKIPPED: ${reason}`)
  for (const journey of journeys) test(journey.name, { skip: reason }, () => {})
  if (process.env.E2E_REQUIRE_BROWSER === "true") {
    console.error("[e2e] E2E_REQUIRE_BROWSER=true: a skipped browser run is a failure")
    process.exitCode = 1
  }
} else {
  let stack = null
  let browser = null
  before(async () => {
    log(`Chromium: ${chromium}`)
    stack = await startStack({ admin: journeys.some((j) => j.needs?.admin), log })
    if (stack.buildErrors) log("WARNING: the production build had type errors (see above); testing the build it emitted")
    browser = await launchBrowser(chromium)
    log(`browser ${browser.version()}, server ${stack.baseUrl}`)
  })
  after(async () => {
    await browser?.close().catch(() => {})
    await stack?.stop()
  })
  for (const journey of journeys) {
    test(journey.name, { timeout: 300_000 }, async (t) => {
      const pages = journeyPages({ browser, baseUrl: stack.baseUrl, resultsDir: path.join(root, "test-results", journey.file) })
      try {
        await journey.run({ t, stack, browser, pages, root, log })
        pages.assertNoPageErrors()
      } catch (error) {
        const tail = fs.existsSync(stack.logFile) ? fs.readFileSync(stack.logFile, "utf8").split("\n").slice(-40).join("\n") : ""
        log(`${journey.name} failed; the last lines of the server's log:\n${tail}`)
        throw error
      } finally {
        await pages.close()
      }
    })
  }
}
