// `node bench/lib/start-history.mjs --commit <sha> [--postgres <text>]`: starts bench/results/history.jsonl with one
// entry for the run now in bench/results/latest.json, for a latest.json written before the benchmarks appended to
// the history themselves (they do since; bench/lib/results.mjs). latest.json does not say which commit was measured
// or which PostgreSQL served it, so both are given here. Refuses when the history already has entries.
import fs from "node:fs"
import { parseArgs } from "node:util"
import { historyEntry, parseHistory } from "./history.mjs"
import { appendHistory, HISTORY_FILE, RESULTS_FILE } from "./results.mjs"

const { values } = parseArgs({ options: { commit: { type: "string" }, postgres: { type: "string" } } })
if (!values.commit) throw new Error("--commit <sha>: the commit the run in latest.json measured")
if (fs.existsSync(HISTORY_FILE) && parseHistory(fs.readFileSync(HISTORY_FILE, "utf8")).length) {
  throw new Error(`${HISTORY_FILE} already has entries: the benchmarks append to it themselves`)
}
const results = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8"))
const entry = historyEntry(results, {
  git: { commit: values.commit, dirty: null, source: "given when the history was started from latest.json" },
  postgres: values.postgres ?? null,
})
appendHistory(entry)
console.log(`history started: ${Object.keys(entry.benchmarks).join(", ")} of ${entry.date}, ${entry.figures.length} figures`)
