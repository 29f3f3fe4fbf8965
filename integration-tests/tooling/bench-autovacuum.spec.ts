// The benchmarks' stand-in for autovacuum (bench/lib/autovacuum.mjs, bench/README.md "Table statistics"): which
// tables one pass works on, and, against a real PostgreSQL, that it analyzes a grown table when the server runs
// without autovacuum (the CI machines' PostgreSQL) and stays out of the way when the server's own autovacuum runs.
import pg from "pg"

type StatsRow = {
  schemaname: string
  relname: string
  n_live_tup: number
  n_dead_tup: number
  n_mod_since_analyze: number
  n_ins_since_vacuum: number
}
type Work = { table: string; vacuum: boolean; analyze: boolean }
type AutovacuumModule = {
  AUTOVACUUM_DEFAULTS: { naptimeMs: number }
  autovacuumWork(rows: StatsRow[]): Work[]
  autovacuumPass(client: pg.Client): Promise<void>
  startAutovacuumStandIn(url: string, options?: { settings?: object }): Promise<{ active: boolean; stop(): Promise<void> }>
}
type ScratchDatabase = { databaseUrl: string; stop(): Promise<void> }
type DatabaseModule = { scratchDatabase(options: { prefix: string; testEnv?: boolean }): Promise<ScratchDatabase> }

jest.setTimeout(120_000)

const load = <T>(specifier: string): Promise<T> => import(specifier) as Promise<T>

const row = (overrides: Partial<StatsRow>): StatsRow => ({
  schemaname: "public",
  relname: "gallery_order",
  n_live_tup: 1000,
  n_dead_tup: 0,
  n_mod_since_analyze: 0,
  n_ins_since_vacuum: 0,
  ...overrides,
})

describe("autovacuumWork: PostgreSQL's default thresholds", () => {
  let autovacuum: AutovacuumModule
  beforeAll(async () => {
    autovacuum = await load<AutovacuumModule>("../../bench/lib/autovacuum.mjs")
  })

  it("leaves a table alone up to the thresholds (1,000 rows: 150 changes, 250 dead rows, 1,200 inserts)", () => {
    expect(autovacuum.autovacuumWork([row({ n_mod_since_analyze: 150, n_dead_tup: 250, n_ins_since_vacuum: 1200 })])).toEqual([])
  })

  it("analyzes past 50 + 10 % changes, vacuums past 50 + 20 % dead rows or 1,000 + 20 % inserts", () => {
    expect(
      autovacuum.autovacuumWork([
        row({ relname: "changed", n_mod_since_analyze: 151 }),
        row({ relname: "dead", n_dead_tup: 251 }),
        row({ relname: "inserted", n_ins_since_vacuum: 1201, n_mod_since_analyze: 1201 }),
        row({ relname: "empty", n_live_tup: 0, n_mod_since_analyze: 51 }),
      ])
    ).toEqual([
      { table: '"public"."changed"', vacuum: false, analyze: true },
      { table: '"public"."dead"', vacuum: true, analyze: false },
      { table: '"public"."inserted"', vacuum: true, analyze: true },
      { table: '"public"."empty"', vacuum: false, analyze: true },
    ])
  })

  it("reads the statistics view's bigint columns, which pg returns as strings", () => {
    const fromPg = { ...row({}), n_live_tup: "1000", n_mod_since_analyze: "151" } as unknown as StatsRow
    expect(autovacuum.autovacuumWork([fromPg])).toEqual([{ table: '"public"."gallery_order"', vacuum: false, analyze: true }])
  })
})

describe("startAutovacuumStandIn on a real PostgreSQL", () => {
  let database: ScratchDatabase
  let client: pg.Client

  beforeAll(async () => {
    const { scratchDatabase } = await load<DatabaseModule>("../../scripts/lib/database.mjs")
    database = await scratchDatabase({ prefix: "atelier_tooling", testEnv: true })
    client = new pg.Client({ connectionString: database.databaseUrl })
    await client.connect()
  })

  afterAll(async () => {
    await client?.end()
    await database?.stop()
  })

  const lastAnalyze = async (table: string) =>
    (await client.query<{ last_analyze: Date | null }>("SELECT last_analyze FROM pg_stat_user_tables WHERE relname = $1", [table]))
      .rows[0]?.last_analyze ?? null

  /** Statistics reach pg_stat_user_tables within about a second of the transaction (PostgreSQL 15+). */
  const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    let value = await read()
    for (let i = 0; i < 100 && !done(value); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      value = await read()
    }
    return value
  }

  it("a pass analyzes a table grown past the threshold and leaves a barely changed one alone", async () => {
    const { autovacuumPass } = await load<AutovacuumModule>("../../bench/lib/autovacuum.mjs")
    // Out of reach of the server's own autovacuum, should it run: only the pass may analyze them.
    await client.query("CREATE TABLE pass_grown (id int PRIMARY KEY) WITH (autovacuum_enabled = false)")
    await client.query("CREATE TABLE pass_quiet (id int PRIMARY KEY) WITH (autovacuum_enabled = false)")
    await client.query("INSERT INTO pass_grown SELECT generate_series(1, 500)")
    await client.query("INSERT INTO pass_quiet SELECT generate_series(1, 20)")
    const modified = async () =>
      (await client.query<{ n: string }>("SELECT n_mod_since_analyze::text AS n FROM pg_stat_user_tables WHERE relname = 'pass_grown'"))
        .rows[0]?.n ?? "0"
    expect(await waitFor(modified, (n) => n === "500")).toBe("500")

    await autovacuumPass(client)

    expect(await lastAnalyze("pass_grown")).not.toBeNull()
    expect(await lastAnalyze("pass_quiet")).toBeNull()
    const { rows } = await client.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'pass_grown'")
    expect(Number(rows[0].reltuples)).toBe(500)
  })

  it("runs passes every naptime when the server has autovacuum off, and does nothing when it is on", async () => {
    const { AUTOVACUUM_DEFAULTS, startAutovacuumStandIn } = await load<AutovacuumModule>("../../bench/lib/autovacuum.mjs")
    const { rows } = await client.query<{ autovacuum: string }>("SHOW autovacuum")
    const serverRunsAutovacuum = rows[0].autovacuum !== "off"

    await client.query("CREATE TABLE grown (id int PRIMARY KEY)")
    await client.query("INSERT INTO grown SELECT generate_series(1, 500)")
    const standIn = await startAutovacuumStandIn(database.databaseUrl, { settings: { ...AUTOVACUUM_DEFAULTS, naptimeMs: 200 } })
    try {
      expect(standIn.active).toBe(!serverRunsAutovacuum)
      // With the server's own autovacuum the table's analysis is its business (a minute's nap): nothing to wait for.
      if (serverRunsAutovacuum) return
      expect(await waitFor(() => lastAnalyze("grown"), (at) => at !== null)).not.toBeNull()
    } finally {
      await standIn.stop()
    }
  })
})
