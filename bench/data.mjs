// `npm run bench:data -- --scale large|small|tiny [--factor F] [--seed N] [--database-url URL]`: the scale data set
// (bench/lib/scale-data.mjs: 2,000 artists, 100,000 products, 1,000,000 artist orders with their Medusa order book,
// 100,000 customers, 50,000 subscribers, 200 collections at `large`; `small` is 1/100 of that, `tiny` a few of each).
//
// The database: `--database-url` (created when missing, migrated and seeded with the demo data when it has none), else
// a new database `atelier_scale_<scale>_<timestamp>` on the server of DATABASE_URL, migrated and seeded. It is kept:
// its URL is printed, for `DATABASE_URL=... npm start` or a benchmark. The database must not hold a scale data set
// yet. `--anchor ISO-TIME` fixes "now" for the timestamps (with the same seed, the same rows). Prints the time each
// step took, the total and the database's size.
import { parseArgs } from "node:util"
import { ensureDatabase, queryOnce } from "../scripts/lib/database.mjs"
import { databaseSize, loadScaleData, SCALES } from "./lib/scale-data.mjs"
import { migrateAndSeed, root } from "./lib/server.mjs"

const log = (message) => console.log(`[bench:data] ${message}`)

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "large" },
    factor: { type: "string" },
    seed: { type: "string", default: "1" },
    anchor: { type: "string" },
    "database-url": { type: "string" },
  },
})

if (!values.factor && !(values.scale in SCALES)) {
  console.error(`--scale must be one of ${Object.keys(SCALES).join(", ")} (or give --factor)`)
  process.exit(2)
}
const seed = Number(values.seed)
if (!Number.isInteger(seed)) {
  console.error("--seed must be an integer")
  process.exit(2)
}

let databaseUrl = values["database-url"]
if (!databaseUrl) {
  if (!process.env.DATABASE_URL) {
    console.error("set DATABASE_URL (a PostgreSQL server to create the database on) or pass --database-url")
    process.exit(2)
  }
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/atelier_scale_${values.factor ? "f" + values.factor.replace(/\W/g, "") : values.scale}_${Date.now()}`
  databaseUrl = url.toString()
}

await ensureDatabase(databaseUrl)
const { rows } = await queryOnce(databaseUrl, "SELECT to_regclass('organization') IS NOT NULL AS migrated")
const seeded = rows[0].migrated && (await queryOnce(databaseUrl, "SELECT count(*)::int AS n FROM organization")).rows[0].n > 0
if (!seeded) {
  const started = Date.now()
  await migrateAndSeed(databaseUrl)
  log(`migrations and demo data in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
const result = await loadScaleData(databaseUrl, {
  scale: values.scale,
  factor: values.factor ? Number(values.factor) : undefined,
  seed,
  anchor: values.anchor ? new Date(values.anchor) : new Date(),
  root,
  log,
})
const bytes = await databaseSize(databaseUrl)
const safeUrl = new URL(databaseUrl)
if (safeUrl.password) safeUrl.password = "***"
log(`database ${safeUrl} holds the data set: ${(bytes / 1024 ** 3).toFixed(2)} GiB, loaded in ${result.seconds.toFixed(1)} s`)
console.log(JSON.stringify({ database_url: safeUrl.toString(), counts: result.counts, seconds: result.seconds, bytes }))
