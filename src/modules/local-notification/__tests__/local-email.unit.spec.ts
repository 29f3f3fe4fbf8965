import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Logger } from "@medusajs/framework/types"
import { LocalEmailNotificationService, localMessageIdForKey } from "../service"

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

  describe("idempotency keys, honoured as Resend honours them", () => {
    type Keyed = Parameters<LocalEmailNotificationService["send"]>[0] & { idempotency_key?: string | null }
    const reset = (key: string | null, text = "Choose a new password: http://x.test/r?token=t"): Keyed => ({
      to: "a@b.test",
      channel: "email",
      template: "auth-password-reset",
      data: {},
      content: { subject: "Reset your Atelier password", text },
      idempotency_key: key,
    })
    const attempts = (info: jest.Mock) => info.mock.calls.filter(([line]) => String(line).startsWith("Attempting to send")).length
    let root: string
    let dir: string
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-mailbox-"))
      dir = path.join(root, "mailbox")
    })
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }))
    const provider = (info = jest.fn()) =>
      new LocalEmailNotificationService({ logger: { info } as unknown as Logger }, { channels: ["email"], mailbox_dir: dir })
    const mailbox = () => fs.readdirSync(dir).sort()

    it("delivers once per key, also after a restart: a repeat answers the first send's id and writes nothing", async () => {
      const info = jest.fn()
      const first = await provider(info).send(reset("auth-password-reset:k1"))
      expect(first.id).toBe(localMessageIdForKey("auth-password-reset:k1"))
      expect(first.id).toMatch(/^local_[0-9a-f-]{36}$/)
      expect(mailbox()).toEqual([`${first.id}.json`])
      const written = fs.readFileSync(path.join(dir, `${first.id}.json`), "utf8")

      // The same process, then a new provider over the same mailbox (the server killed and restarted), re-send it:
      // even with what the email shows changed in between, the first email stays the only one.
      expect(await provider(info).send(reset("auth-password-reset:k1"))).toEqual({ id: first.id })
      const restarted = jest.fn()
      expect(await provider(restarted).send(reset("auth-password-reset:k1", "Something else"))).toEqual({ id: first.id })
      expect(mailbox()).toEqual([`${first.id}.json`])
      expect(fs.readFileSync(path.join(dir, `${first.id}.json`), "utf8")).toBe(written)
      expect(attempts(info)).toBe(1)
      expect(attempts(restarted)).toBe(0)
      expect(restarted.mock.calls.map(([line]) => line)).toEqual([
        "Email to 'a@b.test' under idempotency key 'auth-password-reset:k1' was sent already: not sent again",
      ])

      // Another key is another email; an email without a key is always delivered.
      const other = await provider().send(reset("auth-password-reset:k2"))
      expect(other.id).not.toBe(first.id)
      const [a, b] = [await provider().send(reset(null)), await provider().send(reset(null))]
      expect(a.id).not.toBe(b.id)
      expect(mailbox()).toHaveLength(4)
      expect(mailbox()).toEqual(expect.arrayContaining([`${other.id}.json`, expect.stringMatching(new RegExp(`^\\d+-${a.id}\\.json$`))]))
    })

    it("two processes sending one key at the same moment deliver it once", async () => {
      const sent = await Promise.all(Array.from({ length: 8 }, () => provider().send(reset("auth-password-reset:race"))))
      expect(new Set(sent.map((r) => r.id))).toEqual(new Set([localMessageIdForKey("auth-password-reset:race")]))
      expect(mailbox()).toEqual([`${localMessageIdForKey("auth-password-reset:race")}.json`])
    })

    it("without a mailbox, a key's email has the same id in every process", async () => {
      const logger = { logger: { info: jest.fn() } as unknown as Logger }
      const first = await new LocalEmailNotificationService(logger, { channels: ["email"] }).send(reset("auth-password-reset:k3"))
      const again = await new LocalEmailNotificationService(logger, { channels: ["email"] }).send(reset("auth-password-reset:k3"))
      expect(again.id).toBe(first.id)
    })
  })
})
