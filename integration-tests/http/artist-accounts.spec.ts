import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PASSWORD_MESSAGES } from "../../src/lib/passwords"
import { PASSWORD_RESET_TEMPLATE } from "../../src/processes/accounts/password-reset-email"
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../../src/scripts/seed"
import { anyStatus, bearer, login, type Api } from "../helpers/accounts"
import { selectRows, waitFor } from "../helpers/db"
import { loginDemoMember, seedDemo } from "../helpers/demo-data"
import { type FakeResend, type SentEmail, startFakeResend } from "../helpers/fake-resend"

/**
 * An artist's account (docs/artist-dashboard.md, "Accounts"): the password rule on registration and on a reset's new
 * password, the password reset by email (Medusa's reset-password flow, the email sent by Atelier through the
 * Notification module, here the Resend provider against the fake Resend server, so the email's text can be read), and
 * the gallery approval the dashboard shows. Wiring as in campaigns-and-email.spec.ts: medusa-config.ts is read before
 * the runner applies `env`, so the outer beforeAll sets the variables on process.env (restored in afterAll).
 */

jest.setTimeout(240000)

const env: Record<string, string> = {}
let fake: FakeResend

describe("artist accounts: password rule, password reset, gallery approval", () => {
  const previousEnv = new Map<string, string | undefined>()

  beforeAll(async () => {
    fake = await startFakeResend()
    Object.assign(env, { RESEND_API_KEY: fake.apiKey, RESEND_API_BASE: fake.apiBase, EMAIL_FROM: "Atelier <mail@atelier.test>" })
    for (const [key, value] of Object.entries(env)) {
      previousEnv.set(key, process.env[key])
      process.env[key] = value
    }
  })

  afterAll(async () => {
    for (const [key, value] of previousEnv) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    await fake?.close()
  })

  medusaIntegrationTestRunner({
    env,
    testSuite: ({ api: rawApi, getContainer }) => {
      const api = rawApi as unknown as Api
      let container: MedusaContainer
      let pg: Knex

      beforeAll(async () => {
        container = getContainer()
        pg = await seedDemo(container)
      })

      beforeEach(() => {
        container = getContainer()
        pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        fake.reset()
      })

      const identities = (email: string) =>
        selectRows(pg, `SELECT id FROM provider_identity WHERE entity_id = ? AND provider = 'emailpass'`, [email])
      const register = (email: string, password: unknown) => api.post("/auth/member/emailpass/register", { email, password }, anyStatus)
      const requestReset = (actor: string, identifier: string) =>
        api.post(`/auth/${actor}/emailpass/reset-password`, { identifier }, anyStatus)
      const updatePassword = (actor: string, token: string, password: unknown) =>
        api.post(`/auth/${actor}/emailpass/update`, { password }, bearer(token))
      /** The reset email of `address` (it is sent by a subscriber, a moment after the route answered). */
      const resetEmail = async (address: string): Promise<SentEmail> =>
        (await waitFor(async () => fake.to(address), (emails) => emails.length > 0))[0]
      const linkIn = (email: SentEmail) => /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(email.text ?? "")?.[1] as string
      const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string

      describe("the password rule (at least 10 characters)", () => {
        it("refuses a short or missing password at registration with 400 naming the field, and registers nothing", async () => {
          for (const [password, message] of [
            ["short-pw", PASSWORD_MESSAGES.tooShort],
            ["123456789", PASSWORD_MESSAGES.tooShort],
            ["", PASSWORD_MESSAGES.required],
            [undefined, PASSWORD_MESSAGES.required],
            [42, PASSWORD_MESSAGES.required],
            ["x".repeat(257), PASSWORD_MESSAGES.tooLong],
          ] as const) {
            const res = await register("wren@studio-west.test", password)
            expect([password, res.status, res.data, res.headers["x-error-field"]]).toEqual([
              password,
              400,
              { type: "invalid_data", message },
              "password",
            ])
          }
          expect(PASSWORD_MESSAGES.tooShort).toBe("Use at least 10 characters for your password")
          expect(await identities("wren@studio-west.test")).toEqual([])

          // Ten characters are enough; the account then completes and logs in.
          const ok = await register("wren@studio-west.test", "0123456789")
          expect(ok.status).toBe(200)
          const member = await api.post("/api/members", { email: "wren@studio-west.test", first_name: "Wren" }, bearer(ok.data.token))
          expect(member.status).toBe(201)
          expect(await login(api, "member", "wren@studio-west.test", "0123456789")).toEqual(expect.any(String))
        })
      })

      describe("password reset", () => {
        it("emails an artist the dashboard's reset link; the token sets a new password once, which then logs in", async () => {
          const requested = await requestReset("member", "north@atelier.test")
          expect(requested.status).toBe(201)
          const email = await resetEmail("north@atelier.test")
          expect(email.subject).toBe("Reset your Atelier password")
          const link = linkIn(email)
          // The link goes to this server's dashboard (PUBLIC_URL and APP_URL unset: localhost and the port).
          expect(link).toMatch(/^http:\/\/localhost:\d+\/dashboard\/reset-password\?token=[\w.-]+$/)
          expect(email.text).toContain("It works once, for 15 minutes.")
          expect(email.html).toContain(`href="${link}"`)
          // The notification row says what was sent, but keeps no token.
          // (Marked sent once the provider answered, a moment after the email reached it.)
          const [recorded] = await waitFor(
            () => selectRows(pg, `SELECT * FROM notification WHERE template = ? AND "to" = ?`, [PASSWORD_RESET_TEMPLATE, "north@atelier.test"]),
            (found) => found[0]?.status === "success"
          )
          expect(recorded).toMatchObject({ status: "success", resource_type: "member", external_id: email.id })
          expect(recorded.data).toEqual({ actor_type: "member", expires_in_minutes: 15 })
          expect(JSON.stringify(recorded)).not.toContain(tokenOf(link))

          // The new password meets the rule too; a refused one leaves the token usable.
          const token = tokenOf(link)
          const short = await updatePassword("member", token, "too-short")
          expect([short.status, short.data.message, short.headers["x-error-field"]]).toEqual([400, PASSWORD_MESSAGES.tooShort, "password"])
          const updated = await updatePassword("member", token, "a-new-long-passphrase")
          expect([updated.status, updated.data]).toEqual([200, { success: true }])

          expect(await login(api, "member", "north@atelier.test", "a-new-long-passphrase")).toEqual(expect.any(String))
          const old = await api.post("/auth/member/emailpass", { email: "north@atelier.test", password: DEMO_PASSWORD }, anyStatus)
          expect(old.status).toBe(401)
          // Used once.
          expect((await updatePassword("member", token, "yet-another-passphrase")).status).toBe(401)
          // A login token is not a reset token.
          const session = await login(api, "member", "north@atelier.test", "a-new-long-passphrase")
          expect((await updatePassword("member", session, "yet-another-passphrase")).status).toBe(401)
        })

        it("emails an administrator Medusa admin's reset page", async () => {
          expect((await requestReset("user", DEMO_ADMIN_EMAIL)).status).toBe(201)
          const link = linkIn(await resetEmail(DEMO_ADMIN_EMAIL))
          expect(link).toMatch(/^http:\/\/localhost:\d+\/app\/reset-password\?token=[\w.-]+$/)
          expect((await updatePassword("user", tokenOf(link), "admin-long-passphrase")).status).toBe(200)
          expect(await login(api, "user", DEMO_ADMIN_EMAIL, "admin-long-passphrase")).toEqual(expect.any(String))
        })

        it("answers 201 for an unknown address or another kind of account and emails nobody", async () => {
          expect((await requestReset("member", "nobody@atelier.test")).status).toBe(201)
          // The administrator's email asked as an artist: that login is no artist's.
          expect((await requestReset("member", DEMO_ADMIN_EMAIL)).status).toBe(201)
          // A reset that is emailed, asked after the others: when it has arrived, the others would have too.
          expect((await requestReset("member", "south@atelier.test")).status).toBe(201)
          await resetEmail("south@atelier.test")
          expect(fake.emails.map((e) => e.to)).toEqual(["south@atelier.test"])
        })
      })

      describe("gallery approval", () => {
        it("GET /api/members/me says, per organization, whether the gallery approved it", async () => {
          const approved = await api.get("/api/members/me", bearer(await loginDemoMember(api, "north@atelier.test")))
          expect(approved.data.organizations).toEqual([expect.objectContaining({ slug: "studio-north", gallery_approved: true })])
          const awaiting = await api.get("/api/members/me", bearer(await loginDemoMember(api, "pending@atelier.test")))
          expect(awaiting.data.organizations).toEqual([
            { id: expect.any(String), name: expect.any(String), slug: "studio-pending", role: "owner", gallery_approved: false },
          ])
        })
      })
    },
  })
})
