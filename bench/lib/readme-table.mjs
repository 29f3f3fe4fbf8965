// `node bench/lib/readme-table.mjs [results.json]`: prints the README's table of the latest benchmark run, from
// bench/results/latest.json (commit and PostgreSQL version from the run's entries in bench/results/history.jsonl).
// Paste its output under "Latest benchmark run" in README.md after each full `npm run bench`.
import fs from "node:fs"
import path from "node:path"
import { parseHistory, readmeTable } from "./history.mjs"
import { HISTORY_FILE, RESULTS_FILE } from "./results.mjs"

const file = process.argv[2] ? path.resolve(process.argv[2]) : RESULTS_FILE
const results = JSON.parse(fs.readFileSync(file, "utf8"))
const history = fs.existsSync(HISTORY_FILE) ? parseHistory(fs.readFileSync(HISTORY_FILE, "utf8")) : []
process.stdout.write(readmeTable(results, { history }))
