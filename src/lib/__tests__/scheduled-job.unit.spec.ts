import { currentScheduledJob, runScheduledJob } from "../scheduled-job"

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
