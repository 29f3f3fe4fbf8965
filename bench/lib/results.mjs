// bench/results/latest.json, shared by the benchmarks: each one writes only its own keys.
import fs from "node:fs"
import path from "node:path"

export const RESULTS_FILE = path.resolve(import.meta.dirname, "../results/latest.json")

/**
 * Read-modify-write of the results file: `report`'s keys replace their previous values, the other benchmarks' keys
 * are kept, `retired` keys are removed. Written to a temporary file and renamed, so a crash leaves the old file.
 */
export function mergeResults(report, { retired = [] } = {}) {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
  let previous = {}
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8"))
  } catch {}
  const merged = { ...previous, ...report }
  for (const key of retired) delete merged[key]
  const tmp = `${RESULTS_FILE}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(merged, null, 2) + "\n")
  fs.renameSync(tmp, RESULTS_FILE)
}
