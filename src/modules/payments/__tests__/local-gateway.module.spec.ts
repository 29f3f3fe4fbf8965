import { MedusaError } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import path from "node:path"
import { PAYMENTS_MODULE } from ".."
import PaymentsModuleService from "../service"
import { LOCAL_WEBHOOK_SECRET, PAYMENT_ERROR_CODES, SANDBOX_DECLINE_MESSAGE } from "../types"
import { signWebhookPayload } from "../webhook-signature"
import { intentInput, rejection } from "./payment-fixtures"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "..")


moduleIntegrationTestRunner<PaymentsModuleService>({
  moduleName: PAYMENTS_MODULE,
  resolve: moduleDir,
  // The schema comes from the module's own migrations, so they are tested too.
  pathToMigrations: path.join(moduleDir, "migrations"),
  testSuite: ({ service, MikroOrmWrapper }) => {
    /** A paid intent and its charge id. */
    async function paidIntent(key = "checkout-gord_1", amountCents = 11_489) {
      const { id } = await service.createPaymentIntent(intentInput({ idempotencyKey: key, amountCents }))
      const confirmed = await service.confirmPaymentIntent(id, "pm_card_visa")
      return { id, chargeId: confirmed.chargeId as string } // a visa confirmation always sets the charge
    }

    it("builds its tables from the module's migrations", async () => {
      const applied = await MikroOrmWrapper.getManager().execute<{ name: string }[]>(`select name from mikro_orm_migrations`)
      const names = applied.map((row) => row.name)
      expect(names).toContain("Migration20261121224510")
      expect(names).toContain("Migration20261122203323_transfer_group_index")
      expect(names).toContain("Migration20261127144255_transferred_amount")
      const indexes = await MikroOrmWrapper.getManager().execute<{ indexname: string }[]>(
        `select indexname from pg_indexes where tablename = 'sandbox_transfer'`
      )
      expect(indexes.map((row) => row.indexname)).toContain("IDX_sandbox_transfer_transfer_group")
    })

    it("selects the local provider without a Stripe key", () => {
      expect(service.provider).toBe("local")
      expect(service.gateway().provider).toBe("local")
    })

    describe("payment intents", () => {
      it("creates an intent awaiting a payment method, like Stripe test mode", async () => {
        const intent = await service.createPaymentIntent(intentInput())

        expect(intent.id).toMatch(/^pi_/)
        expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9a-f]+$`))
        expect(intent.status).toBe("requires_payment_method")
        expect(await service.retrievePaymentIntent(intent.id)).toEqual({
          id: intent.id,
          status: "requires_payment_method",
          amountCents: 11_489,
          currency: "usd",
          chargeId: null,
          transferId: null,
          transferGroup: "gallery_gord_1_1700000000000",
          metadata: { order_id: "gord_1", cart_session_id: "sess_1" },
        })
      })

      it("a destination charge, once confirmed, has its automatic transfer to the account (the charge less the fee)", async () => {
        const { id } = await service.createPaymentIntent(
          intentInput({
            idempotencyKey: "store-payment-intent-1",
            transferGroup: undefined,
            destinationCharge: { destination: "acct_store", applicationFeeCents: 574 },
          })
        )
        expect((await service.retrievePaymentIntent(id)).transferId).toBeNull()
        const confirmed = await service.confirmPaymentIntent(id, "pm_card_visa")
        expect(confirmed.transferId).toMatch(/^tr_/)
        // Confirming again, and reading the intent, name the same one transfer.
        expect(await service.confirmPaymentIntent(id, "pm_card_visa")).toEqual(confirmed)
        expect((await service.retrievePaymentIntent(id)).transferId).toBe(confirmed.transferId)
        const page = await service.listLocalTransfersPage({ transferGroup: `group_${id}`, limit: 10 })
        expect(page.transfers).toEqual([
          expect.objectContaining({
            id: confirmed.transferId,
            amountCents: 11_489 - 574,
            destination: "acct_store",
            transferGroup: `group_${id}`,
            sourceTransaction: confirmed.chargeId,
            amountReversedCents: 0,
          }),
        ])
        // The charge's money is all accounted for: nothing more can be transferred from it than the fee.
        const tooMuch = await rejection(
          service.createTransfer({
            amountCents: 575,
            currency: "usd",
            destination: "acct_other",
            transferGroup: "g",
            sourceTransaction: confirmed.chargeId as string,
            idempotencyKey: "too-much",
          })
        )
        expect(tooMuch.code).toBe(PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE)
        // Reversals work on it like on any transfer.
        const reversal = await service.reverseTransfer({ transferId: confirmed.transferId as string, amountCents: 1_000, idempotencyKey: "rev-1" })
        expect(reversal.id).toMatch(/^trr_/)
        const after = await service.listLocalTransfersPage({ transferGroup: `group_${id}`, limit: 10 })
        expect(after.transfers[0].amountReversedCents).toBe(1_000)
      })

      it("confirms with pm_card_visa: succeeded with a charge; confirming again changes nothing", async () => {
        const { id } = await service.createPaymentIntent(intentInput())
        const confirmed = await service.confirmPaymentIntent(id, "pm_card_visa")

        expect(confirmed.status).toBe("succeeded")
        expect(confirmed.chargeId).toMatch(/^ch_/)
        expect(confirmed.lastError).toBeNull()
        expect(await service.confirmPaymentIntent(id, "pm_card_visa")).toEqual(confirmed)
        expect(await service.confirmPaymentIntent(id, "pm_card_chargeDeclined")).toEqual(confirmed)
        expect((await service.retrievePaymentIntent(id)).chargeId).toBe(confirmed.chargeId)
      })

      it("declines pm_card_chargeDeclined and lets a later card succeed", async () => {
        const { id } = await service.createPaymentIntent(intentInput())
        const declined = await service.confirmPaymentIntent(id, "pm_card_chargeDeclined")

        expect(declined.status).toBe("requires_payment_method")
        expect(declined.chargeId).toBeNull()
        expect(declined.lastError).toBe(SANDBOX_DECLINE_MESSAGE)
        expect((await service.retrieveLocalPaymentIntent(id)).lastError).toBe("Your card was declined.")

        const paid = await service.confirmPaymentIntent(id, "pm_card_visa")
        expect(paid.status).toBe("succeeded")
        expect(paid.lastError).toBeNull()
      })

      it("refuses unknown payment methods and unknown intents", async () => {
        const { id } = await service.createPaymentIntent(intentInput())
        expect((await rejection(service.confirmPaymentIntent(id, "pm_card_amex"))).type).toBe(
          MedusaError.Types.INVALID_DATA
        )
        const missing = await rejection(service.confirmPaymentIntent("pi_missing", "pm_card_visa"))
        expect(missing.type).toBe(MedusaError.Types.NOT_FOUND)
        const notFound = await rejection(service.retrievePaymentIntent("pi_missing"))
        expect(notFound.type).toBe(MedusaError.Types.NOT_FOUND)
        expect(notFound.message).toBe("No such payment_intent: 'pi_missing'")
      })

      it("refuses amounts that are not whole cents, below Stripe's minimum, or another currency", async () => {
        for (const input of [
          intentInput({ amountCents: 10.5 }),
          intentInput({ amountCents: 49 }),
          intentInput({ currency: "eur" as "usd" }), // a caller bypassing the type
        ]) {
          expect((await rejection(service.createPaymentIntent(input))).type).toBe(MedusaError.Types.INVALID_DATA)
        }
      })

      it("replays an idempotency key with the original intent, even after payment", async () => {
        const first = await service.createPaymentIntent(intentInput())
        await service.confirmPaymentIntent(first.id, "pm_card_visa")
        const replay = await service.createPaymentIntent(intentInput())

        expect(replay).toEqual(first)
        expect(await service.listSandboxPaymentIntents({})).toHaveLength(1)
      })

      it("refuses a key reused with other parameters", async () => {
        await service.createPaymentIntent(intentInput())
        const error = await rejection(service.createPaymentIntent(intentInput({ amountCents: 500 })))

        expect(error.type).toBe(MedusaError.Types.CONFLICT)
        expect(error.code).toBe(PAYMENT_ERROR_CODES.IDEMPOTENCY)
      })

      it("creates one intent for concurrent requests with one key", async () => {
        const results = await Promise.all(Array.from({ length: 6 }, () => service.createPaymentIntent(intentInput())))

        expect(new Set(results.map((r) => r.id)).size).toBe(1)
        expect(await service.listSandboxPaymentIntents({})).toHaveLength(1)
      })
    })

    describe("transfers", () => {
      /** The charge's running transfer total, as the gateway keeps it. */
      async function transferredAmount(chargeId: string): Promise<number> {
        const [row] = await MikroOrmWrapper.getManager().execute<{ transferred_amount: number }[]>(
          `select transferred_amount from sandbox_payment_intent where charge_id = ?`,
          [chargeId]
        )
        return row.transferred_amount
      }

      const transfer = (chargeId: string, amountCents: number, idempotencyKey: string) => ({
        amountCents,
        currency: "usd" as const,
        destination: "acct_north",
        transferGroup: "gallery_gord_1_1700000000000",
        sourceTransaction: chargeId,
        idempotencyKey,
        metadata: { artist_order_id: idempotencyKey },
      })

      it("records a transfer funded by a charge and replays its key", async () => {
        const { chargeId } = await paidIntent()
        const created = await service.createTransfer(transfer(chargeId, 8_800, "transfer-aord_1"))
        const replay = await service.createTransfer(transfer(chargeId, 8_800, "transfer-aord_1"))

        expect(created.id).toMatch(/^tr_/)
        expect(replay).toEqual(created)
        const [stored] = await service.listSandboxTransfers({})
        expect(stored).toEqual(
          expect.objectContaining({
            id: created.id,
            amount: 8_800,
            currency: "usd",
            destination: "acct_north",
            transfer_group: "gallery_gord_1_1700000000000",
            source_transaction: chargeId,
            metadata: { artist_order_id: "transfer-aord_1" },
            amount_reversed: 0,
          })
        )

        const mismatch = await rejection(service.createTransfer(transfer(chargeId, 100, "transfer-aord_1")))
        expect(mismatch.code).toBe(PAYMENT_ERROR_CODES.IDEMPOTENCY)
      })

      it("caps the transfers of one charge at the charge amount (a replay of the last one still answers)", async () => {
        const { chargeId } = await paidIntent()
        await service.createTransfer(transfer(chargeId, 10_000, "t1"))
        const over = await rejection(service.createTransfer(transfer(chargeId, 1_490, "t2")))
        const last = await service.createTransfer(transfer(chargeId, 1_489, "t3"))

        expect(over.type).toBe(MedusaError.Types.INVALID_DATA)
        expect(over.code).toBe(PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE)
        expect(await service.createTransfer(transfer(chargeId, 1_489, "t3"))).toEqual(last)
        expect(await service.listSandboxTransfers({})).toHaveLength(2)
      })

      it("never exceeds the charge under concurrent transfers", async () => {
        const { chargeId } = await paidIntent("checkout-race", 1_000)
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => service.createTransfer(transfer(chargeId, 300, `race-${i}`)))
        )

        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3)
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected")
        expect(refused.map((r) => r.reason.code)).toEqual(Array(5).fill(PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE))
        expect(refused[0].reason.message).toBe(
          `Transfers funded by charge ${chargeId} would total 1200 cents, more than the charge's 1000 cents`
        )
        const stored = await service.listSandboxTransfers({})
        expect(stored.reduce((sum, t) => sum + t.amount, 0)).toBe(900)
        expect(await transferredAmount(chargeId)).toBe(900)
      })

      it("makes one transfer of concurrent requests with one key, counted once against the charge", async () => {
        const { chargeId } = await paidIntent("checkout-replays", 1_000)
        const ids = await Promise.all(
          Array.from({ length: 6 }, () => service.createTransfer(transfer(chargeId, 300, "same-key")))
        )

        expect(new Set(ids.map((t) => t.id)).size).toBe(1)
        expect(await service.listSandboxTransfers({})).toHaveLength(1)
        expect(await transferredAmount(chargeId)).toBe(300)
      })

      it("refuses, in the database itself, a charge total above the charge", async () => {
        const { chargeId } = await paidIntent("checkout-constraint", 1_000)
        const write = MikroOrmWrapper.getManager().execute(
          `update sandbox_payment_intent set transferred_amount = 1001 where charge_id = ?`,
          [chargeId]
        )
        await expect(write).rejects.toThrow(/sandbox_payment_intent_transfers_within_amount/)
      })

      it("refuses an unknown or unpaid charge and a missing source transaction", async () => {
        const unknown = await rejection(service.createTransfer(transfer("ch_missing", 100, "t-unknown")))
        expect(unknown.code).toBe(PAYMENT_ERROR_CODES.RESOURCE_MISSING)

        const none = await rejection(service.createTransfer(transfer("", 100, "t-none")))
        expect(none.code).toBe(PAYMENT_ERROR_CODES.BALANCE_INSUFFICIENT)
      })

      it("lists a transfer group's transfers newest first, whole or in Stripe-style pages", async () => {
        const { chargeId } = await paidIntent()
        const other = { ...transfer(chargeId, 50, "t-other"), transferGroup: "gallery_gord_2_1700000000000" }
        const created = []
        for (const [i, amount] of [100, 200, 300].entries()) {
          created.push(await service.createTransfer(transfer(chargeId, amount, `aord_${i}`)))
          if (i === 0) await service.createTransfer(other)
        }
        await service.reverseTransfer({ transferId: created[1].id, idempotencyKey: "rev-all" })

        const listed = await service.listTransfers({ transferGroup: "gallery_gord_1_1700000000000" })
        expect(listed.map((t) => t.id)).toEqual([created[2].id, created[1].id, created[0].id])
        expect(listed[2]).toEqual({
          id: created[0].id,
          amountCents: 100,
          currency: "usd",
          destination: "acct_north",
          transferGroup: "gallery_gord_1_1700000000000",
          sourceTransaction: chargeId,
          metadata: { artist_order_id: "aord_0" },
          amountReversedCents: 0,
          reversed: false,
          createdAt: expect.any(Date),
        })
        expect(listed[1]).toMatchObject({ amountReversedCents: 200, reversed: true })
        expect(await service.listTransfers({ transferGroup: "gallery_gord_9_1700000000000" })).toEqual([])
        const blank = await rejection(service.listTransfers({ transferGroup: "" }))
        expect(blank.type).toBe(MedusaError.Types.INVALID_DATA)

        const group = "gallery_gord_1_1700000000000"
        const first = await service.listLocalTransfersPage({ transferGroup: group, limit: 2 })
        expect(first.transfers.map((t) => t.id)).toEqual([created[2].id, created[1].id])
        expect(first.hasMore).toBe(true)
        const second = await service.listLocalTransfersPage({ transferGroup: group, limit: 2, startingAfter: created[1].id })
        expect(second).toEqual({ transfers: [listed[2]], hasMore: false })
        expect(await service.listLocalTransfersPage({ transferGroup: group, limit: 3 })).toEqual({
          transfers: listed,
          hasMore: false,
        })
        const unknown = await rejection(
          service.listLocalTransfersPage({ transferGroup: group, limit: 2, startingAfter: "tr_missing" })
        )
        expect(unknown).toMatchObject({
          type: MedusaError.Types.INVALID_DATA,
          code: PAYMENT_ERROR_CODES.RESOURCE_MISSING,
          message: "No such transfer: 'tr_missing'",
        })
      })

      it("reverses a transfer in parts, up to its amount, idempotently", async () => {
        const { chargeId } = await paidIntent()
        const { id } = await service.createTransfer(transfer(chargeId, 8_800, "transfer-aord_1"))

        const part = await service.reverseTransfer({ transferId: id, amountCents: 800, idempotencyKey: "rev-1" })
        expect(part.id).toMatch(/^trr_/)
        expect(await service.reverseTransfer({ transferId: id, amountCents: 800, idempotencyKey: "rev-1" })).toEqual(part)

        const tooMuch = await rejection(
          service.reverseTransfer({ transferId: id, amountCents: 8_001, idempotencyKey: "rev-2" })
        )
        expect(tooMuch.code).toBe(PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE)

        await service.reverseTransfer({ transferId: id, idempotencyKey: "rev-rest" })
        const [stored] = await service.listSandboxTransfers({ id })
        expect(stored.amount_reversed).toBe(8_800)
        expect(await service.listSandboxTransferReversals({})).toHaveLength(2)

        const done = await rejection(service.reverseTransfer({ transferId: id, idempotencyKey: "rev-3" }))
        expect(done.message).toMatch(/already been fully reversed/)
        const missing = await rejection(service.reverseTransfer({ transferId: "tr_missing", idempotencyKey: "rev-4" }))
        expect(missing.type).toBe(MedusaError.Types.NOT_FOUND)
      })
    })

    describe("refunds", () => {
      it("refunds part then the rest of a paid intent, idempotently, and no more", async () => {
        const { id, chargeId } = await paidIntent()
        const part = await service.createRefund({ paymentIntentId: id, amountCents: 1_000, idempotencyKey: "ref-1" })

        expect(part).toEqual({ id: expect.stringMatching(/^re_/), status: "succeeded" })
        expect(await service.createRefund({ paymentIntentId: id, amountCents: 1_000, idempotencyKey: "ref-1" })).toEqual(
          part
        )
        const tooMuch = await rejection(
          service.createRefund({ paymentIntentId: id, amountCents: 10_490, idempotencyKey: "ref-2" })
        )
        expect(tooMuch.code).toBe(PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE)

        await service.createRefund({ paymentIntentId: id, idempotencyKey: "ref-rest" })
        const refunds = await service.listSandboxRefunds({})
        expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([1_000, 10_489])
        expect(refunds.every((r) => r.charge_id === chargeId)).toBe(true)

        const again = await rejection(service.createRefund({ paymentIntentId: id, idempotencyKey: "ref-3" }))
        expect(again.message).toMatch(/already been refunded/)

        // The provider's word on the intent's refunds (the daily reconciliation's), newest first; none for another id.
        const listed = await service.listRefunds({ paymentIntentId: id })
        expect(listed.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([1_000, 10_489])
        expect(listed.every((r) => r.status === "succeeded" && r.createdAt instanceof Date)).toBe(true)
        expect(listed.map((r) => r.id).sort()).toEqual(refunds.map((r) => r.id).sort())
        expect(await service.listRefunds({ paymentIntentId: "pi_missing" })).toEqual([])
      })

      it("refuses to refund an unpaid or unknown intent", async () => {
        const { id } = await service.createPaymentIntent(intentInput())
        const unpaid = await rejection(service.createRefund({ paymentIntentId: id, idempotencyKey: "ref-unpaid" }))
        expect(unpaid.type).toBe(MedusaError.Types.INVALID_DATA)
        const unknown = await rejection(
          service.createRefund({ paymentIntentId: "pi_missing", idempotencyKey: "ref-unknown" })
        )
        expect(unknown.type).toBe(MedusaError.Types.NOT_FOUND)
      })
    })

    describe("round trips (hot path of checkout and payment)", () => {
      /** The first words of each SQL statement (BEGIN and COMMIT included) that `run` sends to PostgreSQL. */
      async function statements(run: () => Promise<unknown>): Promise<string[]> {
        const repository = (service as unknown as { baseRepository_: { getFreshManager(): unknown } }).baseRepository_
        const manager = repository.getFreshManager() as {
          getConnection(): { getKnex(): NodeJS.EventEmitter }
        }
        const knex = manager.getConnection().getKnex()
        const seen: string[] = []
        const listener = (query: { sql: string }) => seen.push(query.sql.trim().split(/\s+/).slice(0, 2).join(" "))
        knex.on("query", listener)
        try {
          await run()
        } finally {
          knex.removeListener("query", listener)
        }
        return seen
      }

      it("creates and confirms an intent, and makes a transfer, in one statement each", async () => {
        let id = ""
        expect(await statements(async () => ({ id } = await service.createPaymentIntent(intentInput())))).toEqual([
          "insert into",
        ])
        let chargeId = ""
        expect(
          await statements(async () => {
            chargeId = (await service.confirmPaymentIntent(id, "pm_card_visa")).chargeId as string
          })
          // One statement: the charge, and a destination charge's automatic transfer with it.
        ).toEqual(["with confirmed"])
        expect(
          await statements(() =>
            service.createTransfer({
              amountCents: 8_800,
              currency: "usd",
              destination: "acct_north",
              transferGroup: "gallery_gord_1_1700000000000",
              sourceTransaction: chargeId,
              idempotencyKey: "transfer-aord_1",
            })
          )
        ).toEqual(["with charge"])
      })
    })

    describe("connected accounts (Connect Express)", () => {
      const accountInput = (organizationId = "org_1") => ({ organizationId, idempotencyKey: `connect-account-${organizationId}` })

      it("creates an account that cannot receive payouts until its onboarding is completed", async () => {
        const account = await service.createConnectedAccount(accountInput())
        expect(account).toEqual({
          id: expect.stringMatching(/^acct_/),
          chargesEnabled: false,
          payoutsEnabled: false,
          detailsSubmitted: false,
          transfersActive: false,
          metadata: { organization_id: "org_1" },
        })
        expect(await service.retrieveConnectedAccount(account.id)).toEqual(account)

        const link = await service.createAccountLink({
          accountId: account.id,
          refreshUrl: "https://app.test/refresh",
          returnUrl: "https://app.test/return",
        })
        expect(link.url).toBe(`http://localhost:9000/api/sandbox/accounts/${account.id}/onboarding`)
        expect(link.expiresAt.getTime()).toBeGreaterThan(Date.now())

        const completed = await service.completeSandboxOnboarding(account.id)
        expect(completed).toMatchObject({
          payoutsEnabled: true,
          detailsSubmitted: true,
          transfersActive: true,
          chargesEnabled: false,
          returnUrl: "https://app.test/return",
          refreshUrl: "https://app.test/refresh",
        })
        expect(await service.retrieveConnectedAccount(account.id)).toMatchObject({ payoutsEnabled: true, transfersActive: true })
      })

      it("replays a key with its account (also concurrently) and refuses it for another organization", async () => {
        const accounts = await Promise.all(Array.from({ length: 5 }, () => service.createConnectedAccount(accountInput())))
        expect(new Set(accounts.map((a) => a.id)).size).toBe(1)
        expect(await service.listSandboxAccounts({})).toHaveLength(1)
        const reused = await rejection(
          service.createConnectedAccount({ organizationId: "org_2", idempotencyKey: "connect-account-org_1" })
        )
        expect(reused).toMatchObject({ type: MedusaError.Types.CONFLICT, code: PAYMENT_ERROR_CODES.IDEMPOTENCY })
      })

      it("answers NOT_FOUND for an unknown account, its link and its onboarding", async () => {
        for (const attempt of [
          () => service.retrieveConnectedAccount("acct_missing"),
          () => service.createAccountLink({ accountId: "acct_missing", refreshUrl: "https://a.test", returnUrl: "https://a.test" }),
          () => service.completeSandboxOnboarding("acct_missing"),
        ]) {
          expect(await rejection(attempt())).toMatchObject({
            type: MedusaError.Types.NOT_FOUND,
            message: "No such account: 'acct_missing'",
          })
        }
      })
    })

    describe("webhooks", () => {
      const payload = JSON.stringify({
        id: "evt_local_1",
        type: "payment_intent.succeeded",
        data: { object: { id: "pi_1", object: "payment_intent" } },
      })

      it("verifies Stripe-format signatures with the development secret", () => {
        const event = service.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET))
        expect(event).toEqual({
          id: "evt_local_1",
          type: "payment_intent.succeeded",
          object: { id: "pi_1", object: "payment_intent" },
        })
        expect(() =>
          service.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, "whsec_wrong"))
        ).toThrow(expect.objectContaining({ type: MedusaError.Types.INVALID_DATA, message: "Invalid signature" }))
        expect(() => service.parseWebhookEvent(Buffer.from(payload), undefined)).toThrow("Invalid signature")
      })

      it("in a production demo accepts only its configured secret, never the public development one", () => {
        // The gateway reads no table to verify a signature.
        const demo = new PaymentsModuleService({ baseRepository: undefined as never }, { localGatewayInProduction: true })
        expect(demo.provider).toBe("local")
        expect(() =>
          demo.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET))
        ).toThrow(expect.objectContaining({ type: MedusaError.Types.INVALID_DATA, message: "Invalid signature" }))

        const configured = new PaymentsModuleService(
          { baseRepository: undefined as never },
          { localGatewayInProduction: true, stripeWebhookSecret: "whsec_demo" }
        )
        expect(
          configured.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, "whsec_demo")).id
        ).toBe("evt_local_1")
        expect(() =>
          configured.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, LOCAL_WEBHOOK_SECRET))
        ).toThrow("Invalid signature")
      })

      it("marks an event processed once: true, then false; only a recorded event reads as processed", async () => {
        expect(await service.isWebhookEventProcessed("evt_1")).toBe(false)
        expect(await service.markWebhookEventProcessed("evt_1", "payment_intent.succeeded")).toBe(true)
        expect(await service.isWebhookEventProcessed("evt_1")).toBe(true)
        expect(await service.markWebhookEventProcessed("evt_1", "payment_intent.succeeded")).toBe(false)
        expect(await service.isWebhookEventProcessed("evt_2")).toBe(false)
        expect(await service.markWebhookEventProcessed("evt_2", "payment_intent.succeeded")).toBe(true)
      })

      it("lets exactly one of concurrent deliveries through", async () => {
        const results = await Promise.all(
          Array.from({ length: 10 }, () => service.markWebhookEventProcessed("evt_race", "payment_intent.succeeded"))
        )

        expect(results.filter(Boolean)).toHaveLength(1)
        expect(await service.listProcessedWebhookEvents({ event_id: "evt_race" })).toHaveLength(1)
      })
    })
  },
})
