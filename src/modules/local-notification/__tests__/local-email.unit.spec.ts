import fs from "node:fs"
import os from "node:os"
import path from "node:path"
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

  it("logs the text of an email that has one (the development mailbox: a reset link)", async () => {
    const info = jest.fn()
    const provider = new LocalEmailNotificationService({ logger: { info } as unknown as Logger }, { channels: ["email"] })
    await provider.send({
      to: "a@b.test",
      channel: "email",
      template: "auth-password-reset",
      data: {},
      content: { subject: "Reset your Atelier password", text: "Choose a new password: http://localhost:9000/dashboard/reset-password?token=t" },
    })
    expect(info).toHaveBeenCalledTimes(2)
    expect(info.mock.calls[1][0]).toBe(
      "Email to 'a@b.test': Reset your Atelier password\nChoose a new password: http://localhost:9000/dashboard/reset-password?token=t"
    )
  })

  it("with mailbox_dir, also writes each email there as a JSON file (the browser journeys' mailbox)", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "atelier-mailbox-")), "mailbox")
    try {
      const provider = new LocalEmailNotificationService({ logger: { info: jest.fn() } as unknown as Logger }, { channels: ["email"], mailbox_dir: dir })
      const sent = await provider.send({
        to: "a@b.test",
        channel: "email",
        template: "auth-password-reset",
        data: { expires_in_minutes: 15 },
        content: { subject: "Reset your Atelier password", text: "Choose a new password: http://x.test/r?token=t", html: "<p>hi</p>" },
      })
      const files = fs.readdirSync(dir)
      expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d+-${sent.id}\\.json$`))])
      expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]), "utf8"))).toEqual({
        id: sent.id,
        to: "a@b.test",
        template: "auth-password-reset",
        subject: "Reset your Atelier password",
        text: "Choose a new password: http://x.test/r?token=t",
        html: "<p>hi</p>",
        data: { expires_in_minutes: 15 },
        sent_at: expect.any(String),
      })
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true })
    }
  })
})
