// `npm run test:e2e`: browser journeys through Atelier's pages in the system Chromium, driven by playwright-core
// (docs/storefront-ui.md). Not part of `npm test` by itself.
//
// Boots one stack for every journey (lib/stack.mjs: the production build with the browser apps, a scratch database
// with the demo data, `medusa start`), then runs the journeys (journeys/*.mjs, plain node:test files, one after
// the other) with `node --test` against it, and stops the stack. A journey reads the stack from E2E_BASE_URL and
// E2E_DATABASE_URL (lib/journey.mjs), so one can also run alone against a server of one's own:
// `E2E_BASE_URL=http://localhost:9000 E2E_DATABASE_URL=... node --test integration-tests/e2e/journeys/x.mjs`.
//
//   npm run test:e2e                                every journey
//   npm run test:e2e -- --journey gallery-shopper   one journey (file name without .mjs; repeatable)
//   CHROMIUM_PATH=/path/to/chromium                 another browser (default: /usr/bin/chromium and the like)
//   E2E_REQUIRE_BROWSER=true                        no Chromium is a failure instead of a skip (CI)
//   E2E_ADMIN=true                                  build and serve the Medusa admin (/app) too; a journey that
//                                                   needs it says so with `// e2e: admin` in its first lines
//
// Screenshots: test-results/<journey>/NN-<page>.png. The last line is `e2e: N passed, N failed, N skipped` (tests
// and subtests). Without a Chromium nothing is started: the run says it skipped and exits 0 (1 with
// E2E_REQUIRE_BROWSER=true).
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseArgs } from "node:util"
import { cleanUpOnInterrupt } from "../../scripts/lib/processes.mjs"
import { findChromium } from "./lib/browser.mjs"
import { root, startStack } from "./lib/stack.mjs"

const { values } = parseArgs({ options: { journey: { type: "string", multiple: true } } })
const log = (message) => console.log(`[e2e] ${message}`)

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
      env: { ...process.env, E2E_BASE_URL: stack.baseUrl, E2E_DATABASE_URL: stack.databaseUrl, CHROMIUM_PATH: chromium },
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
} catch (error) {
  console.error(`[e2e] ${error.stack ?? error}`)
} finally {
  await stack?.stop()
}
console.log(summary)
// Explicitly: the embedded PostgreSQL's exit hook would otherwise end the process with 0.
process.exit(code)
