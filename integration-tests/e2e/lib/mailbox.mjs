// The emails the e2e server sent: its local email provider writes each one as a JSON file into EMAIL_MAILBOX_DIR
// (src/modules/local-notification/service.ts), which lib/stack.mjs sets and run.mjs hands to the journeys as
// E2E_MAILBOX_DIR. Emails go out from subscribers and workflows a moment after the request that caused them, so a
// journey waits for the one it expects.
import fs from "node:fs"
import path from "node:path"

/** The mailbox in `dir`, or one saying why there is none when `dir` is unset. */
export function openMailbox(dir = process.env.E2E_MAILBOX_DIR) {
  const read = () => {
    if (!dir) throw new Error("E2E_MAILBOX_DIR is not set: run with `npm run test:e2e`, or start the server with EMAIL_MAILBOX_DIR and pass it")
    if (!fs.existsSync(dir)) return []
    // A keyed email's file is named after its key, not its time: oldest first is by `sent_at`.
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")))
      .sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0))
  }
  return {
    /** Every email sent so far, oldest first: `{id, to, template, subject, text, html, data, sent_at}`. */
    all: read,
    /** The first email to `to` (and of `template`, when given) sent after `since` (a Date); waits up to `timeoutMs`. */
    async waitFor({ to, template, since = new Date(0), timeoutMs = 15_000 }) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = read().find(
          (email) => email.to === to && (!template || email.template === template) && new Date(email.sent_at) >= since
        )
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no email${template ? ` "${template}"` : ""} to ${to} after ${timeoutMs / 1000} s`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
  }
}
