import { JsonLogger, jsonLogsEnabled, logLevelFrom } from "../json-logger"
import { currentRequestContext, requestIdFrom, runWithRequestContext } from "../request-context"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("requestIdFrom", () => {
  it("keeps a well-formed id", () => {
    expect(requestIdFrom("req-123_abc.DEF:9")).toBe("req-123_abc.DEF:9")
    expect(requestIdFrom(["4bf92f3577b34da6a3ce929d0e0e4736"])).toBe("4bf92f3577b34da6a3ce929d0e0e4736")
    expect(requestIdFrom("x".repeat(128))).toBe("x".repeat(128))
  })

  it.each([
    ["none", undefined],
    ["an empty one", ""],
    ["spaces", "req 123"],
    ["a line break (log injection)", "abc\n{\"level\":\"error\"}"],
    ["quotes", 'a"b'],
    ["an over-long one", "x".repeat(129)],
    ["two of them", ["a", "b"]],
  ])("makes a UUID for %s", (_, header) => {
    expect(requestIdFrom(header as string | string[] | undefined)).toMatch(UUID)
  })
})

describe("runWithRequestContext", () => {
  it("is seen by everything the work awaits, and not outside", async () => {
    expect(currentRequestContext()).toBeUndefined()
    const seen = await runWithRequestContext({ requestId: "r-1" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return currentRequestContext()?.requestId
    })
    expect(seen).toBe("r-1")
    expect(currentRequestContext()).toBeUndefined()
  })
})

describe("jsonLogsEnabled", () => {
  it("follows LOG_FORMAT, else production", () => {
    expect(jsonLogsEnabled({ NODE_ENV: "production" })).toBe(true)
    expect(jsonLogsEnabled({ NODE_ENV: "development" })).toBe(false)
    expect(jsonLogsEnabled({ NODE_ENV: "development", LOG_FORMAT: "json" })).toBe(true)
    expect(jsonLogsEnabled({ NODE_ENV: "production", LOG_FORMAT: "text" })).toBe(false)
    expect(() => jsonLogsEnabled({ LOG_FORMAT: "xml" })).toThrow("LOG_FORMAT must be json or text")
  })

  it("reads the level from LOG_LEVEL", () => {
    expect(logLevelFrom("warn")).toBe("warn")
    expect(logLevelFrom("nonsense")).toBe("info")
    expect(logLevelFrom(undefined)).toBe("info")
  })
})

describe("JsonLogger", () => {
  function collect(level: Parameters<typeof logLevelFrom>[0] = "info") {
    const lines: Record<string, unknown>[] = []
    const logger = new JsonLogger(logLevelFrom(level), (line) => {
      expect(line.endsWith("\n")).toBe(true)
      expect(line.slice(0, -1)).not.toContain("\n")
      lines.push(JSON.parse(line))
    })
    return { logger, lines }
  }

  it("writes one JSON object per line, with the context's request id and job", async () => {
    const { logger, lines } = collect()
    logger.info("outside")
    await runWithRequestContext({ requestId: "r-42", job: "send-campaigns" }, async () => logger.warn("inside"))
    expect(lines).toEqual([
      { timestamp: expect.any(String), level: "info", message: "outside" },
      { timestamp: expect.any(String), level: "warn", message: "inside", request_id: "r-42", job: "send-campaigns" },
    ])
  })

  it("redacts messages and stacks", () => {
    const { logger, lines } = collect()
    const error = new Error("login failed for alice@example.com with password=hunter2")
    logger.error("Auth", error)
    logger.log("info", "Email to 'bob@example.com'")
    const text = JSON.stringify(lines)
    for (const secret of ["alice@example.com", "hunter2", "bob@example.com"]) expect(text).not.toContain(secret)
    expect(lines[0]).toMatchObject({ level: "error", message: expect.stringContaining("a***@example.com") })
    expect(lines[1]).toMatchObject({ level: "info", message: "Email to 'b***@example.com'" })
  })

  it("honours its level, and never writes Medusa's http access lines", () => {
    const { logger, lines } = collect("warn")
    logger.info("dropped")
    logger.error("kept")
    expect(lines.map((l) => l.message)).toEqual(["kept"])
    logger.setLogLevel("silly")
    expect(logger.shouldLog("debug")).toBe(true)
    expect(logger.shouldLog("http")).toBe(false)
    logger.unsetLogLevel()
    expect(logger.shouldLog("info")).toBe(false)
  })

  it("times activities", () => {
    const { logger, lines } = collect()
    const id = logger.activity("Creating server")
    expect(logger.success(id, "Server is ready")).toEqual({ duration: expect.any(Number) })
    expect(lines[1]).toMatchObject({ message: "Server is ready", activity_id: id, duration: expect.any(Number) })
  })
})
