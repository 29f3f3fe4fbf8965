import { outboxRetryDelaySeconds } from "../../../../lib/outbox"
import { runWithRequestContext } from "../../../../lib/request-context"
import type { ClaimedOutboxMessage } from "../../outbox"
import { outboxMessage, type Suite } from "../gallery-fixtures"

/** The outbox (outbox.ts): queueing once per key, claims with a lease, racing claimers, delivery, release and retry. */
export function outboxCases({ service, db, forkManager }: Suite) {
  const messages = (n: number) => Array.from({ length: n }, (_, i) => outboxMessage(`handler-${i}`, `res_${i}`))
  /** Seconds between a row's last write and its `available_at` (both taken from one statement's now()). */
  const dueInSeconds = async (id: string) =>
    Number((await db.one(`SELECT extract(epoch FROM available_at - updated_at) AS s FROM gallery_outbox_message WHERE id = ?`, [id])).s)
  /** As if the time had come: every undelivered message's lease or retry ends now. */
  const timePasses = () => db.execute(`UPDATE gallery_outbox_message SET available_at = now() - interval '1 second'`)
  const claim = (limit = 10, leaseSeconds = 60) => service.claimOutboxMessages({ limit, leaseSeconds })

  it("queues messages once per key, due now and not attempted", async () => {
    const [m1, m2, m3] = messages(3)
    await service.queueOutboxMessages([m1, m2])
    await service.queueOutboxMessages([{ ...m1, payload: { id: "replayed" } }, m3])
    await service.queueOutboxMessages([])

    const rows = await db.rows(
      `SELECT key, topic, handler, payload, attempts, available_at <= now() AS due, delivered_at, last_error
       FROM gallery_outbox_message ORDER BY key`
    )
    expect(rows).toEqual(
      [m1, m2, m3].map((m) => ({ ...m, attempts: 0, due: true, delivered_at: null, last_error: null }))
    )
  })

  it("keeps the request (and trace) that queued a message, and hands it to its claimer", async () => {
    const [m1] = messages(1)
    await runWithRequestContext({ requestId: "req-outbox-1" }, () => service.queueOutboxMessages([m1]))
    const [claimed] = await claim()
    expect(claimed.trace_context).toEqual({ request_id: "req-outbox-1" })
  })

  it("claims due messages with a lease: attempts count up; a leased message is claimed again only when it ends", async () => {
    await service.queueOutboxMessages(messages(3))
    const claimed = await claim(10, 60)
    expect(claimed).toHaveLength(3)
    expect(claimed[0]).toEqual({
      id: expect.stringMatching(/^gobx_/),
      key: expect.any(String),
      topic: "test.topic",
      handler: expect.any(String),
      payload: { id: expect.any(String) },
      attempts: 1,
      created_at: expect.anything(),
      trace_context: null, // queued outside any request or trace
    })
    expect(await dueInSeconds(claimed[0].id)).toBe(60)
    expect(await claim()).toEqual([])

    await timePasses() // the claimer died: its lease ends
    const reclaimed = await claim()
    expect(reclaimed.map((m) => m.id).sort()).toEqual(claimed.map((m) => m.id).sort())
    expect(reclaimed.map((m) => m.attempts)).toEqual([2, 2, 2])
  })

  it("claims at most `limit` messages, the longest due first", async () => {
    await service.queueOutboxMessages(messages(3))
    await db.execute(
      `UPDATE gallery_outbox_message SET available_at = now() - make_interval(secs => CASE key
         WHEN 'handler-0:res_0' THEN 10 WHEN 'handler-1:res_1' THEN 30 ELSE 20 END)`
    )
    expect((await claim(2)).map((m) => m.key).sort()).toEqual(["handler-1:res_1", "handler-2:res_2"])
    expect((await claim(2)).map((m) => m.key)).toEqual(["handler-0:res_0"])
  })

  it("gives two racing claimers disjoint messages: a claim skips the rows another claim holds", async () => {
    await service.queueOutboxMessages(messages(5))
    // The first claimer's transaction stays open (its rows locked, not yet committed) while the second claims. The
    // second is called from outside the transaction's callback: MikroORM follows a transaction through the async
    // context, so a call made inside it would run in that same transaction.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let holding = (_claimed: ClaimedOutboxMessage[]) => {}
    const held = new Promise<ClaimedOutboxMessage[]>((resolve) => (holding = resolve))
    const transaction = forkManager().transactional(async (transactionManager) => {
      holding(await service.claimOutboxMessages({ limit: 2, leaseSeconds: 60 }, { transactionManager }))
      await released
    })
    const first = await held
    const second = await Promise.race([claim(10), new Promise<"blocked">((resolve) => setTimeout(resolve, 5000, "blocked"))])
    const committed = await db.count("gallery_outbox_message", "attempts = 1") // the first claim is not, yet
    release()
    await transaction
    if (second === "blocked") throw new Error("the second claimer waited for the first one's rows")
    expect(first).toHaveLength(2)
    expect(second).toHaveLength(3)
    expect(committed).toBe(3)
    const ids = [...first, ...second].map((m) => m.id)
    expect(new Set(ids).size).toBe(5)
    expect(await claim()).toEqual([])

    // Many claimers at once: every message claimed once.
    await timePasses()
    await service.queueOutboxMessages(messages(12).slice(5))
    const batches = await Promise.all([claim(3), claim(3), claim(3), claim(3), claim(3)])
    const all = batches.flat().map((m) => m.id)
    expect(all).toHaveLength(12)
    expect(new Set(all).size).toBe(12)
  })

  it("never claims a delivered message again; delivery clears the last error and is recorded once", async () => {
    await service.queueOutboxMessages(messages(2))
    const [m1, m2] = await claim()
    await service.releaseOutboxMessage({ id: m1.id, error: "smtp timeout", retryInSeconds: 5 })
    await service.markOutboxMessagesDelivered([m1.id, m2.id])
    await service.markOutboxMessagesDelivered([])

    const delivered = await db.rows(`SELECT delivered_at::text AS at, last_error FROM gallery_outbox_message ORDER BY id`)
    expect(delivered.every((r) => r.at !== null && r.last_error === null)).toBe(true)
    await timePasses()
    expect(await claim()).toEqual([])
    await service.markOutboxMessagesDelivered([m1.id])
    expect(await db.rows(`SELECT delivered_at::text AS at, last_error FROM gallery_outbox_message ORDER BY id`)).toEqual(
      delivered
    )
  })

  it("releases a failed message for a retry after its back-off, keeping the reason (at most 1,000 characters)", async () => {
    await service.queueOutboxMessages(messages(1))
    const [first] = await claim()
    await service.releaseOutboxMessage({ id: first.id, error: "x".repeat(1500), retryInSeconds: outboxRetryDelaySeconds(1) })
    expect(await dueInSeconds(first.id)).toBe(10)
    expect((await db.one(`SELECT last_error FROM gallery_outbox_message`)).last_error).toBe("x".repeat(1000))
    expect(await claim()).toEqual([]) // not due before its back-off ends

    await timePasses()
    const [second] = await claim()
    expect(second).toMatchObject({ id: first.id, attempts: 2 })
    await service.releaseOutboxMessage({ id: first.id, error: "again", retryInSeconds: outboxRetryDelaySeconds(2) })
    expect(await dueInSeconds(first.id)).toBe(20)

    // A release that comes after the delivery changes nothing.
    await service.markOutboxMessagesDelivered([first.id])
    const before = await db.one(`SELECT available_at::text, last_error FROM gallery_outbox_message`)
    await service.releaseOutboxMessage({ id: first.id, error: "late", retryInSeconds: 60 })
    expect(await db.one(`SELECT available_at::text, last_error FROM gallery_outbox_message`)).toEqual(before)
  })

  describe("stopping (a process that received SIGTERM)", () => {
    it("claims nothing more, and gives back at its deadline what it still holds, due at once, its attempt kept", async () => {
      await service.queueOutboxMessages(messages(3))
      const [m1, m2] = await claim(2, 600)
      await service.markOutboxMessagesDelivered([m1.id])

      const started = Date.now()
      expect(await service.stopOutboxDispatch(started + 300)).toBe(1) // m2: its handler did not finish in time
      expect(Date.now() - started).toBeGreaterThanOrEqual(250)
      expect(await claim()).toEqual([]) // this process is stopping: the third message is left for the others
      const rows = await db.rows(
        `SELECT id, attempts, delivered_at IS NOT NULL AS delivered, available_at <= now() AS due FROM gallery_outbox_message ORDER BY id`
      )
      expect(rows.find((r) => r.id === m2.id)).toEqual({ id: m2.id, attempts: 1, delivered: false, due: true })
      expect(rows.find((r) => r.id === m1.id)).toMatchObject({ delivered: true })
      expect(rows.filter((r) => r.attempts === 0)).toEqual([expect.objectContaining({ due: true, delivered: false })])
    })

    it("waits for the handlers running when it stops, and returns as soon as they are done", async () => {
      await service.queueOutboxMessages(messages(2))
      const [m1, m2] = await claim(2, 600)
      const started = Date.now()
      const stopped = service.stopOutboxDispatch(started + 20_000)
      await new Promise((resolve) => setTimeout(resolve, 100))
      await service.markOutboxMessagesDelivered([m1.id]) // a handler that succeeded
      await service.releaseOutboxMessage({ id: m2.id, error: "smtp timeout", retryInSeconds: 10 }) // one that failed
      expect(await stopped).toBe(0)
      expect(Date.now() - started).toBeLessThan(5000)
      expect(await dueInSeconds(m2.id)).toBe(10) // its retry's back-off stands
    })
  })
}
