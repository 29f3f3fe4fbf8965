import type { Logger } from "@medusajs/framework/types"
import { LocalEmailNotificationService } from "../service"

describe("the local email provider", () => {
  it("logs like Medusa's local provider and makes up a message id per email", async () => {
    const info = jest.fn()
    const provider = new LocalEmailNotificationService({ logger: { info } as unknown as Logger }, { channels: ["email"] })
    const first = await provider.send({ to: "a@b.test", channel: "email", template: "t", data: { x: 1 } })
    const second = await provider.send({ to: "a@b.test", channel: "email", template: "t", data: { x: 1 } })
    expect(first.id).toMatch(/^local_[0-9a-f-]{36}$/)
    expect(second.id).not.toBe(first.id)
    expect(info).toHaveBeenCalledTimes(2)
    expect(info.mock.calls[0][0]).toContain("'a@b.test'")
  })
})
