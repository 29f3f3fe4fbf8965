import { coalescedRun } from "../coalesced-run"

describe("coalescedRun", () => {
  it("serves the nudges of one window with one run", async () => {
    const runs: string[] = []
    const nudge = coalescedRun(20, async (arg: string) => void runs.push(arg))
    await Promise.all([nudge("a"), nudge("b"), nudge("c")])
    expect(runs).toEqual(["c"])
  })

  it("folds the nudges that arrive during a run into one more run after it", async () => {
    const runs: number[] = []
    let release: () => void = () => undefined
    const nudge = coalescedRun(5, async (arg: number) => {
      runs.push(arg)
      if (arg === 1) await new Promise<void>((resolve) => (release = resolve))
    })
    const first = nudge(1)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const during = [nudge(2), nudge(3), nudge(4)]
    release()
    await Promise.all([first, ...during])
    expect(runs).toEqual([1, 4])
    // Idle again: the next nudge starts a new run.
    await nudge(5)
    expect(runs).toEqual([1, 4, 5])
  })

  it("rejects the nudges a failing run served, then starts afresh", async () => {
    let fail = true
    const nudge = coalescedRun(1, async () => {
      if (fail) throw new Error("down")
    })
    await expect(nudge(undefined)).rejects.toThrow("down")
    fail = false
    await expect(nudge(undefined)).resolves.toBeUndefined()
  })
})
