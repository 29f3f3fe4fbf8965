import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createDecipheriv, createHash, randomBytes } from "node:crypto"
import { OAUTH_STATE_MESSAGES } from "../../src/lib/channel-oauth"
import { CHANNEL_MESSAGES } from "../../src/lib/channels"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../src/modules/channels"
import { DEMO_ORGANIZATIONS, DEMO_PLAIN_MEMBER } from "../../src/scripts/seed"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { selectRows } from "../helpers/db"
import { loginDemoMember, orgIdsBySlug, seedDemo } from "../helpers/demo-data"
import { type FakeEtsy, type FakeGumroad, startFakeEtsy, startFakeGumroad } from "../helpers/fake-marketplaces"

/**
 * Marketplace channels over HTTP (docs/marketplace-channels.md): Etsy's OAuth 2.0 + PKCE flow against a fake Etsy
 * (authorization redirect, public callback and its state rules, code exchange, refresh-token rotation), Gumroad's
 * access token against a fake Gumroad, the listing of connections, disconnection, idempotent imports, access per
 * role and organization, and what the database holds (sealed ciphertext only: the tests open it with their own
 * AES-256-GCM code and scan every table for the token text).
 *
 * Wiring as in stripe-contract.spec.ts: the fakes start in the outer beforeAll, whose variables are set on process.env
 * before the runner evaluates medusa-config.ts.
 */

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const ENCRYPTION_KEY = randomBytes(32)
const CLIENT_ID = "atelier-test-keystring"
const SHARED_SECRET = "atelier-test-shared-secret"
const REDIRECT_URI = "https://atelier.test/api/channels/etsy/callback"
const APP_URL = "https://app.atelier.test"

const ETSY_LISTINGS = [
  {
    listing_id: 1401,
    title: "Fjord at Dawn (giclée print)",
    description: "Archival pigment print, signed.",
    quantity: 12,
    state: "active",
    price: { amount: 4599, divisor: 100, currency_code: "USD" },
    images: [{ url_fullxfull: "https://i.etsystatic.test/1401-a.jpg" }, { url_fullxfull: "https://i.etsystatic.test/1401-b.jpg" }],
  },
  {
    listing_id: 1402,
    title: "Harbour Study",
    description: "Original gouache.",
    quantity: 1,
    state: "active",
    price: { amount: 32000, divisor: 100, currency_code: "EUR" },
    images: [],
  },
  { listing_id: 1403, title: "Retired print", quantity: 0, state: "inactive", price: { amount: 1000, divisor: 100, currency_code: "USD" } },
]

const GUMROAD_PRODUCTS = [
  {
    id: "gum-brushes",
    name: "Brush pack",
    description: "<p>Forty <b>brushes</b> &amp; a guide.</p>",
    price: 1500,
    currency: "usd",
    preview_url: "https://public-files.gumroad.test/brushes.png",
    thumbnail_url: null,
    published: true,
    max_purchase_count: null,
  },
  { id: "gum-draft", name: "Not yet published", price: 900, currency: "usd", published: false, max_purchase_count: null },
]

const env: Record<string, string> = {}
let etsy: FakeEtsy
let gumroad: FakeGumroad

/** The tests' own AES-256-GCM opening of a sealed `v1.<key id>.<iv>.<ciphertext>.<tag>` (not Atelier's code). */
function openSealed(sealed: string, context: string): string {
  const [version, keyId, iv, ciphertext, tag] = sealed.split(".")
  const decipher = createDecipheriv("aes-256-gcm", ENCRYPTION_KEY, Buffer.from(iv, "base64url"))
  decipher.setAAD(Buffer.from(`${version}.${keyId}.${context}`))
  decipher.setAuthTag(Buffer.from(tag, "base64url"))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8")
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url")

describe("Marketplace channels (fake Etsy and Gumroad servers, through Atelier's HTTP routes)", () => {
  const previousEnv = new Map<string, string | undefined>()

  beforeAll(async () => {
    etsy = await startFakeEtsy({ clientId: CLIENT_ID, sharedSecret: SHARED_SECRET })
    gumroad = await startFakeGumroad()
    Object.assign(env, {
      CHANNEL_ENCRYPTION_KEY: ENCRYPTION_KEY.toString("base64"),
      ETSY_CLIENT_ID: CLIENT_ID,
      ETSY_SHARED_SECRET: SHARED_SECRET,
      ETSY_REDIRECT_URI: REDIRECT_URI,
      ETSY_AUTH_URL: etsy.authUrl,
      ETSY_API_BASE: etsy.apiBase,
      GUMROAD_API_BASE: gumroad.apiBase,
      APP_URL,
    })
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
    await etsy?.close()
    await gumroad?.close()
  })

  medusaIntegrationTestRunner({
    env,
    testSuite: ({ api: rawApi, getContainer }) => {
      const api = rawApi as unknown as Api
      let container: MedusaContainer
      let pg: Knex
      const org: Record<string, string> = {}
      /** Demo logins: north and south own their studios; member is a plain member of studio-north. */
      const token: Record<string, string> = {}

      beforeAll(async () => {
        container = getContainer()
        pg = await seedDemo(container)
        Object.assign(org, await orgIdsBySlug(container, DEMO_ORGANIZATIONS.map((o) => o.slug)))
        token.north = await loginDemoMember(api, "north@atelier.test")
        token.south = await loginDemoMember(api, "south@atelier.test")
        token.member = await loginDemoMember(api, DEMO_PLAIN_MEMBER.email)
      })

      beforeEach(() => {
        container = getContainer()
        pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        etsy.listings = ETSY_LISTINGS.map((listing) => ({ ...listing }))
      })

      afterEach(() => jest.restoreAllMocks())

      const rows = (sql: string, bindings: unknown[] = []): Promise<Row[]> => selectRows(pg, sql, bindings)
      const channels = (): ChannelsModuleService => container.resolve(CHANNELS_MODULE)
      const noRedirect = (as: string) => ({ ...bearer(token[as]), maxRedirects: 0 })
      const connection = async (orgId: string, channel: string) =>
        (await rows(`SELECT * FROM channel_connection WHERE organization_id = ? AND channel = ?`, [orgId, channel]))[0]

      /** Every table of the database whose rows contain `text` anywhere. */
      async function tablesHolding(text: string): Promise<string[]> {
        const tables = await rows(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
        )
        const holding: string[] = []
        for (const { table_name } of tables) {
          const [{ n }] = await rows(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE strpos(t::text, ?) > 0`, [text])
          if (n > 0) holding.push(table_name)
        }
        return holding
      }

      /** `GET /api/channels/etsy/auth` as `as`: the 302 and Etsy's authorization URL it points at. */
      async function startEtsy(as = "north") {
        const res = await api.get("/api/channels/etsy/auth", noRedirect(as))
        expect(res.status).toBe(302)
        return new URL(res.headers.location as string)
      }

      /** The owner approves at (fake) Etsy, which sends the browser back to Atelier's callback: its path and query. */
      async function approveAtEtsy(authorizeUrl: URL): Promise<string> {
        const approved = await fetch(authorizeUrl, { redirect: "manual" })
        expect(approved.status).toBe(302)
        const back = new URL(approved.headers.get("location") as string)
        expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI)
        return `${back.pathname}${back.search}`
      }

      const callback = (pathAndQuery: string) => api.get(pathAndQuery, { ...anyStatus, maxRedirects: 0 })

      /** The whole Etsy connection of studio-north, as its owner's browser goes through it. */
      async function connectEtsy() {
        const back = await approveAtEtsy(await startEtsy())
        const res = await callback(back)
        expect([res.status, res.headers.location]).toEqual([302, `${APP_URL}/settings/channels?channel=etsy&status=connected`])
      }

      const connectGumroad = (as: string, accessToken: string, orgId?: string) =>
        api.post("/api/channels/gumroad/connect", { access_token: accessToken, ...(orgId ? { org_id: orgId } : {}) }, bearer(token[as]))
      const importFrom = (channel: string, as = "north", body: object = {}) =>
        api.post(`/api/channels/${channel}/import`, body, bearer(token[as]))
      const list = async (as = "north") => {
        const res = await api.get("/api/channels", bearer(token[as]))
        expect(res.status).toBe(200)
        return res.data.connections as Row[]
      }

      describe("Etsy authorization (OAuth 2.0 with PKCE S256)", () => {
        it("redirects an owner to Etsy with client id, redirect URI, scopes, a state and the S256 challenge of the stored verifier", async () => {
          const url = await startEtsy()
          expect(`${url.origin}${url.pathname}`).toBe(etsy.authUrl)
          const params = Object.fromEntries(url.searchParams)
          expect(params).toEqual({
            response_type: "code",
            client_id: CLIENT_ID,
            redirect_uri: REDIRECT_URI,
            scope: "listings_r shops_r",
            state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
            code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
            code_challenge_method: "S256",
          })

          // The state is stored as its SHA-256 only, bound to the member, the organization and the sealed verifier.
          const [pending] = await rows(`SELECT * FROM channel_oauth_state`)
          expect(pending.state_digest).toBe(createHash("sha256").update(params.state).digest("hex"))
          expect(await tablesHolding(params.state)).toEqual([])
          expect(pending.organization_id).toBe(org["studio-north"])
          const [member] = await rows(`SELECT id FROM member WHERE email = 'north@atelier.test'`)
          expect(pending.member_id).toBe(member.id)
          expect(new Date(pending.expires_at).getTime() - new Date(pending.created_at).getTime()).toBeCloseTo(600_000, -3)
          expect(pending.used_at).toBeNull()
          // Independently of Atelier's code: the challenge is base64url(SHA-256(verifier)) of the verifier it sealed.
          const verifier = openSealed(pending.code_verifier, `oauth_state:${pending.state_digest}:code_verifier`)
          expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
          expect(await tablesHolding(verifier)).toEqual([])
          expect(params.code_challenge).toBe(s256(verifier))
        })

        it("answers {url} with ?format=json (a dashboard's fetch cannot follow the cross-origin redirect)", async () => {
          const res = await api.get("/api/channels/etsy/auth?format=json", bearer(token.north))
          expect(res.status).toBe(200)
          expect(new URL(res.data.url).searchParams.get("code_challenge_method")).toBe("S256")
          expect(res.headers["cache-control"]).toBe("no-store")
        })

        it("connects the shop on the callback: code exchanged with the verifier, shop linked, only ciphertext stored", async () => {
          const authorize = await startEtsy()
          const back = await approveAtEtsy(authorize)
          const res = await callback(back)
          expect(res.status).toBe(302)
          expect(res.headers.location).toBe(`${APP_URL}/settings/channels?channel=etsy&status=connected`)

          // Etsy got the verifier whose S256 is the challenge of the authorization URL (the fake checks it too).
          const exchange = etsy.requests.filter((r) => r.path === "/v3/public/oauth/token").at(-1)!
          expect(exchange.form).toMatchObject({ grant_type: "authorization_code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI })
          expect(s256(exchange.form.code_verifier)).toBe(authorize.searchParams.get("code_challenge"))
          // Etsy's API calls carry keystring:shared secret and the bearer token.
          const me = etsy.requests.filter((r) => r.path === "/v3/application/users/me").at(-1)!
          expect(me.headers["x-api-key"]).toBe(`${CLIENT_ID}:${SHARED_SECRET}`)

          const stored = await connection(org["studio-north"], "etsy")
          expect(stored).toMatchObject({
            status: "connected",
            shop_id: String(etsy.user.shop_id),
            shop_name: etsy.user.shop_name,
            account_id: String(etsy.user.user_id),
          })
          const accessToken = openSealed(stored.access_token, `${org["studio-north"]}:etsy:access_token`)
          const refreshToken = openSealed(stored.refresh_token, `${org["studio-north"]}:etsy:refresh_token`)
          expect(refreshToken).toBe(etsy.currentRefreshToken())
          expect(stored.access_token).toMatch(/^v1\.[0-9a-f]{16}\./)
          expect(new Date(stored.access_token_expires_at).getTime()).toBeGreaterThan(Date.now() + 3500_000)
          // No table anywhere holds a token's text, nor the verifier's.
          for (const secret of [accessToken, refreshToken, exchange.form.code_verifier]) expect(await tablesHolding(secret)).toEqual([])

          const listed = await list()
          expect(listed).toEqual([
            {
              channel: "etsy",
              status: "connected",
              shop_id: String(etsy.user.shop_id),
              shop_name: etsy.user.shop_name,
              connected_at: expect.any(String),
              disconnected_at: null,
            },
            { channel: "gumroad", status: "not_connected", shop_id: null, shop_name: null, connected_at: null, disconnected_at: null },
          ])
          expect(JSON.stringify(listed)).not.toContain(accessToken.split(".")[1])
        })

        it("refuses a missing, tampered, reused or expired state with 400, and stores nothing", async () => {
          const expectRefused = async (pathAndQuery: string, message: string) => {
            const res = await callback(pathAndQuery)
            expect([res.status, res.data]).toEqual([400, { error: message, code: "invalid_request", details: { field: "state" } }])
          }
          await expectRefused("/api/channels/etsy/callback?code=abc", OAUTH_STATE_MESSAGES.missing)

          // Tampered: one character of a real state changed.
          const back = new URL(await approveAtEtsy(await startEtsy()), "http://x")
          const state = back.searchParams.get("state")!
          const tampered = `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`
          await expectRefused(`/api/channels/etsy/callback?code=${back.searchParams.get("code")}&state=${tampered}`, OAUTH_STATE_MESSAGES.invalid)
          await expectRefused(`/api/channels/etsy/callback?code=x&state=not-a-state`, OAUTH_STATE_MESSAGES.invalid)

          // Reused: the genuine callback works once; the same state again is refused (even with a fresh code).
          expect((await callback(`${back.pathname}${back.search}`)).status).toBe(302)
          await expectRefused(`${back.pathname}${back.search}`, OAUTH_STATE_MESSAGES.reused)
          await pg.raw(`DELETE FROM channel_connection`)

          // Expired: a state 10 minutes old is refused, and spent.
          const late = new URL(await approveAtEtsy(await startEtsy()), "http://x")
          const [pending] = await channels().listChannelOauthStates({
            state_digest: createHash("sha256").update(late.searchParams.get("state")!).digest("hex"),
          })
          await channels().updateChannelOauthStates({ id: pending.id, expires_at: new Date(Date.now() - 1000) })
          await expectRefused(`${late.pathname}${late.search}`, OAUTH_STATE_MESSAGES.expired)
          await expectRefused(`${late.pathname}${late.search}`, OAUTH_STATE_MESSAGES.reused)

          expect(await rows(`SELECT id FROM channel_connection`)).toEqual([])
        })

        it("refuses a denied authorization, a missing code and a code Etsy refuses (400), and an owner no longer owner (403)", async () => {
          const denied = new URL(await approveAtEtsy(await startEtsy()), "http://x")
          const state = denied.searchParams.get("state")!
          const res = await callback(`/api/channels/etsy/callback?error=access_denied&error_description=no&state=${state}`)
          expect([res.status, res.data.error]).toEqual([400, CHANNEL_MESSAGES.authorizationDenied("etsy")])

          const noCode = new URL(await approveAtEtsy(await startEtsy()), "http://x")
          const missing = await callback(`/api/channels/etsy/callback?state=${noCode.searchParams.get("state")}`)
          expect([missing.status, missing.data.error]).toEqual([400, CHANNEL_MESSAGES.codeRequired])

          const badCode = new URL(await approveAtEtsy(await startEtsy()), "http://x")
          const refused = await callback(`/api/channels/etsy/callback?code=made-up&state=${badCode.searchParams.get("state")}`)
          expect([refused.status, refused.data.error]).toEqual([400, CHANNEL_MESSAGES.codeRefused("etsy")])

          // The member who started it was demoted meanwhile: the state is not enough.
          const demoted = new URL(await approveAtEtsy(await startEtsy()), "http://x")
          await pg.raw(`UPDATE membership SET role = 'member' WHERE organization_id = ? AND member_id = (SELECT id FROM member WHERE email = 'north@atelier.test')`, [org["studio-north"]])
          const forbidden = await callback(`${demoted.pathname}${demoted.search}`)
          expect([forbidden.status, forbidden.data]).toEqual([403, { error: "Forbidden", message: CHANNEL_MESSAGES.forbidden }])

          expect(await rows(`SELECT id FROM channel_connection`)).toEqual([])
        })

        it("refreshes an expired access token before use, storing the rotated refresh token", async () => {
          await connectEtsy()
          const before = await connection(org["studio-north"], "etsy")
          const oldRefresh = openSealed(before.refresh_token, `${org["studio-north"]}:etsy:refresh_token`)
          // The hour is over: Etsy refuses the old access token, and Atelier's record says it expired.
          etsy.expireAccessTokens()
          await channels().updateChannelConnections({ id: before.id, access_token_expires_at: new Date(Date.now() - 1000) })

          const res = await importFrom("etsy")
          expect(res.status).toBe(200)
          const grant = etsy.requests.filter((r) => r.form.grant_type === "refresh_token")
          expect(grant).toHaveLength(1)
          expect(grant[0].form).toEqual({ grant_type: "refresh_token", client_id: CLIENT_ID, refresh_token: oldRefresh })

          const after = await connection(org["studio-north"], "etsy")
          const newRefresh = openSealed(after.refresh_token, `${org["studio-north"]}:etsy:refresh_token`)
          expect(newRefresh).not.toBe(oldRefresh)
          expect(newRefresh).toBe(etsy.currentRefreshToken())
          expect(new Date(after.access_token_expires_at).getTime()).toBeGreaterThan(Date.now() + 3500_000)
          expect(after.refreshed_at).not.toBeNull()
          for (const secret of etsy.issuedTokens()) expect(await tablesHolding(secret)).toEqual([])

          // A fresh token is not refreshed again...
          expect((await importFrom("etsy")).status).toBe(200)
          expect(etsy.requests.filter((r) => r.form.grant_type === "refresh_token")).toHaveLength(1)
          // ...unless Etsy refuses it before its recorded expiry: one refresh, then the call again.
          etsy.expireAccessTokens()
          expect((await importFrom("etsy")).status).toBe(200)
          expect(etsy.requests.filter((r) => r.form.grant_type === "refresh_token")).toHaveLength(2)
          const latest = await connection(org["studio-north"], "etsy")
          expect(openSealed(latest.refresh_token, `${org["studio-north"]}:etsy:refresh_token`)).toBe(etsy.currentRefreshToken())
        })

        it("expires the connection when Etsy refuses the refresh token (409, tokens forgotten, connect again)", async () => {
          await connectEtsy()
          const before = await connection(org["studio-north"], "etsy")
          etsy.revokeRefreshTokens()
          await channels().updateChannelConnections({ id: before.id, access_token_expires_at: new Date(Date.now() - 1000) })
          const res = await importFrom("etsy")
          expect([res.status, res.data.error]).toEqual([409, CHANNEL_MESSAGES.expired("etsy")])
          const after = await connection(org["studio-north"], "etsy")
          expect(after).toMatchObject({ status: "expired", access_token: null, refresh_token: null })
          expect((await list())[0].status).toBe("expired")
        })

        it("answers 503 saying Etsy is not available (the log names what to configure) when the server has no ETSY_CLIENT_ID", async () => {
          await connectEtsy()
          // As the module boots without ETSY_CLIENT_ID: no Etsy provider (src/modules/channels/service.ts).
          jest.replaceProperty(channels() as unknown as { etsy: unknown }, "etsy", null)
          const expected = { error: CHANNEL_MESSAGES.etsyNotConfigured, code: "api_error", details: {} }
          const auth = await api.get("/api/channels/etsy/auth", noRedirect("north"))
          expect([auth.status, auth.data]).toEqual([503, expected])
          const back = await callback("/api/channels/etsy/callback?code=x&state=y")
          expect([back.status, back.data]).toEqual([503, expected])
          const imported = await importFrom("etsy")
          expect([imported.status, imported.data]).toEqual([503, expected])
          // The artist is not shown the server's variables; the operator's log is.
          expect(CHANNEL_MESSAGES.etsyNotConfigured).not.toMatch(/ETSY_/)
          expect(CHANNEL_MESSAGES.etsyNotConfiguredLog).toContain("ETSY_CLIENT_ID")
          // Gumroad needs no server credentials; disconnecting Etsy only forgets tokens.
          expect((await connectGumroad("north", gumroad.grant("North", []))).status).toBe(200)
          expect((await api.delete("/api/channels/etsy/disconnect", bearer(token.north))).status).toBe(200)
        })
      })

      describe("Gumroad access token", () => {
        it("refuses a token Gumroad refuses (400, nothing stored) and a missing one", async () => {
          const res = await connectGumroad("north", "not-a-gumroad-token")
          expect([res.status, res.data]).toEqual([
            400,
            { error: CHANNEL_MESSAGES.tokenRefused("gumroad"), code: "invalid_request", details: { field: "access_token" } },
          ])
          const checked = gumroad.requests.filter((r) => r.path === "/v2/user").at(-1)!
          expect(checked.headers.authorization).toBe("Bearer not-a-gumroad-token")
          expect(await rows(`SELECT id FROM channel_connection`)).toEqual([])
          expect(await tablesHolding("not-a-gumroad-token")).toEqual([])

          const missing = await api.post("/api/channels/gumroad/connect", {}, bearer(token.north))
          expect([missing.status, missing.data.error]).toEqual([400, CHANNEL_MESSAGES.accessTokenRequired])
        })

        it("stores an accepted token sealed, lists the connection without it, and refuses the account for a second organization", async () => {
          const accessToken = gumroad.grant("North Studio on Gumroad", GUMROAD_PRODUCTS)
          const res = await connectGumroad("north", accessToken)
          expect(res.status).toBe(200)
          expect(res.data.connection).toEqual({
            channel: "gumroad",
            status: "connected",
            shop_id: expect.stringMatching(/^G/),
            shop_name: "North Studio on Gumroad",
            connected_at: expect.any(String),
            disconnected_at: null,
          })
          const stored = await connection(org["studio-north"], "gumroad")
          expect(openSealed(stored.access_token, `${org["studio-north"]}:gumroad:access_token`)).toBe(accessToken)
          expect(stored.refresh_token).toBeNull()
          expect(await tablesHolding(accessToken)).toEqual([])
          expect(JSON.stringify(await list())).not.toContain(accessToken)

          const taken = await connectGumroad("south", accessToken)
          expect([taken.status, taken.data.error]).toEqual([409, CHANNEL_MESSAGES.shopTaken("gumroad")])
          expect(await connection(org["studio-south"], "gumroad")).toBeUndefined()
        })
      })

      describe("import", () => {
        it("imports the shop's active listings as draft products, idempotently by listing id", async () => {
          await connectEtsy()
          const first = await importFrom("etsy")
          expect(first.status).toBe(200)
          expect(first.data).toEqual({
            channel: "etsy",
            created: 2,
            already_imported: 0,
            products: [
              { listing_id: "1401", product_id: expect.any(String), title: "Fjord at Dawn (giclée print)", created: true },
              { listing_id: "1402", product_id: expect.any(String), title: "Harbour Study", created: true },
            ],
          })
          const [print, study] = first.data.products

          const product = (await api.get(`/api/products/${print.product_id}`, bearer(token.north))).data.product
          expect(product).toMatchObject({
            title: "Fjord at Dawn (giclée print)",
            description: "Archival pigment print, signed.",
            status: "draft",
            base_price: 45.99,
            product_type: "print",
            gallery_eligible: false,
            product_images: ["https://i.etsystatic.test/1401-a.jpg", "https://i.etsystatic.test/1401-b.jpg"],
          })
          expect(product.product_variants[0]).toMatchObject({ price: 45.99, inventory_quantity: 12 })
          // Priced in EUR at Etsy: a draft without a price (Atelier sells in USD), stock kept.
          const other = (await api.get(`/api/products/${study.product_id}`, bearer(token.north))).data.product
          expect(other).toMatchObject({ status: "draft", base_price: null, product_images: [] })
          expect(other.product_variants[0].inventory_quantity).toBe(1)

          // Twice: the same products, nothing new; a new listing at Etsy is the only one created.
          const second = await importFrom("etsy")
          expect(second.data).toMatchObject({ created: 0, already_imported: 2 })
          expect(second.data.products.map((p: Row) => p.product_id)).toEqual([print.product_id, study.product_id])
          etsy.listings.push({ ...ETSY_LISTINGS[0], listing_id: 1404, title: "New edition" })
          const third = await importFrom("etsy", "member")
          expect(third.data).toMatchObject({ created: 1, already_imported: 2 })
          const imported = await rows(
            `SELECT l.listing_id, p.status, p.metadata FROM channel_listing l JOIN product p ON p.id = l.product_id
              WHERE l.organization_id = ? ORDER BY l.listing_id`,
            [org["studio-north"]]
          )
          expect(imported.map((r) => [r.listing_id, r.status, r.metadata])).toEqual([
            ["1401", "draft", { imported_from: "etsy", listing_id: "1401" }],
            ["1402", "draft", { imported_from: "etsy", listing_id: "1402" }],
            ["1404", "draft", { imported_from: "etsy", listing_id: "1404" }],
          ])
        })

        it("imports Gumroad's published products (unlimited digital products keep no stock)", async () => {
          expect((await connectGumroad("north", gumroad.grant("North", GUMROAD_PRODUCTS))).status).toBe(200)
          const res = await importFrom("gumroad")
          expect(res.data).toMatchObject({ channel: "gumroad", created: 1, already_imported: 0 })
          const product = (await api.get(`/api/products/${res.data.products[0].product_id}`, bearer(token.north))).data.product
          expect(product).toMatchObject({
            title: "Brush pack",
            description: "Forty brushes & a guide.",
            status: "draft",
            base_price: 15,
            product_images: ["https://public-files.gumroad.test/brushes.png"],
          })
          expect((await importFrom("gumroad")).data).toMatchObject({ created: 0, already_imported: 1 })
        })

        it("answers 409 for a channel that is not connected", async () => {
          const res = await importFrom("gumroad")
          expect([res.status, res.data]).toEqual([409, { error: CHANNEL_MESSAGES.notConnected("gumroad"), code: "conflict", details: {} }])
        })
      })

      describe("disconnect", () => {
        it("forgets the tokens, revokes Gumroad's, and is idempotent", async () => {
          const accessToken = gumroad.grant("North", GUMROAD_PRODUCTS)
          expect((await connectGumroad("north", accessToken)).status).toBe(200)
          const res = await api.delete("/api/channels/gumroad/disconnect", bearer(token.north))
          expect(res.status).toBe(200)
          expect(res.data).toEqual({
            connection: expect.objectContaining({ channel: "gumroad", status: "disconnected", disconnected_at: expect.any(String) }),
            revocation: "revoked",
          })
          expect(gumroad.requests.filter((r) => r.path === "/oauth/revoke").at(-1)!.form.token).toBe(accessToken)
          expect(await connection(org["studio-north"], "gumroad")).toMatchObject({ access_token: null, refresh_token: null, status: "disconnected" })
          expect(await tablesHolding(accessToken)).toEqual([])
          // The revoked token no longer works at Gumroad; importing needs a new connection.
          expect((await connectGumroad("north", accessToken)).status).toBe(400)
          expect((await importFrom("gumroad")).status).toBe(409)

          const again = await api.delete("/api/channels/gumroad/disconnect", bearer(token.north))
          expect([again.status, again.data.revocation]).toEqual([200, "none"])
        })

        it("forgets Etsy's tokens (Etsy has no revocation endpoint)", async () => {
          await connectEtsy()
          const res = await api.delete("/api/channels/etsy/disconnect", bearer(token.north))
          expect([res.status, res.data.revocation, res.data.connection.status]).toEqual([200, "not_supported", "disconnected"])
          expect(await connection(org["studio-north"], "etsy")).toMatchObject({ access_token: null, refresh_token: null })
          for (const secret of etsy.issuedTokens()) expect(await tablesHolding(secret)).toEqual([])
        })

        it("answers 404 for an unknown channel", async () => {
          const expected = { error: CHANNEL_MESSAGES.unknownChannel("ebay"), code: "not_found", details: {} }
          const disconnect = await api.delete("/api/channels/ebay/disconnect", bearer(token.north))
          expect([disconnect.status, disconnect.data]).toEqual([404, expected])
          const imported = await importFrom("ebay")
          expect([imported.status, imported.data]).toEqual([404, expected])
        })
      })

      describe("access per role and organization", () => {
        const routes = (orgId?: string) => {
          const q = orgId ? `?org_id=${orgId}` : ""
          const body = orgId ? { org_id: orgId } : {}
          return {
            list: () => ({ method: "get", url: `/api/channels${q}` }),
            auth: () => ({ method: "get", url: `/api/channels/etsy/auth${q}`, maxRedirects: 0 }),
            connect: () => ({ method: "post", url: "/api/channels/gumroad/connect", data: { access_token: "t", ...body } }),
            disconnect: () => ({ method: "delete", url: `/api/channels/etsy/disconnect${q}` }),
            import: () => ({ method: "post", url: "/api/channels/etsy/import", data: body }),
          }
        }
        const call = (config: object, as?: string) => api.request({ ...config, ...(as ? bearer(token[as]) : anyStatus) })

        it("answers 401 without a member token", async () => {
          for (const route of Object.values(routes())) {
            const res = await call(route())
            expect([res.status, res.data.error]).toEqual([401, "Unauthorized"])
          }
        })

        it("lets a plain member list and import, but not connect or disconnect (owners only)", async () => {
          await connectEtsy()
          const r = routes()
          expect((await call(r.list(), "member")).status).toBe(200)
          expect((await call(r.import(), "member")).status).toBe(200)
          for (const route of [r.auth(), r.connect(), r.disconnect()]) {
            const res = await call(route, "member")
            expect([res.status, res.data]).toEqual([403, { error: "Forbidden", message: CHANNEL_MESSAGES.ownersOnly }])
          }
          expect((await connection(org["studio-north"], "etsy")).status).toBe("connected")
        })

        it("refuses another organization's owner (403) on every route", async () => {
          await connectEtsy()
          for (const route of Object.values(routes(org["studio-north"]))) {
            const res = await call(route(), "south")
            expect([res.status, res.data]).toEqual([403, { error: "Forbidden", message: "You are not a member of this organization" }])
          }
          // South's own list does not show north's shop.
          expect((await list("south")).every((c) => c.status === "not_connected")).toBe(true)
        })
      })
    },
  })
})
