import {
  bearerTokenMatches,
  jobsReadiness,
  METRICS_ROUTE_FAMILIES,
  metricsRouteFamily,
  migrationNameOfFile,
  operationsSettings,
  outboxReadiness,
  pendingMigrations,
  readinessReport,
  statusClass,
} from "../operations"

describe("metricsRouteFamily", () => {
  it.each([
    ["/api/gallery/products", "/api/gallery"],
    ["/api/gallery", "/api/gallery"],
    ["/API/Gallery/cart/add?x=1", "/api/gallery"],
    ["/api/admin/gallery-orders/gord_01ABC/cancel", "/api/admin"],
    ["/api/orders/ord_123", "/api"],
    ["/api", "/api"],
    ["/api/galleryx", "/api"],
    ["/api/v1/products", "/v1"],
    ["/v1/orders?cursor=abc", "/v1"],
    ["/sandbox/v1/orders", "/v1"],
    ["/store/products", "/store"],
    ["/admin/products/prod_1", "/admin"],
    ["/auth/member/emailpass", "/auth"],
    ["/app", "other"],
    ["/health", "other"],
    ["/metrics", "other"],
    ["/gallery/artists/studio-north", "other"],
    ["/storefront", "other"],
    ["/v10", "other"],
    ["", "other"],
  ])("%s -> %s", (path, family) => {
    expect(metricsRouteFamily(path)).toBe(family)
  })

  it("answers only from its bounded set, whatever the path", () => {
    const paths = ["/api/gallery/orders/gord_" + "x".repeat(500), "/%00", "/admin/../../etc", "//store", "/v1/../api"]
    for (const path of paths) expect(METRICS_ROUTE_FAMILIES).toContain(metricsRouteFamily(path))
  })
})

describe("statusClass", () => {
  it.each([
    [100, "1xx"],
    [200, "2xx"],
    [204, "2xx"],
    [301, "3xx"],
    [404, "4xx"],
    [429, "4xx"],
    [500, "5xx"],
    [599, "5xx"],
    [0, "other"],
    [600, "other"],
    [200.5, "other"],
    [Number.NaN, "other"],
  ])("%s -> %s", (status, expected) => {
    expect(statusClass(status)).toBe(expected)
  })
})

describe("bearerTokenMatches", () => {
  it("accepts exactly the token after Bearer (scheme in any case)", () => {
    expect(bearerTokenMatches("Bearer s3cret-token", "s3cret-token")).toBe(true)
    expect(bearerTokenMatches("bearer s3cret-token", "s3cret-token")).toBe(true)
  })

  it("refuses a missing, malformed or different token", () => {
    expect(bearerTokenMatches(undefined, "s3cret-token")).toBe(false)
    expect(bearerTokenMatches("", "s3cret-token")).toBe(false)
    expect(bearerTokenMatches("s3cret-token", "s3cret-token")).toBe(false)
    expect(bearerTokenMatches("Basic s3cret-token", "s3cret-token")).toBe(false)
    expect(bearerTokenMatches("Bearer s3cret-toke", "s3cret-token")).toBe(false)
    expect(bearerTokenMatches("Bearer s3cret-token2", "s3cret-token")).toBe(false)
    expect(bearerTokenMatches("Bearer s3cret token", "s3cret token")).toBe(false)
  })

  it("never accepts an empty token", () => {
    expect(bearerTokenMatches("Bearer ", "")).toBe(false)
    expect(bearerTokenMatches("", "")).toBe(false)
  })
})

describe("operationsSettings", () => {
  it("defaults: no metrics token, outbox threshold 300 s, 2 s per check, 15 s to stop, no worker port", () => {
    expect(operationsSettings({})).toEqual({
      metricsToken: null,
      readyOutboxMaxAgeSeconds: 300,
      readyCheckTimeoutMs: 2000,
      shutdownTimeoutMs: 15000,
      workerOperationsPort: null,
      workerReadyJobsMaxAgeSeconds: 300,
    })
    expect(operationsSettings({ METRICS_TOKEN: "  " }).metricsToken).toBeNull()
  })

  it("reads the variables; 0 turns the outbox check off; a bad value throws with its name", () => {
    expect(
      operationsSettings({
        METRICS_TOKEN: " tok ",
        READY_OUTBOX_MAX_AGE_SECONDS: "0",
        READY_CHECK_TIMEOUT_MS: "500",
        SHUTDOWN_TIMEOUT_MS: "0",
        WORKER_OPERATIONS_PORT: "9400",
        WORKER_READY_JOBS_MAX_AGE_SECONDS: "0",
      })
    ).toEqual({
      metricsToken: "tok",
      readyOutboxMaxAgeSeconds: 0,
      readyCheckTimeoutMs: 500,
      shutdownTimeoutMs: 0,
      workerOperationsPort: 9400,
      workerReadyJobsMaxAgeSeconds: 0,
    })
    expect(() => operationsSettings({ SHUTDOWN_TIMEOUT_MS: "15s" })).toThrow("SHUTDOWN_TIMEOUT_MS")
    expect(() => operationsSettings({ WORKER_OPERATIONS_PORT: "70000" })).toThrow("WORKER_OPERATIONS_PORT")
    expect(() => operationsSettings({ WORKER_OPERATIONS_PORT: "0" })).toThrow("WORKER_OPERATIONS_PORT")
    expect(() => operationsSettings({ READY_OUTBOX_MAX_AGE_SECONDS: "-1" })).toThrow("READY_OUTBOX_MAX_AGE_SECONDS")
    expect(() => operationsSettings({ READY_OUTBOX_MAX_AGE_SECONDS: "5m" })).toThrow("READY_OUTBOX_MAX_AGE_SECONDS")
    expect(() => operationsSettings({ READY_CHECK_TIMEOUT_MS: "10" })).toThrow("READY_CHECK_TIMEOUT_MS")
  })
})

describe("readiness", () => {
  it("is ready when every check passed or was skipped, not ready when one failed", () => {
    expect(readinessReport({ database: { status: "ok" }, redis: { status: "skipped" } }).status).toBe("ready")
    const report = readinessReport({ database: { status: "ok" }, outbox: { status: "failed", reason: "old" } })
    expect(report).toEqual({ status: "not_ready", checks: { database: { status: "ok" }, outbox: { status: "failed", reason: "old" } } })
  })

  it("fails the outbox check only past the threshold; 0 skips it", () => {
    expect(outboxReadiness(null, 300)).toEqual({ status: "ok", oldest_age_seconds: null, threshold_seconds: 300 })
    expect(outboxReadiness(299.6, 300).status).toBe("ok")
    expect(outboxReadiness(300, 300).status).toBe("ok")
    const failed = outboxReadiness(301, 300)
    expect(failed.status).toBe("failed")
    expect(failed.reason).toBe("oldest undelivered outbox message is 301 s old (threshold 300 s)")
    expect(outboxReadiness(100000, 0).status).toBe("skipped")
    expect(outboxReadiness(-3, 300).oldest_age_seconds).toBe(0)
  })

  it("lists the migrations never applied", () => {
    expect(pendingMigrations(["B", "A", "C", "A"], ["A", "X"])).toEqual(["B", "C"])
    expect(pendingMigrations([], ["A"])).toEqual([])
  })

  it("names migration files as MikroORM records them", () => {
    expect(migrationNameOfFile("Migration20261122202808.ts")).toBe("Migration20261122202808")
    expect(migrationNameOfFile("Migration20261122202808.js")).toBe("Migration20261122202808")
    expect(migrationNameOfFile("InitialSetup20240401153642.js")).toBe("InitialSetup20240401153642")
    expect(migrationNameOfFile("Migration20240601111544.d.ts")).toBeNull()
    expect(migrationNameOfFile("Migration20240601111544.js.map")).toBeNull()
    expect(migrationNameOfFile(".snapshot-gallery.json")).toBeNull()
  })
})

describe("jobsReadiness", () => {
  const started = 1_000_000
  it("ok while a job started a run within the threshold, or the process started that recently", () => {
    expect(jobsReadiness(null, started, started + 60_000, 120)).toEqual({ status: "ok", last_run_seconds_ago: null, threshold_seconds: 120 })
    expect(jobsReadiness(started + 500_000, started, started + 530_000, 120)).toEqual({
      status: "ok",
      last_run_seconds_ago: 30,
      threshold_seconds: 120,
    })
  })

  it("failed when no run started within the threshold, saying since when", () => {
    expect(jobsReadiness(null, started, started + 121_000, 120)).toMatchObject({
      status: "failed",
      reason: "no scheduled job ran in the 121 s since the process started (threshold 120 s)",
    })
    expect(jobsReadiness(started + 1000, started, started + 200_000, 120)).toMatchObject({
      status: "failed",
      reason: "the last scheduled job run started 199 s ago (threshold 120 s)",
      last_run_seconds_ago: 199,
    })
  })

  it("skipped when the threshold is 0", () => {
    expect(jobsReadiness(null, started, started + 10_000_000, 0)).toEqual({ status: "skipped", last_run_seconds_ago: null })
  })
})
