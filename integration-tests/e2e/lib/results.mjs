// The browser tests' measurements, merged into bench/results/latest.json under `ui.<app>` (other keys untouched).
import fs from "node:fs"
import path from "node:path"

export function recordUiResults(root, app, figures) {
  const file = path.join(root, "bench/results/latest.json")
  const results = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}
  results.ui = { ...(results.ui ?? {}), [app]: figures }
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  return file
}
