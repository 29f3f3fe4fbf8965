import { currentScheduledJob, lastScheduledJobRunStartedAt, runAsJobWork, runScheduledJob } from "../scheduled-job"

describe("scheduled job context", () => {
  it("names the job inside its work, across awaits, and nothing outside it", async () => {
    expect(currentScheduledJob()).toBeUndefined()
    const seen = await runScheduledJob("send-store-cart-reminders", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return currentScheduledJob()
    })
    expect(seen).toBe("send-store-cart-reminders")
    expect(currentScheduledJob()).toBeUndefined()
  })

  it("is shared by every copy of the module in the process (the job loader and a test may load their own)", async () => {
    let otherCopy: typeof import("../scheduled-job") | undefined
    jest.isolateModules(() => {
      otherCopy = require("../scheduled-job")
    })
    expect(otherCopy?.currentScheduledJob).not.toBe(currentScheduledJob)
    await runScheduledJob("reconcile", async () => expect(otherCopy?.currentScheduledJob()).toBe("reconcile"))
  })
})

describe("one run per scheduled job at a time", () => {
  it("skips a run of a job whose previous run still works, and runs it again once that one ended", async () => {
    let release: () => void = () => {}
    const first = runScheduledJob("dispatch-gallery-outbox", () => new Promise<string>((resolve) => (release = () => resolve("first"))))
    const work = jest.fn(async () => "second")
    expect(await runScheduledJob("dispatch-gallery-outbox", work)).toBeUndefined()
    expect(work).not.toHaveBeenCalled()
    // Another job is not held back by it.
    expect(await runScheduledJob("reconcile-gallery-settlements", async () => "other")).toBe("other")
    release()
    expect(await first).toBe("first")
    expect(await runScheduledJob("dispatch-gallery-outbox", work)).toBe("second")
  })

  it("frees the job when its run fails", async () => {
    await expect(runScheduledJob("send-campaigns", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    expect(await runScheduledJob("send-campaigns", async () => "again")).toBe("again")
  })
})

describe("work done for a job outside its runs (a nudge)", () => {
  it("is named like the job's runs, and neither skips a run of the job nor is skipped by one", async () => {
    let release: () => void = () => {}
    const nudge = runAsJobWork("deliver-webhooks", async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return currentScheduledJob()
    })
    expect(await runScheduledJob("deliver-webhooks", async () => "run")).toBe("run")
    const during = runScheduledJob("deliver-webhooks", () => runAsJobWork("deliver-webhooks", async () => "nudge in a run"))
    expect(await during).toBe("nudge in a run")
    release()
    expect(await nudge).toBe("deliver-webhooks")
    expect(currentScheduledJob()).toBeUndefined()
  })
})

describe("when a scheduled run last started (a worker's readiness)", () => {
  it("is the start of the latest run, a skipped overlap included; a nudge's work is not a run", async () => {
    let release: () => void = () => {}
    const before = Date.now()
    const first = runScheduledJob("deliver-webhooks", () => new Promise<void>((resolve) => (release = resolve)))
    const startedAt = lastScheduledJobRunStartedAt()
    expect(startedAt).toBeGreaterThanOrEqual(before)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await runAsJobWork("deliver-webhooks", async () => undefined)
    expect(lastScheduledJobRunStartedAt()).toBe(startedAt)
    await runScheduledJob("deliver-webhooks", async () => undefined) // skipped: the first still runs
    expect(lastScheduledJobRunStartedAt()).toBeGreaterThan(startedAt!)
    release()
    await first
  })
})
