import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import path from "node:path"
import { Webhook } from "svix"
import { MARKETING_MODULE } from ".."
import { CAMPAIGN_LEASE_SECONDS, RECIPIENT_MAX_ATTEMPTS } from "../../../lib/campaigns"
import { signUnsubscribeToken } from "../../../lib/unsubscribe-token"
import MarketingModuleService, { type EmailEventInput, type RecoverableCartItem } from "../service"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "..")

// The module's options, as medusa-config.ts passes them (UNSUBSCRIBE_SECRET, PUBLIC_URL, RESEND_WEBHOOK_SECRET).
const UNSUBSCRIBE_SECRET = "test-unsubscribe-secret"
const PUBLIC_URL = "https://atelier.example.test/"
const EMAIL_WEBHOOK_SECRET = `whsec_${Buffer.from("marketing-module-spec-signing-key").toString("base64")}`

const T0 = new Date("2026-11-24T10:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const ITEMS: RecoverableCartItem[] = [{ product_id: "prod_1", variant_id: "variant_1", quantity: 1, price: 120 }]

/** The reminder job's window: carts captured more than an hour ago and less than 30 days ago. */
const window = (now: Date, extra: { limit?: number; leaseSeconds?: number } = {}) => ({
  now,
  dueBefore: new Date(now.getTime() - HOUR),
  expiredBefore: new Date(now.getTime() - 30 * DAY),
  leaseSeconds: extra.leaseSeconds ?? 300,
  limit: extra.limit ?? 100,
})

moduleIntegrationTestRunner<MarketingModuleService>({
  moduleName: MARKETING_MODULE,
  resolve: moduleDir,
  // The schema comes from the module's own migrations, so they are tested too.
  pathToMigrations: path.join(moduleDir, "migrations"),
  moduleOptions: { unsubscribeSecret: UNSUBSCRIBE_SECRET, publicUrl: PUBLIC_URL, emailWebhookSecret: EMAIL_WEBHOOK_SECRET },
  testSuite: ({ service, MikroOrmWrapper }) => {
    const capture = (email: string, capturedAt: Date, organizationId = "org_north", items = ITEMS) =>
      service.captureCart({ organizationId, email, items, cartTotalCents: 12_000, at: capturedAt })

    const cart = async (id: string) => service.retrieveRecoverableCart(id)

    /** A draft campaign of `organizationId` to a segment of its whole audience. */
    async function draft(organizationId = "org_north", name = "Winter sale") {
      const segment = await service.createSegments({ organization_id: organizationId, name: "Everyone", filters: {} })
      return service.createCampaigns({
        organization_id: organizationId,
        segment_id: segment.id,
        name,
        subject: "New prints",
        content: "<p>Hello</p>",
      })
    }

    /** A campaign that has started sending to `emails`, and its recipient rows (by address). */
    async function sending(emails: string[], startedAt = T0, name?: string) {
      const campaign = await draft("org_north", name)
      await service.startCampaignSend({ campaignId: campaign.id, from: ["draft", "failed"], emails, at: startedAt })
      const recipients = await service.listCampaignRecipients({ campaign_id: campaign.id })
      return { campaign, byEmail: Object.fromEntries(recipients.map((r) => [r.email, r])) }
    }

    const emailEvent = (svixId: string, kind: EmailEventInput["kind"], messageId: string | null, occurredAt = T0): EmailEventInput => ({
      svixId,
      type: kind ? `email.${kind}` : "email.sent",
      kind,
      messageId,
      occurredAt,
    })

    it("builds its tables from the module's migrations", async () => {
      const applied = await MikroOrmWrapper.getManager().execute<{ name: string }[]>(`select name from mikro_orm_migrations`)
      expect(applied.map((row) => row.name)).toEqual(
        expect.arrayContaining(["Migration20261122232728", "Migration20261123022341"])
      )
      const indexes = await MikroOrmWrapper.getManager().execute<{ indexname: string; indexdef: string }[]>(
        `select indexname, indexdef from pg_indexes where schemaname = 'public'`
      )
      const byName = Object.fromEntries(indexes.map((row) => [row.indexname, row.indexdef]))
      for (const [name, unique] of [
        ["IDX_recoverable_cart_organization_id_email_unique", true],
        ["IDX_recoverable_cart_captured_at", false],
        ["IDX_email_suppression_organization_id_email_unique", true],
        ["IDX_marketing_campaign_recipient_campaign_id_email_unique", true],
        ["IDX_marketing_campaign_recipient_message_id", false],
        ["IDX_marketing_campaign_status_scheduled_at", false],
        ["IDX_marketing_email_event_svix_id_unique", true],
        ["IDX_marketing_segment_organization_id_created_at", false],
      ] as const) {
        expect(byName[name]).toBeDefined()
        expect(byName[name].startsWith("CREATE UNIQUE INDEX")).toBe(unique)
      }
    })

    describe("recoverable carts", () => {
      it("keeps one cart per organization and email: a newer capture replaces the older, also when captures race", async () => {
        const first = await capture("ada@example.test", at(-2 * HOUR))
        expect(first).toEqual({ id: expect.stringMatching(/^rcart_/), created: true })
        await service.markCartRemindersSent([{ id: first.id, captured_at: at(-2 * HOUR) }], at(-HOUR))

        const newer = [{ product_id: "prod_2", variant_id: "variant_2", quantity: 2, price: 45 }]
        const replaced = await capture("ada@example.test", T0, "org_north", newer)
        expect(replaced).toEqual({ id: first.id, created: false })
        // A new capture is a new reminder: the earlier one's stamp is cleared.
        expect(await cart(first.id)).toMatchObject({ items: newer, captured_at: T0, reminder_sent_at: null, purchased_at: null })

        // The same address at another store is another cart.
        expect((await capture("ada@example.test", T0, "org_south")).created).toBe(true)

        const raced = await Promise.all(Array.from({ length: 6 }, (_, i) => capture("bo@example.test", at(i * SECOND))))
        expect(new Set(raced.map((r) => r.id)).size).toBe(1)
        expect(raced.filter((r) => r.created)).toHaveLength(1)
        expect(await service.listRecoverableCarts({ email: "bo@example.test" })).toHaveLength(1)
      })

      it("claims due reminders once: not too early, not expired, not suppressed, not under a live lease", async () => {
        const due = await capture("due@example.test", at(-2 * HOUR))
        await capture("early@example.test", at(-10 * 60 * SECOND))
        await capture("expired@example.test", at(-31 * DAY))
        await capture("gone@example.test", at(-3 * HOUR))
        await service.suppressEmail({ organizationId: "org_north", email: "gone@example.test", reason: "unsubscribed" })
        // Suppressed at another store only: still reminded here.
        const elsewhere = await capture("gone@example.test", at(-3 * HOUR), "org_south")

        // The claim's UPDATE ... RETURNING gives no order: compared as sets.
        const claimed = await service.claimDueCartReminders(window(T0))
        expect(claimed.map((c) => c.id).sort()).toEqual([elsewhere.id, due.id].sort())
        expect(claimed.find((c) => c.id === due.id)).toEqual({
          id: due.id,
          organization_id: "org_north",
          email: "due@example.test",
          items: ITEMS,
          captured_at: at(-2 * HOUR),
        })
        expect((await cart(due.id)).reminder_claimed_until).toEqual(at(300 * SECOND))

        expect(await service.claimDueCartReminders(window(at(299 * SECOND)))).toEqual([])
        // A claimer that died: its lease runs out and the carts come due again.
        expect((await service.claimDueCartReminders(window(at(301 * SECOND)))).map((c) => c.id).sort()).toEqual(
          [elsewhere.id, due.id].sort()
        )
      })

      it("never gives one cart to two concurrent claimers", async () => {
        for (let i = 0; i < 9; i++) await capture(`c${i}@example.test`, at(-2 * HOUR - i * SECOND))
        const claims = await Promise.all(Array.from({ length: 4 }, () => service.claimDueCartReminders(window(T0, { limit: 3 }))))
        const ids = claims.flat().map((c) => c.id)
        expect(ids).toHaveLength(9)
        expect(new Set(ids).size).toBe(9)
      })

      it("closes a capture as reminded or purchased, releases a failed one, and leaves a capture replaced meanwhile open", async () => {
        const reminded = await capture("r@example.test", at(-2 * HOUR))
        const bought = await capture("b@example.test", at(-2 * HOUR))
        const failed = await capture("f@example.test", at(-2 * HOUR))
        const replaced = await capture("x@example.test", at(-2 * HOUR))
        const claimed = await service.claimDueCartReminders(window(T0))
        const of = (id: string) => claimed.filter((c) => c.id === id).map(({ id, captured_at }) => ({ id, captured_at }))
        expect(claimed).toHaveLength(4)

        await capture("x@example.test", at(-HOUR - SECOND)) // the shopper came back: a new capture, due on its own
        await service.markCartRemindersSent([...of(reminded.id), ...of(replaced.id)], T0)
        await service.markCartsPurchased(of(bought.id), T0)
        await service.releaseCartReminders(of(failed.id))

        expect(await cart(reminded.id)).toMatchObject({ reminder_sent_at: T0, reminder_claimed_until: null })
        expect(await cart(bought.id)).toMatchObject({ purchased_at: T0, reminder_sent_at: null, reminder_claimed_until: null })
        expect(await cart(replaced.id)).toMatchObject({ reminder_sent_at: null, captured_at: at(-HOUR - SECOND) })
        expect(await cart(failed.id)).toMatchObject({ reminder_sent_at: null, reminder_claimed_until: null })
        // Due again at once: the released cart and the new capture; never the closed ones.
        expect((await service.claimDueCartReminders(window(at(SECOND)))).map((c) => c.id).sort()).toEqual(
          [failed.id, replaced.id].sort()
        )
      })

      it("deletes carts captured before a date, reminded or not", async () => {
        const old = await capture("old@example.test", at(-31 * DAY))
        const oldReminded = await capture("old2@example.test", at(-40 * DAY))
        await service.markCartRemindersSent([{ id: oldReminded.id, captured_at: at(-40 * DAY) }], at(-39 * DAY))
        const recent = await capture("new@example.test", at(-DAY))

        expect(await service.deleteExpiredCarts(at(-30 * DAY))).toBe(2)
        expect((await service.listRecoverableCarts({})).map((c) => c.id)).toEqual([recent.id])
        expect(await service.listRecoverableCarts({ id: [old.id, oldReminded.id] })).toEqual([])
        expect(await service.deleteExpiredCarts(at(-30 * DAY))).toBe(0)
      })
    })

    describe("suppressions and unsubscribe links", () => {
      it("suppresses an address per organization, once, keeping the first reason (also when racing)", async () => {
        await service.suppressEmail({ organizationId: "org_north", email: "ada@example.test", reason: "unsubscribed" })
        await service.suppressEmail({ organizationId: "org_north", email: "ada@example.test", reason: "bounced" })
        await Promise.all(
          Array.from({ length: 5 }, () =>
            service.suppressEmail({ organizationId: "org_north", email: "bo@example.test", reason: "complained" })
          )
        )

        expect(await service.listEmailSuppressions({ email: "ada@example.test" })).toEqual([
          expect.objectContaining({ organization_id: "org_north", reason: "unsubscribed" }),
        ])
        expect(await service.listEmailSuppressions({ email: "bo@example.test" })).toHaveLength(1)
        expect(await service.isEmailSuppressed({ organizationId: "org_north", email: "ada@example.test" })).toBe(true)
        expect(await service.isEmailSuppressed({ organizationId: "org_south", email: "ada@example.test" })).toBe(false)
        expect(
          await service.suppressedAmong({ organizationId: "org_north", emails: ["ada@example.test", "cy@example.test", "bo@example.test"] })
        ).toEqual(new Set(["ada@example.test", "bo@example.test"]))
        expect(await service.suppressedAmong({ organizationId: "org_south", emails: ["ada@example.test"] })).toEqual(new Set())
        expect(await service.suppressedAmong({ organizationId: "org_north", emails: [] })).toEqual(new Set())
      })

      it("signs one-click unsubscribe links with its secret under PUBLIC_URL, and reads back only its own tokens", () => {
        const target = { organizationId: "org_north", email: "ada@example.test" }
        const { url, headers } = service.unsubscribeLink(target)
        const token = url.slice("https://atelier.example.test/api/unsubscribe/".length)

        expect(url).toBe(`https://atelier.example.test/api/unsubscribe/${signUnsubscribeToken(target, UNSUBSCRIBE_SECRET)}`)
        expect(headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" })
        expect(service.readUnsubscribeToken(token)).toEqual(target)

        const [payload, signature] = token.split(".")
        const otherTarget = Buffer.from(JSON.stringify({ o: "org_north", e: "bo@example.test" })).toString("base64url")
        expect(service.readUnsubscribeToken(`${otherTarget}.${signature}`)).toBeNull()
        expect(service.readUnsubscribeToken(`${payload}.${signature.slice(1)}`)).toBeNull()
        expect(service.readUnsubscribeToken(signUnsubscribeToken(target, "another-secret"))).toBeNull()
        expect(service.readUnsubscribeToken("not-a-token")).toBeNull()
      })

      it("verifies the email provider's Svix signatures within five minutes, and nothing without a secret", () => {
        const body = JSON.stringify({ type: "email.opened", created_at: T0.toISOString(), data: { email_id: "msg_1" } })
        const sign = (payload: string, when: Date, secret = EMAIL_WEBHOOK_SECRET) => ({
          id: "msg_svix_1",
          timestamp: String(Math.floor(when.getTime() / 1000)),
          signature: new Webhook(secret).sign("msg_svix_1", when, payload),
        })
        const now = new Date()

        expect(service.emailWebhooksConfigured()).toBe(true)
        expect(service.verifyEmailEvent(Buffer.from(body), sign(body, now))).toEqual(JSON.parse(body))
        expect(service.verifyEmailEvent(Buffer.from(body.replace("msg_1", "msg_2")), sign(body, now))).toBeNull()
        expect(service.verifyEmailEvent(Buffer.from(body), sign(body, new Date(now.getTime() - 10 * 60 * SECOND)))).toBeNull()
        const otherSecret = `whsec_${Buffer.from("someone-else").toString("base64")}`
        expect(service.verifyEmailEvent(Buffer.from(body), sign(body, now, otherSecret))).toBeNull()

        // Without a secret (no options): not configured, every event refused; links use the development defaults.
        const bare = new MarketingModuleService({ baseRepository: undefined as never }) // signatures and links read no table
        expect(bare.emailWebhooksConfigured()).toBe(false)
        expect(bare.verifyEmailEvent(Buffer.from(body), sign(body, now))).toBeNull()
        expect(bare.unsubscribeLink({ organizationId: "org_north", email: "a@example.test" }).url).toMatch(
          /^http:\/\/localhost:9000\/api\/unsubscribe\//
        )
        const configuredToken = signUnsubscribeToken({ organizationId: "org_north", email: "a@example.test" }, UNSUBSCRIBE_SECRET)
        expect(bare.readUnsubscribeToken(configuredToken)).toBeNull()
      })
    })

    describe("campaigns", () => {
      it("starts sending a draft once: one recipient per address, and one winner of racing sends", async () => {
        const campaign = await draft()
        const started = await service.startCampaignSend({
          campaignId: campaign.id,
          from: ["draft", "failed"],
          emails: ["ada@example.test", "bo@example.test", "ada@example.test", "cy@example.test"],
          at: T0,
        })
        expect(started).toEqual({ id: campaign.id, previous_status: "draft", recipients: 3 })
        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({
          status: "sending",
          send_started_at: T0,
          recipient_count: 3,
          claimed_until: null,
        })
        const recipients = await service.listCampaignRecipients({ campaign_id: campaign.id })
        expect(recipients.map((r) => [r.email, r.status, r.attempts, r.organization_id]).sort()).toEqual([
          ["ada@example.test", "pending", 0, "org_north"],
          ["bo@example.test", "pending", 0, "org_north"],
          ["cy@example.test", "pending", 0, "org_north"],
        ])
        expect(await service.startCampaignSend({ campaignId: campaign.id, from: ["draft", "failed"], emails: ["dee@example.test"], at: T0 })).toBeNull()
        expect(await service.startCampaignSend({ campaignId: "camp_missing", from: ["draft"], emails: ["a@example.test"], at: T0 })).toBeNull()

        const other = await draft("org_north", "Spring")
        const raced = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            service.startCampaignSend({ campaignId: other.id, from: ["draft", "failed"], emails: [`r${i}@example.test`, "all@example.test"], at: T0 })
          )
        )
        const winners = raced.filter((move) => move !== null)
        expect(winners).toHaveLength(1)
        expect(winners[0]).toMatchObject({ previous_status: "draft", recipients: 2 })
        expect(await service.listCampaignRecipients({ campaign_id: other.id })).toHaveLength(2)
      })

      it("schedules a draft, lists it once due (oldest first), then starts it from scheduled", async () => {
        const later = await draft("org_north", "Later")
        const sooner = await draft("org_north", "Sooner")
        await service.updateCampaigns([
          { id: later.id, scheduled_at: at(2 * HOUR) },
          { id: sooner.id, scheduled_at: at(HOUR) },
        ])

        expect(await service.scheduleCampaign({ campaignId: later.id, from: ["draft"] })).toEqual({
          id: later.id,
          previous_status: "draft",
          recipients: null,
        })
        expect(await service.scheduleCampaign({ campaignId: later.id, from: ["draft"] })).toBeNull()
        await service.scheduleCampaign({ campaignId: sooner.id, from: ["draft"] })

        expect(await service.listDueScheduledCampaigns({ now: T0, limit: 10 })).toEqual([])
        expect(await service.listDueScheduledCampaigns({ now: at(HOUR), limit: 10 })).toEqual([sooner.id])
        expect(await service.listDueScheduledCampaigns({ now: at(3 * HOUR), limit: 10 })).toEqual([sooner.id, later.id])
        expect(await service.listDueScheduledCampaigns({ now: at(3 * HOUR), limit: 1 })).toEqual([sooner.id])

        // A scheduled campaign refuses a send that only accepts drafts, and starts from `scheduled`.
        expect(await service.startCampaignSend({ campaignId: sooner.id, from: ["draft", "failed"], emails: ["a@example.test"], at: at(HOUR) })).toBeNull()
        expect(
          await service.startCampaignSend({ campaignId: sooner.id, from: ["scheduled"], emails: ["a@example.test"], at: at(HOUR) })
        ).toEqual({ id: sooner.id, previous_status: "scheduled", recipients: 1 })
        expect(await service.listDueScheduledCampaigns({ now: at(3 * HOUR), limit: 10 })).toEqual([later.id])
      })

      it("reverts a send to its previous status: pending recipients removed, counts recomputed", async () => {
        const { campaign } = await sending(["ada@example.test", "bo@example.test"])
        await service.revertCampaignSend({ campaignId: campaign.id, previous: "draft" })

        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({
          status: "draft",
          send_started_at: null,
          recipient_count: 0,
          failed_count: 0,
        })
        expect(await service.listCampaignRecipients({ campaign_id: campaign.id })).toEqual([])

        const scheduled = await draft("org_north", "Scheduled")
        await service.scheduleCampaign({ campaignId: scheduled.id, from: ["draft"] })
        await service.revertCampaignSend({ campaignId: scheduled.id, previous: "draft" })
        expect((await service.retrieveCampaign(scheduled.id)).status).toBe("draft")
      })

      it("leases a sending campaign to one delivery run at a time; a renewed lease holds, a released or lapsed one frees it", async () => {
        const { campaign: older } = await sending(["a@example.test"], at(-HOUR), "Older")
        const { campaign: newer } = await sending(["b@example.test"], T0, "Newer")
        await draft("org_north", "Not sending")

        // Runs naming the campaign (the nudge after a send) race: one wins.
        const named = await Promise.all(Array.from({ length: 4 }, () => service.claimSendingCampaign({ now: T0, campaignId: newer.id })))
        expect(named.filter((claim) => claim !== null)).toEqual([
          { id: newer.id, organization_id: "org_north", subject: "New prints", content: "<p>Hello</p>" },
        ])
        expect((await service.retrieveCampaign(newer.id)).claimed_until).toEqual(at(CAMPAIGN_LEASE_SECONDS * SECOND))

        // Job runs take the oldest free campaign; concurrent runs never share one.
        const runs = await Promise.all(Array.from({ length: 3 }, () => service.claimSendingCampaign({ now: T0 })))
        expect(runs.filter((claim) => claim !== null).map((claim) => claim?.id)).toEqual([older.id])
        expect(await service.claimSendingCampaign({ now: T0 })).toBeNull()

        await service.renewCampaignClaim({ campaignId: newer.id, until: at(2 * CAMPAIGN_LEASE_SECONDS * SECOND) })
        await service.releaseCampaignClaim(older.id)
        const after = at((CAMPAIGN_LEASE_SECONDS + 1) * SECOND)
        expect(await service.claimSendingCampaign({ now: after, campaignId: newer.id })).toBeNull()
        expect((await service.claimSendingCampaign({ now: T0, leaseSeconds: 30 }))?.id).toBe(older.id)
        expect((await service.retrieveCampaign(older.id)).claimed_until).toEqual(at(30 * SECOND))
        expect((await service.claimSendingCampaign({ now: at(2 * CAMPAIGN_LEASE_SECONDS * SECOND + 1) }))?.id).toBe(older.id)
      })

      it("records recipients sent, skipped and failed after their attempts, and completes the campaign as sent", async () => {
        const { campaign, byEmail } = await sending(["a@example.test", "b@example.test", "c@example.test", "d@example.test"])
        const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => byEmail[`${name}@example.test`])
        expect((await service.listPendingRecipients({ campaignId: campaign.id, limit: 10 })).map((r) => r.id)).toEqual(
          [a, b, c, d].map((r) => r.id).sort()
        )
        expect(await service.listPendingRecipients({ campaignId: campaign.id, limit: 2 })).toHaveLength(2)

        await service.markRecipientsSkipped({ campaignId: campaign.id, recipientIds: [a.id] })
        const sent = [{ id: b.id, notificationId: "noti_b", messageId: "msg_b" }]
        expect(await service.markRecipientsSent({ campaignId: campaign.id, recipients: sent, at: T0 })).toBe(1)
        expect(await service.markRecipientsSent({ campaignId: campaign.id, recipients: sent, at: at(SECOND) })).toBe(0)
        // A skipped recipient is never marked sent afterwards.
        expect(
          await service.markRecipientsSent({ campaignId: campaign.id, recipients: [{ id: a.id, notificationId: "n", messageId: null }], at: T0 })
        ).toBe(0)

        for (let attempt = 1; attempt < RECIPIENT_MAX_ATTEMPTS; attempt++) {
          expect(await service.markRecipientAttemptsFailed({ campaignId: campaign.id, recipientIds: [c.id], error: `try ${attempt}` })).toBe(0)
        }
        expect(await service.completeCampaign({ campaignId: campaign.id, at: T0 })).toBeNull()
        expect(await service.markRecipientAttemptsFailed({ campaignId: campaign.id, recipientIds: [c.id], error: "x".repeat(2000) })).toBe(1)
        expect(await service.markRecipientsSent({ campaignId: campaign.id, recipients: [{ id: d.id, notificationId: "noti_d", messageId: null }], at: T0 })).toBe(1)

        const rows = Object.fromEntries((await service.listCampaignRecipients({ campaign_id: campaign.id })).map((r) => [r.id, r]))
        expect(rows[a.id]).toMatchObject({ status: "skipped", attempts: 0 })
        expect(rows[b.id]).toMatchObject({ status: "sent", attempts: 1, notification_id: "noti_b", message_id: "msg_b", sent_at: T0 })
        expect(rows[c.id]).toMatchObject({ status: "failed", attempts: RECIPIENT_MAX_ATTEMPTS })
        expect(rows[c.id].last_error).toHaveLength(1000)
        expect(rows[d.id]).toMatchObject({ status: "sent", message_id: null })

        expect(await service.completeCampaign({ campaignId: campaign.id, at: at(HOUR) })).toBe("sent")
        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({
          status: "sent",
          sent_at: at(HOUR),
          claimed_until: null,
          recipient_count: 4,
          sent_count: 2,
          failed_count: 1,
        })
        expect(await service.completeCampaign({ campaignId: campaign.id, at: at(2 * HOUR) })).toBeNull()
      })

      it("fails a campaign nobody could be emailed, and sends it again to its failed recipients only", async () => {
        const { campaign, byEmail } = await sending(["a@example.test", "b@example.test", "c@example.test"])
        const [a, b, c] = ["a", "b", "c"].map((name) => byEmail[`${name}@example.test`])
        await service.markRecipientsSkipped({ campaignId: campaign.id, recipientIds: [c.id] })
        expect(
          await service.markRecipientAttemptsFailed({ campaignId: campaign.id, recipientIds: [a.id, b.id], error: "provider down", maxAttempts: 1 })
        ).toBe(2)
        expect(await service.completeCampaign({ campaignId: campaign.id, at: T0 })).toBe("failed")
        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({ status: "failed", failed_count: 2, sent_count: 0 })

        // The audience may have grown meanwhile; a retry is only for the failed recipients.
        const again = await service.startCampaignSend({
          campaignId: campaign.id,
          from: ["draft", "failed"],
          emails: ["a@example.test", "new@example.test"],
          at: at(HOUR),
        })
        expect(again).toEqual({ id: campaign.id, previous_status: "failed", recipients: 3 })
        const rows = Object.fromEntries((await service.listCampaignRecipients({ campaign_id: campaign.id })).map((r) => [r.email, r]))
        expect(Object.keys(rows).sort()).toEqual(["a@example.test", "b@example.test", "c@example.test"])
        expect(rows["a@example.test"]).toMatchObject({ status: "pending", attempts: 0, last_error: null })
        expect(rows["b@example.test"]).toMatchObject({ status: "pending", attempts: 0 })
        expect(rows["c@example.test"]).toMatchObject({ status: "skipped" })
        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({ status: "sending", failed_count: 0, send_started_at: at(HOUR) })
      })
    })

    describe("email events", () => {
      it("applies delivered and opened events: first-time stamps and stats once, counters every time, redeliveries never", async () => {
        const { campaign, byEmail } = await sending(["a@example.test"])
        const a = byEmail["a@example.test"]
        await service.markRecipientsSent({ campaignId: campaign.id, recipients: [{ id: a.id, notificationId: "noti_a", messageId: "msg_a" }], at: T0 })

        expect(await service.applyEmailEvent(emailEvent("svix_1", "delivered", "msg_a", at(SECOND)))).toEqual({
          duplicate: false,
          outcome: "applied",
          recipientId: a.id,
        })
        expect(await service.applyEmailEvent(emailEvent("svix_1", "delivered", "msg_a", at(SECOND)))).toEqual({
          duplicate: true,
          outcome: "applied",
          recipientId: a.id,
        })
        // Opens arrive concurrently (each its own event): the counter counts them all, the stat the recipient once.
        const opens = await Promise.all(
          Array.from({ length: 5 }, (_, i) => service.applyEmailEvent(emailEvent(`svix_open_${i}`, "opened", "msg_a", at((i + 1) * MINUTE))))
        )
        expect(opens.every((o) => !o.duplicate && o.outcome === "applied")).toBe(true)
        await service.applyEmailEvent(emailEvent("svix_click", "clicked", "msg_a", at(10 * MINUTE)))

        const recipient = await service.retrieveCampaignRecipient(a.id)
        expect(recipient).toMatchObject({ delivered_at: at(SECOND), open_count: 5, click_count: 1, clicked_at: at(10 * MINUTE) })
        expect(recipient.opened_at).not.toBeNull()
        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({ delivered_count: 1, opened_count: 1, clicked_count: 1, bounced_count: 0 })
        expect(await service.listEmailEvents({ message_id: "msg_a" })).toHaveLength(7)
      })

      it("suppresses a bounced or complaining address for the campaign's organization (keeping the first reason)", async () => {
        const { campaign, byEmail } = await sending(["a@example.test", "b@example.test"])
        const [a, b] = [byEmail["a@example.test"], byEmail["b@example.test"]]
        await service.markRecipientsSent({
          campaignId: campaign.id,
          recipients: [
            { id: a.id, notificationId: "noti_a", messageId: "msg_a" },
            { id: b.id, notificationId: "noti_b", messageId: "msg_b" },
          ],
          at: T0,
        })

        await service.applyEmailEvent(emailEvent("svix_b1", "bounced", "msg_a"))
        await service.applyEmailEvent(emailEvent("svix_b2", "complained", "msg_a", at(SECOND)))
        await service.applyEmailEvent(emailEvent("svix_b3", "complained", "msg_b"))

        expect(await service.retrieveCampaignRecipient(a.id)).toMatchObject({ bounced_at: T0, complained_at: at(SECOND) })
        expect(await service.retrieveCampaign(campaign.id)).toMatchObject({ bounced_count: 1, complained_count: 2 })
        const suppressions = await service.listEmailSuppressions({ organization_id: "org_north" })
        expect(suppressions.map((s) => [s.email, s.reason]).sort()).toEqual([
          ["a@example.test", "bounced"],
          ["b@example.test", "complained"],
        ])
        expect(await service.isEmailSuppressed({ organizationId: "org_south", email: "a@example.test" })).toBe(false)
      })

      it("records unknown messages and unhandled kinds as ignored, and applies racing redeliveries once", async () => {
        const { campaign, byEmail } = await sending(["a@example.test"])
        const a = byEmail["a@example.test"]
        await service.markRecipientsSent({ campaignId: campaign.id, recipients: [{ id: a.id, notificationId: "noti_a", messageId: "msg_a" }], at: T0 })

        expect(await service.applyEmailEvent(emailEvent("svix_u", "bounced", "msg_order_email"))).toEqual({
          duplicate: false,
          outcome: "ignored",
          recipientId: null,
        })
        expect(await service.applyEmailEvent(emailEvent("svix_s", null, "msg_a"))).toEqual({
          duplicate: false,
          outcome: "ignored",
          recipientId: a.id,
        })
        expect(await service.applyEmailEvent(emailEvent("svix_n", "opened", null))).toMatchObject({ outcome: "ignored", recipientId: null })
        expect(await service.listEmailSuppressions({})).toEqual([])
        const recorded = await service.listEmailEvents({ svix_id: ["svix_u", "svix_s", "svix_n"] })
        expect(recorded.map((e) => [e.svix_id, e.outcome, e.recipient_id]).sort()).toEqual([
          ["svix_n", "ignored", null],
          ["svix_s", "ignored", a.id],
          ["svix_u", "ignored", null],
        ])

        const raced = await Promise.all(Array.from({ length: 6 }, () => service.applyEmailEvent(emailEvent("svix_race", "opened", "msg_a"))))
        expect(raced.filter((r) => !r.duplicate)).toHaveLength(1)
        expect(await service.retrieveCampaignRecipient(a.id)).toMatchObject({ open_count: 1, opened_at: T0 })
        expect((await service.retrieveCampaign(campaign.id)).opened_count).toBe(1)
      })
    })
  },
})
