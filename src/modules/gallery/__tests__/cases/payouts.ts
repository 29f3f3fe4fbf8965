import { checkoutInput, paidOrder, type Suite } from "../gallery-fixtures"

/** Payouts (payouts.ts): one per artist order, transfers, failures, the payouts job's attempts and alerts, reversals. */
export function payoutCases({ service, db }: Suite) {
  const payout = (id: string) => db.one(`SELECT * FROM gallery_payout WHERE id = ?`, [id])
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString())
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 30, 12) + ms)

  it("creates one payout per artist order: a payout the artist order has already is kept, not doubled", async () => {
    const input = checkoutInput(["org_a", "org_b"])
    await service.createCheckoutOrder(input)
    const [first, second] = input.artist_orders
    await service.createPayouts({
      artist_order_id: first.id,
      gallery_order_id: input.id,
      organization_id: first.organization_id,
      amount_cents: 1,
    })
    const result = await service.markOrderPaid({
      orderId: input.id,
      paidAt: new Date(),
      artistOrderIds: [first.id, second.id],
      payouts: input.artist_orders.map((a) => ({ artist_order_id: a.id, organization_id: a.organization_id, amount_cents: 500 })),
      outbox: [],
    })
    expect(result.payouts.map((p) => p.artist_order_id)).toEqual([second.id])
    expect(await db.rows(`SELECT artist_order_id, amount_cents FROM gallery_payout ORDER BY amount_cents`)).toEqual([
      { artist_order_id: first.id, amount_cents: 1 },
      { artist_order_id: second.id, amount_cents: 500 },
    ])
  })

  it("transfers pending payouts once, clearing the last failure; a replayed transfer changes nothing", async () => {
    const { payouts } = await paidOrder(service)
    const [p1, p2] = payouts.map((p) => p.id)
    await service.recordPayoutFailure({ payoutId: p1, reason: "no connected account" })

    const transferred = await service.recordPayoutTransfers([
      { payoutId: p1, transferId: "tr_1", destination: "acct_1" },
      { payoutId: p2, transferId: "tr_2", destination: "acct_2" },
    ])
    expect(transferred.sort()).toEqual([p1, p2].sort())
    expect(await payout(p1)).toMatchObject({
      status: "transferred",
      transfer_id: "tr_1",
      destination: "acct_1",
      failure_reason: null,
      transferred_at: expect.anything(),
    })
    expect(await service.recordPayoutTransfers([{ payoutId: p1, transferId: "tr_again", destination: "acct_9" }])).toEqual([])
    expect(await payout(p1)).toMatchObject({ transfer_id: "tr_1", destination: "acct_1" })
    expect(await service.recordPayoutTransfers([])).toEqual([])
  })

  it("records a failed attempt's reason (at most 1,000 characters) on a pending payout only", async () => {
    const { payouts } = await paidOrder(service)
    const [p1, p2] = payouts.map((p) => p.id)
    await service.recordPayoutFailure({ payoutId: p1, reason: "x".repeat(1500) })
    expect(await payout(p1)).toMatchObject({ status: "pending", failure_reason: "x".repeat(1000) })

    await service.recordPayoutTransfers([{ payoutId: p2, transferId: "tr_2", destination: "acct_2" }])
    await service.recordPayoutFailure({ payoutId: p2, reason: "late" })
    expect((await payout(p2)).failure_reason).toBeNull()
  })

  it("claims one transfer attempt per attempt count read: a stale or racing claim gets nothing", async () => {
    const { payouts } = await paidOrder(service)
    const [p1, p2] = payouts.map((p) => p.id)
    const claim = (attemptCount: number, attemptedAt: Date, payoutId = p1) =>
      service.claimPayoutAttempts({
        attemptedAt,
        claims: [{ payoutId, attemptCount, nextAttemptAt: new Date(attemptedAt.getTime() + 60_000) }],
      })

    expect(await claim(0, at(0))).toEqual([p1])
    expect(await payout(p1)).toMatchObject({ attempt_count: 1, status: "pending" })
    expect([iso((await payout(p1)).first_attempted_at), iso((await payout(p1)).next_attempt_at)]).toEqual([
      at(0).toISOString(),
      at(60_000).toISOString(),
    ])
    expect(await claim(0, at(1000))).toEqual([]) // another run that read attempt_count 0

    const racing = await Promise.all([claim(1, at(5000)), claim(1, at(5000)), claim(1, at(5000))])
    expect(racing.flat()).toEqual([p1])
    const after = await payout(p1)
    expect([after.attempt_count, iso(after.first_attempted_at), iso(after.next_attempt_at)]).toEqual([
      2,
      at(0).toISOString(), // kept once set
      at(65_000).toISOString(),
    ])

    await service.recordPayoutTransfers([{ payoutId: p2, transferId: "tr_2", destination: "acct_2" }])
    expect(await claim(0, at(0), p2)).toEqual([])
    expect(await service.claimPayoutAttempts({ attemptedAt: at(0), claims: [] })).toEqual([])
  })

  it("lists attempted pending payouts not yet reported, first attempted first, until reported (once)", async () => {
    const first = await paidOrder(service, ["org_a", "org_b"])
    const second = await paidOrder(service, ["org_c"])
    const [p1, never] = first.payouts.map((p) => p.id)
    const p3 = second.payouts[0].id
    await service.claimPayoutAttempts({ attemptedAt: at(0), claims: [{ payoutId: p3, attemptCount: 0, nextAttemptAt: at(10) }] })
    await service.claimPayoutAttempts({ attemptedAt: at(1000), claims: [{ payoutId: p1, attemptCount: 0, nextAttemptAt: at(20) }] })
    await service.recordPayoutFailure({ payoutId: p1, reason: "account restricted" })

    const listed = await service.listUnreportedFailingPayouts({ limit: 10 })
    expect(listed.map((p) => p.id)).toEqual([p3, p1])
    expect(listed.map((p) => p.id)).not.toContain(never)
    expect(listed[1]).toEqual({
      id: p1,
      artist_order_id: first.input.artist_orders[0].id,
      gallery_order_id: first.input.id,
      organization_id: "org_a",
      amount_cents: first.input.artist_orders[0].payout_cents,
      attempt_count: 1,
      first_attempted_at: at(1000),
      next_attempt_at: at(20),
      failure_alerted_at: null,
      failure_reason: "account restricted",
      public_id: first.input.public_id,
      artist_name: first.input.artist_orders[0].artist_name,
    })
    expect((await service.listUnreportedFailingPayouts({ limit: 0 })).map((p) => p.id)).toEqual([p3]) // at least one

    await service.markPayoutFailuresReported({ payoutIds: [p3], reportedAt: at(5000) })
    await service.markPayoutFailuresReported({ payoutIds: [p3], reportedAt: at(9000) })
    expect(iso((await payout(p3)).failure_alerted_at)).toBe(at(5000).toISOString())
    expect((await service.listUnreportedFailingPayouts({ limit: 10 })).map((p) => p.id)).toEqual([p1])

    await service.recordPayoutTransfers([{ payoutId: p1, transferId: "tr_1", destination: "acct_1" }])
    expect(await service.listUnreportedFailingPayouts({ limit: 10 })).toEqual([])
  })

  it("reverses a transferred payout once; a failed reversal keeps it transferred, with the reason", async () => {
    const { payouts } = await paidOrder(service)
    const [p1, p2] = payouts.map((p) => p.id)
    await service.recordPayoutReversal({ payoutId: p1, reversalId: "trr_early" })
    expect(await payout(p1)).toMatchObject({ status: "pending", reversal_id: null })

    await service.recordPayoutTransfers([
      { payoutId: p1, transferId: "tr_1", destination: "acct_1" },
      { payoutId: p2, transferId: "tr_2", destination: "acct_2" },
    ])
    await service.recordPayoutReversal({ payoutId: p1, reversalId: "trr_1" })
    await service.recordPayoutReversal({ payoutId: p1, reversalId: "trr_2" })
    expect(await payout(p1)).toMatchObject({ status: "reversed", reversal_id: "trr_1", reversed_at: expect.anything() })

    await service.recordPayoutReversalFailure({ payoutId: p2, reason: "insufficient funds" })
    expect(await payout(p2)).toMatchObject({ status: "transferred", failure_reason: "reversal failed: insufficient funds" })
  })
}
