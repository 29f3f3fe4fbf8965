// The backup and restore drill of docs/deploy.md (`npm run ops:drill`, scripts/ops-drill.mjs), run as an operator
// runs it: its exit status and last line are the verdict. It needs Redis (a server and a worker share one); without
// it the test is skipped with a message saying why, as the scale-out test is.
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import path from "node:path"

// The drill builds first when the build is stale (minutes on a busy machine), as the other multi-process tests do.
jest.setTimeout(15 * 60_000)

const root = path.join(__dirname, "../..")
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const ping = spawnSync(process.execPath, [path.join(root, "scripts/lib/redis-ping.mjs"), REDIS_URL], {
  encoding: "utf8",
  timeout: 10_000,
})
const redisReachable = ping.status === 0
if (!redisReachable) {
  console.warn(
    `[drill] SKIPPED the backup and restore drill: Redis is not reachable at ${REDIS_URL} (${(ping.stdout || ping.error?.message || "").trim()}). ` +
      "Start Redis or set REDIS_URL to run it."
  )
}
const itWithRedis = redisReachable ? it : it.skip

let drill: ChildProcess | null = null

/**
 * Runs the drill with this process's environment (the test setup's PostgreSQL), its output passed on as it comes;
 * resolves with its exit code and output.
 */
function runDrill(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // NODE_OPTIONS of jest (--experimental-vm-modules) is not the drill's.
    const env = { ...process.env, NODE_OPTIONS: "" }
    const child = spawn(process.execPath, [path.join(root, "scripts/ops-drill.mjs")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    drill = child
    let output = ""
    const collect = (chunk: Buffer) => {
      output += chunk
      process.stdout.write(chunk)
    }
    child.stdout?.on("data", collect)
    child.stderr?.on("data", collect)
    child.on("error", reject)
    child.on("exit", (code) => {
      drill = null
      resolve({ code, output })
    })
  })
}

// A drill still running when the test ends (its time ran out) cleans up on SIGTERM: processes, databases, Redis.
afterAll(async () => {
  const child = drill
  if (!child) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  child.kill("SIGTERM")
  await exited
})

describe("ops:drill: backup with orders in flight, restore, everything paid still paid and balanced", () => {
  itWithRedis("passes", async () => {
    const { code, output } = await runDrill()
    const verdict = output.trim().split("\n").pop()
    expect({ code, verdict }).toEqual({ code: 0, verdict: expect.stringMatching(/^ops:drill: passed in \d+ s$/) })
    // It tried what it claims: the backup held transfers still queued, and the restore made no new one.
    expect(output).toMatch(/the backup holds \d+ paid orders .*, [1-9]\d* transfer messages undelivered/)
    expect(output).toMatch(/redelivered as replays \(\d+ transfers, none new\)/)
  })
})
