// The production build's lock (scripts/lib/build.mjs): a harness waits while another live process holds it, takes
// over the lock of a dead one, and leaves no lock behind.
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

type BuildModule = { ensureBuild(root: string, options?: { log?: (m: string) => void }): Promise<{ rebuilt: boolean }> }
// A specifier in a variable: the harness's ES module has no type declarations.
const BUILD_MODULE = "../../scripts/lib/build.mjs"
const load = (): Promise<BuildModule> => import(BUILD_MODULE) as Promise<BuildModule>

/** A project whose build is newer than its sources: ensureBuild has nothing to build. */
function freshProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-build-lock-"))
  fs.mkdirSync(path.join(root, "src"))
  fs.writeFileSync(path.join(root, "src/index.ts"), "")
  const past = new Date(Date.now() - 60_000)
  fs.utimesSync(path.join(root, "src/index.ts"), past, past)
  fs.utimesSync(path.join(root, "src"), past, past)
  fs.mkdirSync(path.join(root, ".medusa/server"), { recursive: true })
  fs.writeFileSync(path.join(root, ".medusa/server/medusa-config.js"), "")
  return root
}

describe("production build lock", () => {
  it("waits for a live holder, then finds the build fresh and removes its lock", async () => {
    const { ensureBuild } = await load()
    const root = freshProject()
    const holder = spawn("sleep", ["2"])
    fs.writeFileSync(path.join(root, ".medusa/build.lock"), String(holder.pid))
    const exited = new Promise((resolve) => holder.once("exit", resolve))
    // The holder releases its lock when it ends, as ensureBuild's own holder does.
    void exited.then(() => fs.rmSync(path.join(root, ".medusa/build.lock"), { force: true }))
    const logs: string[] = []
    const started = Date.now()
    const result = await ensureBuild(root, { log: (m) => logs.push(m) })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500)
    expect(result.rebuilt).toBe(false)
    expect(logs[0]).toBe(`waiting for process ${holder.pid}'s production build`)
    expect(fs.existsSync(path.join(root, ".medusa/build.lock"))).toBe(false)
  })

  it("takes over the lock of a process that died", async () => {
    const { ensureBuild } = await load()
    const root = freshProject()
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" })
    fs.writeFileSync(path.join(root, ".medusa/build.lock"), dead.stdout.trim())
    const started = Date.now()
    const result = await ensureBuild(root)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(result.rebuilt).toBe(false)
    expect(fs.existsSync(path.join(root, ".medusa/build.lock"))).toBe(false)
  })
})
