// What a journey file (journeys/*.mjs, a node:test file) gets: the stack run.mjs started (E2E_BASE_URL,
// E2E_DATABASE_URL, E2E_MAILBOX_DIR), the system Chromium, page helpers saving screenshots under
// test-results/<journey>/, SQL on the stack's database and the emails the server sent (lib/mailbox.mjs).
import path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { findChromium, journeyPages, launchBrowser } from "./browser.mjs"
import { openMailbox } from "./mailbox.mjs"

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

/**
 * `name` names the screenshot folder. Resolves with `{baseUrl, apiUrl, sql, mailbox, browser, pages, root, log, close}`;
 * call `close()` in an `after` hook (closes the pages, the browser and the database pool).
 */
export async function openJourney(name) {
  const baseUrl = process.env.E2E_BASE_URL
  if (!baseUrl) throw new Error("E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`")
  const chromium = findChromium()
  if (!chromium) throw new Error("no Chromium found (CHROMIUM_PATH)")
  const browser = await launchBrowser(chromium)
  const pool = process.env.E2E_DATABASE_URL ? new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 }) : null
  pool?.on("error", () => {})
  const pages = journeyPages({ browser, baseUrl, resultsDir: path.join(root, "test-results", name) })
  return {
    baseUrl,
    // For Node's own requests: the server listens on 127.0.0.1, which `localhost` may not resolve to first.
    apiUrl: baseUrl.replace("//localhost:", "//127.0.0.1:"),
    sql: (text, params) => {
      if (!pool) throw new Error("E2E_DATABASE_URL is not set")
      return pool.query(text, params)
    },
    mailbox: openMailbox(),
    browser,
    pages,
    root,
    log: (message) => console.log(`[${name}] ${message}`),
    async close() {
      await pages.close()
      await browser.close().catch(() => {})
      await pool?.end().catch(() => {})
    },
  }
}
