// `npm run test:e2e`: browser journeys through Atelier's pages in the system Chromium, driven by playwright-core
// (docs/storefront-ui.md). Not part of `npm test` by itself.
//
// Boots one stack for every journey (lib/stack.mjs: the production build with the browser apps, a scratch database
// with the demo data, `medusa start`), then runs the journeys (journeys/*.mjs, plain node:test files, one after
// the other) with `node --test` against it, and stops the stack. A journey reads the stack from E2E_BASE_URL and
// E2E_DATABASE_URL, and the emails the server sent from E2E_MAILBOX_DIR (lib/journey.mjs, lib/mailbox.mjs), so one
// can also run alone against a server of one's own (started with EMAIL_MAILBOX_DIR for a journey that reads emails):
// `E2E_BASE_URL=http://localhost:9000 E2E_DATABASE_URL=... node --test integration-tests/e2e/journeys/x.mjs`.
//
//   npm run test:e2e                                every journey
//   npm run test:e2e -- --journey gallery-shopper   one journey (file name without .mjs; repeatable)
//   CHROMIUM_PATH=/path/to/chromium                 another browser (default: /usr/bin/chromium and the like)
//   E2E_REQUIRE_BROWSER=true                        no Chromium is a failure instead of a skip (CI)
//   E2E_ADMIN=true                                  build and serve the Medusa admin (/app) too; a journey that
//                                                   needs it says so with `// e2e: admin` in its first lines
//   npm run test:e2e -- --update-docs-screenshots   also refresh docs/screenshots/ (lib/docs-screenshots.mjs) from
//   (or E2E_UPDATE_DOCS_SCREENSHOTS=true)           the journeys' own steps, once every journey run has passed
//
// Screenshots: test-results/<journey>/NN-<page>.png; with --update-docs-screenshots the docs' ones are staged in
// test-results/docs-screenshots/ and copied to docs/screenshots/ at the end of a passing run (a missing one fails
// the run). The last line is `e2e: N passed, N failed, N skipped` (tests and subtests). Without a Chromium nothing is started: the run says it skipped and exits 0 (1 with
// E2E_REQUIRE_BROWSER=true).
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { cleanUpOnInterrupt } from "../../scripts/lib/processes.mjs"
import { findChromium } from "./lib/browser.mjs"
import { DOCS_SCREENSHOTS, DOCS_SCREENSHOTS_ENV } from "./lib/docs-screenshots.mjs"
import { root, startStack } from "./lib/stack.mjs"

const { values } = parseArgs({
  options: { journey: { type: "string", multiple: true }, "update-docs-screenshots": { type: "boolean", default: false } },
})
const log = (message) => console.log(`[e2e] ${message}`)
const updateDocs = values["update-docs-screenshots"] || process.env.E2E_UPDATE_DOCS_SCREENSHOTS === "true"

const dir = path.join(root, "integration-tests/e2e/journeys")
const all = fs.readdirSync(dir).filter((file) => file.endsWith(".mjs")).sort()
const files = values.journey ? values.journey.map((name) => `${name}.mjs`) : all
const unknown = files.filter((file) => !all.includes(file))
if (unknown.length) {
  console.error(`[e2e] unknown journey: ${unknown.join(", ")} (journeys: ${all.map((f) => f.replace(/\.mjs$/, "")).join(", ")})`)
  process.exit(1)
}

const chromium = findChromium()
if (!chromium) {
  log("SKIPPED: no Chromium found (install Debian's `chromium` package, or set CHROMIUM_PATH)")
  console.log(`e2e: 0 passed, 0 failed, ${files.length} skipped`)
  if (process.env.E2E_REQUIRE_BROWSER === "true") {
    console.error("[e2e] E2E_REQUIRE_BROWSER=true: a skipped browser run is a failure")
    process.exit(1)
  }
  process.exit(0)
}

const admin =
  process.env.E2E_ADMIN === "true" ||
  files.some((file) => /^\/\/ e2e: admin$/m.test(fs.readFileSync(path.join(dir, file), "utf8").split("\n").slice(0, 5).join("\n")))

log(`Chromium: ${chromium}`)
// --update-docs-screenshots: the journeys write the docs' screenshots here; they reach docs/ only after a passing run.
const docsStaging = path.join(root, "test-results/docs-screenshots")
const docsTarget = path.join(root, "docs/screenshots")
const docsExpected = Object.keys(DOCS_SCREENSHOTS).filter((name) => files.includes(`${DOCS_SCREENSHOTS[name].journey}.mjs`))
if (updateDocs) {
  fs.rmSync(docsStaging, { recursive: true, force: true })
  log(`updating docs/screenshots/: ${docsExpected.map((name) => `${name}.png`).join(", ") || "(none of these journeys takes one)"}`)
}

/** Copies the staged docs screenshots to docs/screenshots/ when the run passed; 1 when one is missing. */
function updateDocsScreenshots(passed) {
  const staged = fs.existsSync(docsStaging) ? fs.readdirSync(docsStaging).filter((file) => file.endsWith(".png")) : []
  const missing = docsExpected.filter((name) => !staged.includes(`${name}.png`))
  if (!passed) {
    log(`docs/screenshots/ left as it was: a journey failed (what was taken: ${path.relative(root, docsStaging)}/)`)
    return 1
  }
  if (missing.length) {
    log(`docs/screenshots/ left as it was: the journeys did not take ${missing.map((name) => `${name}.png`).join(", ")}`)
    return 1
  }
  fs.mkdirSync(docsTarget, { recursive: true })
  for (const name of docsExpected) {
    fs.copyFileSync(path.join(docsStaging, `${name}.png`), path.join(docsTarget, `${name}.png`))
    log(`docs/screenshots/${name}.png: ${DOCS_SCREENSHOTS[name].shows} (${DOCS_SCREENSHOTS[name].journey})`)
  }
  const others = Object.keys(DOCS_SCREENSHOTS).filter((name) => !docsExpected.includes(name))
  if (others.length) log(`not refreshed by these journeys: ${others.map((name) => `${name}.png`).join(", ")}`)
  return 0
}

let stack = null
cleanUpOnInterrupt(async () => stack?.stop(), log)
let code = 1
let summary = "e2e: 0 passed, 1 failed (the stack did not start)"
try {
  stack = await startStack({ admin, log })
  if (stack.buildErrors) log("WARNING: the production build had type errors (see above); testing the build it emitted")
  log(`server ${stack.baseUrl}; journeys: ${files.join(", ")}`)
  // The spec reporter for people, TAP into a file for the closing line's counts.
  const tapFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "atelier-e2e-tap-")), "results.tap")
  const child = spawn(
    process.execPath,
    [
      "--test",
      "--test-concurrency=1",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${tapFile}`,
      ...files.map((file) => path.join(dir, file)),
    ],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        E2E_BASE_URL: stack.baseUrl,
        E2E_DATABASE_URL: stack.databaseUrl,
        E2E_MAILBOX_DIR: stack.mailboxDir,
        CHROMIUM_PATH: chromium,
        [DOCS_SCREENSHOTS_ENV]: updateDocs ? docsStaging : "",
      },
    }
  )
  code = await new Promise((resolve) => child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))))
  const tap = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, "utf8") : ""
  const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, "m"))?.[1] ?? 0)
  summary = `e2e: ${count("pass")} passed, ${count("fail") + count("cancelled")} failed, ${count("skipped")} skipped`
  fs.rmSync(path.dirname(tapFile), { recursive: true, force: true })
  if (code !== 0) {
    const tail = fs.existsSync(stack.logFile) ? fs.readFileSync(stack.logFile, "utf8").split("\n").slice(-40).join("\n") : ""
    log(`journeys failed; the last lines of the server's log:\n${tail}`)
  }
  if (updateDocs) code = Math.max(code, updateDocsScreenshots(code === 0))
} catch (error) {
  console.error(`[e2e] ${error.stack ?? error}`)
} finally {
  await stack?.stop()
}

console.log(summary)
// Explicitly: the embedded PostgreSQL's exit hook would otherwise end the process with 0.
process.exit(code)
