import { MedusaError } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { createDecipheriv, createHash, randomBytes } from "node:crypto"
import path from "node:path"
import {
  type FakeEtsy,
  type FakeGumroad,
  startFakeEtsy,
  startFakeGumroad,
} from "../../../../integration-tests/helpers/fake-marketplaces"
import { createChannelKeyring, parseChannelKey, sealSecret } from "../../../lib/channel-crypto"
import type { ChannelModuleOptions } from "../../../lib/channel-environment"
import { OAUTH_STATE_TTL_MS } from "../../../lib/channel-oauth"
import { CHANNEL_MESSAGES } from "../../../lib/channels"
import { ChannelConflictError, CHANNELS_MODULE } from ".."
import ChannelsModuleService from "../service"

jest.setTimeout(60_000)

const moduleDir = path.join(__dirname, "..")

// CHANNEL_ENCRYPTION_KEY and one key of CHANNEL_ENCRYPTION_PREVIOUS_KEYS (a rotation), as readChannelEnvironment
// hands them to the module; a third key the module does not know.
const CURRENT_KEY = randomBytes(32)
const PREVIOUS_KEY = randomBytes(32)
const RETIRED_KEY = randomBytes(32)
const CLIENT_ID = "module-spec-keystring"
const SHARED_SECRET = "module-spec-shared-secret"
const REDIRECT_URI = "https://atelier.test/api/channels/etsy/callback"

/**
 * The module's options. The fake marketplaces listen on ports known only once they start, so their URLs are filled
 * in by the suite's beforeAll: the runner keeps these nested objects by reference and builds the service before
 * each test, after that.
 */
const options: ChannelModuleOptions = {
  encryptionKey: CURRENT_KEY.toString("base64"),
  previousEncryptionKeys: [PREVIOUS_KEY.toString("base64")],
  etsy: { clientId: CLIENT_ID, sharedSecret: SHARED_SECRET, redirectUri: REDIRECT_URI, authUrl: "", apiBase: "" },
  gumroad: { apiBase: "" },
  allowInsecureRequests: true,
}

const T0 = new Date("2026-11-24T10:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** The key id a sealed value names: the first 8 bytes of SHA-256("atelier-channel-key:" + key), hex. */
const keyIdOf = (key: Buffer) => createHash("sha256").update("atelier-channel-key:").update(key).digest("hex").slice(0, 16)

/** The test's own AES-256-GCM opening of `v1.<key id>.<iv>.<ciphertext>.<tag>` (not the module's code). */
function openSealed(sealed: string, context: string, key = CURRENT_KEY): string {
  const [version, keyId, iv, ciphertext, tag] = sealed.split(".")
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
  decipher.setAAD(Buffer.from(`${version}.${keyId}.${context}`))
  decipher.setAuthTag(Buffer.from(tag, "base64url"))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8")
}

const sealWith = (key: Buffer, plaintext: string, context: string) =>
  sealSecret(createChannelKeyring(parseChannelKey(key.toString("base64"))), plaintext, context)

/** The MedusaError a call fails with (the test fails when it does not fail, or fails otherwise). */
async function rejection(promise: Promise<unknown>): Promise<MedusaError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(MedusaError)
    return error as MedusaError // asserted just above
  }
  throw new Error("expected the call to fail")
}

type ConnectionRow = {
  id: string
  organization_id: string
  channel: "etsy" | "gumroad"
  status: "connected" | "expired" | "disconnected"
  shop_id: string
  account_id: string | null
  access_token: string | null
  refresh_token: string | null
  access_token_expires_at: string | null
  connected_by: string
  disconnected_at: string | null
  refreshed_at: string | null
}

const GUMROAD_PRODUCTS = [
  { id: "gum-brushes", name: "Brush pack", price: 1500, currency: "usd", published: true, max_purchase_count: null },
  { id: "gum-draft", name: "Not yet published", price: 900, currency: "usd", published: false, max_purchase_count: null },
  { id: "gum-brushes", name: "Brush pack (listed twice)", price: 1500, currency: "usd", published: true },
  { id: "gum-zine", name: "Zine", price: 800, currency: "eur", max_purchase_count: 40 },
]

const ETSY_LISTINGS = [
  { listing_id: 1401, title: "Fjord at Dawn", quantity: 12, state: "active", price: { amount: 4599, divisor: 100, currency_code: "USD" } },
  { listing_id: 1402, title: "Harbour Study", quantity: 1, state: "active", price: { amount: 32000, divisor: 100, currency_code: "EUR" } },
  { listing_id: 1403, title: "Retired print", quantity: 0, state: "inactive" },
]

let etsy: FakeEtsy
let gumroad: FakeGumroad

moduleIntegrationTestRunner<ChannelsModuleService>({
  moduleName: CHANNELS_MODULE,
  resolve: moduleDir,
  // The schema comes from the module's own migrations, so they are tested too.
  pathToMigrations: path.join(moduleDir, "migrations"),
  moduleOptions: options,
  testSuite: ({ service, MikroOrmWrapper }) => {
    beforeAll(async () => {
      etsy = await startFakeEtsy({ clientId: CLIENT_ID, sharedSecret: SHARED_SECRET })
      gumroad = await startFakeGumroad()
      options.etsy.authUrl = etsy.authUrl
      options.etsy.apiBase = etsy.apiBase
      options.gumroad.apiBase = gumroad.apiBase
    })

    afterAll(async () => {
      await etsy?.close()
      await gumroad?.close()
    })

    beforeEach(() => {
      etsy.requests.length = 0
      etsy.listings = ETSY_LISTINGS.map((listing) => ({ ...listing }))
      gumroad.requests.length = 0
    })

    const sql = <T>(query: string, bindings: unknown[] = []) =>
      MikroOrmWrapper.getManager().execute<T[]>(query, bindings as never[]) // MikroORM's own binding type

    const connectionRow = async (organizationId: string, channel: "etsy" | "gumroad") =>
      (await sql<ConnectionRow>(`select * from channel_connection where organization_id = ? and channel = ?`, [organizationId, channel]))[0]

    /** Every text of every row of the module's tables that contains `secret`. */
    async function tablesHolding(secret: string): Promise<string[]> {
      const found: string[] = []
      for (const table of ["channel_connection", "channel_oauth_state", "channel_listing"]) {
        const rows = await sql<Record<string, unknown>>(`select * from ${table}`)
        for (const row of rows) {
          for (const [column, value] of Object.entries(row)) if (String(value).includes(secret)) found.push(`${table}.${column}`)
        }
      }
      return found
    }

    const connectGumroad = (organizationId: string, accessToken: string, now = T0) =>
      service.connectGumroad({ organizationId, memberId: `mem_${organizationId}`, accessToken, now })

    /** The browser's trip: the authorization URL at the fake Etsy, which approves and sends it back to the callback. */
    async function approveAtEtsy(url: string): Promise<URLSearchParams> {
      const response = await fetch(url, { redirect: "manual" })
      expect(response.status).toBe(302)
      return new URL(response.headers.get("location") as string).searchParams // a 302 of the fake always has one
    }

    /** A connected Etsy shop for `organizationId` (authorization, approval, claim, code exchange). */
    async function connectEtsy(organizationId = "org_north", now = T0) {
      const { url } = await service.startEtsyAuthorization({ organizationId, memberId: "mem_owner", now })
      const callback = await approveAtEtsy(url)
      const { outcome, authorization } = await service.claimOAuthState(callback.get("state"), now)
      expect(outcome).toBe("ok")
      return service.connectEtsy({ authorization: authorization!, callback, now }) // outcome ok carries the authorization
    }

    const refreshGrants = () => etsy.requests.filter((r) => r.form.grant_type === "refresh_token")

    it("builds its tables from the module's migrations", async () => {
      const applied = await sql<{ name: string }>(`select name from mikro_orm_migrations`)
      expect(applied.map((row) => row.name)).toContain("Migration20261123022743")
      const indexes = await sql<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where schemaname = 'public'`
      )
      const byName = Object.fromEntries(indexes.map((row) => [row.indexname, row.indexdef]))
      expect(byName["IDX_channel_connection_organization_id_channel_unique"]).toMatch(/^CREATE UNIQUE INDEX .*\(organization_id, channel\)/)
      // A shop belongs to one organization while connected (a disconnected row does not hold it).
      expect(byName["IDX_channel_connection_channel_shop_id_unique"]).toMatch(
        /^CREATE UNIQUE INDEX .*\(channel, shop_id\) WHERE \(\(deleted_at IS NULL\) AND \(status = 'connected'::text\)\)/
      )
      expect(byName["IDX_channel_listing_organization_id_channel_listing_id_unique"]).toMatch(
        /^CREATE UNIQUE INDEX .*\(organization_id, channel, listing_id\)/
      )
      expect(byName["IDX_channel_oauth_state_state_digest_unique"]).toMatch(/^CREATE UNIQUE INDEX .*\(state_digest\)/)
      expect(byName["IDX_channel_oauth_state_expires_at"]).toBeDefined()
    })

    it("refuses a key that is not 32 bytes, and answers Etsy calls UNEXPECTED_STATE without ETSY_CLIENT_ID", async () => {
      // Neither reads a table: the service is built without a database.
      expect(() => new ChannelsModuleService({ baseRepository: undefined as never }, { ...options, encryptionKey: randomBytes(16).toString("base64") })).toThrow(
        "CHANNEL_ENCRYPTION_KEY must be 32 random bytes in base64"
      )
      expect(() => new ChannelsModuleService({ baseRepository: undefined as never }, { ...options, previousEncryptionKeys: ["short"] })).toThrow(
        "CHANNEL_ENCRYPTION_PREVIOUS_KEYS must be 32 random bytes in base64"
      )
      const withoutEtsy = new ChannelsModuleService({ baseRepository: undefined as never }, { ...options, etsy: { ...options.etsy, clientId: null } })
      expect(withoutEtsy.isConfigured("etsy")).toBe(false)
      expect(withoutEtsy.isConfigured("gumroad")).toBe(true)
      expect(service.isConfigured("etsy")).toBe(true)
      const authorization = { channel: "etsy" as const, organizationId: "org_north", memberId: "m", state: "s", codeVerifier: "v" }
      const refused = await rejection(withoutEtsy.connectEtsy({ authorization, callback: new URLSearchParams(), now: T0 }))
      expect(refused).toMatchObject({ type: MedusaError.Types.UNEXPECTED_STATE, message: CHANNEL_MESSAGES.etsyNotConfigured })
    })

    describe("Gumroad", () => {
      it("stores an accepted token sealed at rest (AES-256-GCM, bound to its row and field), which opens back to it", async () => {
        const token = gumroad.grant("North Prints", GUMROAD_PRODUCTS)
        const view = await connectGumroad("org_north", token)
        expect(view).toEqual({
          channel: "gumroad",
          status: "connected",
          shop_id: expect.stringMatching(/^G[0-9a-f]{12}$/),
          shop_name: "North Prints",
          connected_at: T0,
          disconnected_at: null,
        })
        expect(await service.listConnections("org_north")).toEqual([
          { channel: "etsy", status: "not_connected", shop_id: null, shop_name: null, connected_at: null, disconnected_at: null },
          view,
        ])

        const row = await connectionRow("org_north", "gumroad")
        expect(row).toMatchObject({ account_id: view.shop_id, connected_by: "mem_org_north", refresh_token: null, access_token_expires_at: null })
        expect(row.access_token).not.toBe(token)
        expect(row.access_token?.startsWith(`v1.${keyIdOf(CURRENT_KEY)}.`)).toBe(true)
        expect(await tablesHolding(token)).toEqual([])
        expect(openSealed(row.access_token as string, "org_north:gumroad:access_token")).toBe(token)
        // Bound to its context: the same ciphertext does not open as another organization's or field's.
        expect(() => openSealed(row.access_token as string, "org_south:gumroad:access_token")).toThrow()
        expect(() => openSealed(row.access_token as string, "org_north:gumroad:refresh_token")).toThrow()

        expect(await service.accessFor("org_north", "gumroad", T0)).toEqual({ accessToken: token, shopId: view.shop_id })
        // Sealed anew (a fresh IV) on every connection: the same token never gives the same ciphertext.
        await connectGumroad("org_north", token, at(MINUTE))
        expect((await connectionRow("org_north", "gumroad")).access_token).not.toBe(row.access_token)
      })

      it("refuses a token Gumroad refuses (INVALID_DATA on access_token) and stores nothing", async () => {
        const error = await rejection(connectGumroad("org_north", "gum_not-a-real-token"))
        expect(error).toMatchObject({
          type: MedusaError.Types.INVALID_DATA,
          message: CHANNEL_MESSAGES.tokenRefused("gumroad"),
          field: "access_token",
        })
        expect(await sql(`select id from channel_connection`)).toEqual([])
        await expect(service.accessFor("org_north", "gumroad", T0)).rejects.toThrow(CHANNEL_MESSAGES.notConnected("gumroad"))
      })

      it("links a shop to one organization: of racing organizations one wins; reconnecting is an upsert of its row", async () => {
        const token = gumroad.grant("Shared Shop", [])
        const raced = await Promise.allSettled([connectGumroad("org_north", token), connectGumroad("org_south", token)])
        expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1)
        const [lost] = raced.filter((r): r is PromiseRejectedResult => r.status === "rejected")
        expect(lost.reason).toBeInstanceOf(ChannelConflictError)
        expect(lost.reason.message).toBe(CHANNEL_MESSAGES.shopTaken("gumroad"))
        const rows = await sql<ConnectionRow>(`select * from channel_connection`)
        expect(rows).toHaveLength(1)
        const [winner, loser] = rows[0].organization_id === "org_north" ? ["org_north", "org_south"] : ["org_south", "org_north"]

        expect(await connectionRow(loser, "gumroad")).toBeUndefined()

        // The same organization connecting again is an upsert on its row (racing reconnects: still one row), and
        // another account replaces the shop and the token.
        await Promise.all([connectGumroad(winner, token, at(MINUTE)), connectGumroad(winner, token, at(MINUTE))])
        expect(await sql(`select id from channel_connection`)).toHaveLength(1)
        const other = gumroad.grant("Other Shop", [])
        const replaced = await connectGumroad(winner, other, at(HOUR))
        expect(replaced).toMatchObject({ shop_name: "Other Shop", connected_at: at(HOUR) })
        const row = await connectionRow(winner, "gumroad")
        expect(row.id).toBe(rows[0].id)
        expect(openSealed(row.access_token as string, `${winner}:gumroad:access_token`)).toBe(other)
      })

      it("disconnects: tokens forgotten, revoked at Gumroad, idempotent; a never-connected channel answers none", async () => {
        const token = gumroad.grant("North Prints", [])
        await connectGumroad("org_north", token)

        const first = await service.disconnect({ organizationId: "org_north", channel: "gumroad", now: at(HOUR) })
        expect(first).toEqual({
          revocation: "revoked",
          connection: expect.objectContaining({ channel: "gumroad", status: "disconnected", disconnected_at: at(HOUR) }),
        })
        expect(gumroad.requests.filter((r) => r.path === "/oauth/revoke").map((r) => r.form.token)).toEqual([token])
        expect(await connectionRow("org_north", "gumroad")).toMatchObject({ access_token: null, refresh_token: null, status: "disconnected" })

        const again = await service.disconnect({ organizationId: "org_north", channel: "gumroad", now: at(2 * HOUR) })
        expect(again).toEqual({ revocation: "none", connection: expect.objectContaining({ status: "disconnected", disconnected_at: at(HOUR) }) })
        await expect(service.accessFor("org_north", "gumroad", at(2 * HOUR))).rejects.toThrow(CHANNEL_MESSAGES.notConnected("gumroad"))
        // Gumroad forgot the token too: connecting with it again is refused.
        expect((await rejection(connectGumroad("org_north", token))).message).toBe(CHANNEL_MESSAGES.tokenRefused("gumroad"))

        expect(await service.disconnect({ organizationId: "org_south", channel: "etsy", now: T0 })).toEqual({
          revocation: "none",
          connection: { channel: "etsy", status: "not_connected", shop_id: null, shop_name: null, connected_at: null, disconnected_at: null },
        })
      })

      it("reads the published products once each; a token Gumroad later refuses expires the connection (409)", async () => {
        const token = gumroad.grant("North Prints", GUMROAD_PRODUCTS)
        await connectGumroad("org_north", token)
        const listings = await service.fetchListings("org_north", "gumroad", T0)
        expect(listings.map((l) => [l.listing_id, l.title, l.price, l.quantity])).toEqual([
          ["gum-brushes", "Brush pack", 15, null],
          ["gum-zine", "Zine", null, 40],
        ])

        // Revoked at Gumroad by the owner: the next read expires the connection and forgets the token.
        await fetch(`${gumroad.apiBase}/oauth/revoke`, { method: "POST", body: new URLSearchParams({ token }) })
        const expired = service.fetchListings("org_north", "gumroad", at(MINUTE))
        await expect(expired).rejects.toBeInstanceOf(ChannelConflictError)
        await expect(service.fetchListings("org_north", "gumroad", at(MINUTE))).rejects.toThrow(CHANNEL_MESSAGES.expired("gumroad"))
        expect(await connectionRow("org_north", "gumroad")).toMatchObject({ status: "expired", access_token: null, disconnected_at: expect.anything() })
      })
    })

    describe("keys at rest", () => {
      it("opens a token sealed with a previous key and seals it again with the current one on use", async () => {
        const token = gumroad.grant("North Prints", [])
        await connectGumroad("org_north", token)
        const context = "org_north:gumroad:access_token"
        await sql(`update channel_connection set access_token = ? where organization_id = 'org_north'`, [
          sealWith(PREVIOUS_KEY, token, context),
        ])

        expect((await service.accessFor("org_north", "gumroad", T0)).accessToken).toBe(token)
        const row = await connectionRow("org_north", "gumroad")
        expect(row.access_token?.split(".")[1]).toBe(keyIdOf(CURRENT_KEY))
        expect(openSealed(row.access_token as string, context)).toBe(token)
        expect(row.status).toBe("connected")
      })

      it("expires a connection whose token no configured key opens, or whose ciphertext was copied from another row", async () => {
        const north = gumroad.grant("North Prints", [])
        const south = gumroad.grant("South Studio", [])
        await connectGumroad("org_north", north)
        await connectGumroad("org_south", south)
        await sql(`update channel_connection set access_token = ? where organization_id = 'org_north'`, [
          sealWith(RETIRED_KEY, north, "org_north:gumroad:access_token"),
        ])
        const southSealed = (await connectionRow("org_south", "gumroad")).access_token
        await connectGumroad("org_east", gumroad.grant("East", []))
        await sql(`update channel_connection set access_token = ? where organization_id = 'org_east'`, [southSealed])

        for (const organizationId of ["org_north", "org_east"]) {
          await expect(service.accessFor(organizationId, "gumroad", T0)).rejects.toThrow(CHANNEL_MESSAGES.expired("gumroad"))
          expect(await connectionRow(organizationId, "gumroad")).toMatchObject({ status: "expired", access_token: null })
        }
        expect((await service.accessFor("org_south", "gumroad", T0)).accessToken).toBe(south)
      })
    })

    describe("Etsy OAuth", () => {
      it("starts an authorization: the state stored as its digest, the PKCE verifier sealed, its S256 challenge in the URL", async () => {
        const { url } = await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: T0 })
        const params = new URL(url).searchParams
        expect(url.startsWith(`${etsy.authUrl}?`)).toBe(true)
        expect(Object.fromEntries(params)).toEqual({
          response_type: "code",
          client_id: CLIENT_ID,
          redirect_uri: REDIRECT_URI,
          scope: "listings_r shops_r",
          state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          code_challenge_method: "S256",
        })
        const state = params.get("state") as string
        const digest = createHash("sha256").update(state).digest("hex")
        const [row] = await sql<{ state_digest: string; code_verifier: string; organization_id: string; member_id: string; used_at: string | null }>(
          `select * from channel_oauth_state`
        )
        expect(row).toMatchObject({ state_digest: digest, organization_id: "org_north", member_id: "mem_owner", used_at: null })
        expect(await tablesHolding(state)).toEqual([])
        const verifier = openSealed(row.code_verifier, `oauth_state:${digest}:code_verifier`)
        expect(createHash("sha256").update(verifier).digest("base64url")).toBe(params.get("code_challenge"))
        expect(await tablesHolding(verifier)).toEqual([])
      })

      it("claims a state once: one of racing callbacks gets the authorization, the others read it as reused", async () => {
        const { url } = await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: T0 })
        const state = new URL(url).searchParams.get("state") as string

        const claims = await Promise.all(Array.from({ length: 6 }, () => service.claimOAuthState(state, at(MINUTE))))
        const winners = claims.filter((claim) => claim.outcome === "ok")
        expect(winners).toEqual([
          {
            outcome: "ok",
            authorization: { channel: "etsy", organizationId: "org_north", memberId: "mem_owner", state, codeVerifier: expect.any(String) },
          },
        ])
        expect(claims.filter((claim) => claim.outcome === "reused")).toHaveLength(5)

        expect((await service.claimOAuthState(undefined, T0)).outcome).toBe("missing")
        expect((await service.claimOAuthState("short", T0)).outcome).toBe("invalid")
        expect((await service.claimOAuthState("A".repeat(43), T0)).outcome).toBe("invalid")
      })

      it("spends an expired state (expired, then reused) and deletes states a day after they expired", async () => {
        const first = await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: T0 })
        const state = new URL(first.url).searchParams.get("state") as string
        expect(await service.claimOAuthState(state, at(OAUTH_STATE_TTL_MS))).toEqual({ outcome: "expired" })
        expect(await service.claimOAuthState(state, at(OAUTH_STATE_TTL_MS))).toEqual({ outcome: "reused" })

        await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: at(HOUR) })
        expect(await sql(`select id from channel_oauth_state`)).toHaveLength(2)
        await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: at(OAUTH_STATE_TTL_MS + 24 * HOUR + 1) })
        // The first one expired more than a day before: gone, and a callback with it is now a made-up state.
        expect(await sql(`select id from channel_oauth_state`)).toHaveLength(2)
        expect((await service.claimOAuthState(state, at(2 * 24 * HOUR))).outcome).toBe("invalid")
      })

      it("connects a shop with the code and the verifier, sealing both tokens; a refused or reused code is INVALID_DATA", async () => {
        const view = await connectEtsy()
        expect(view).toEqual({
          channel: "etsy",
          status: "connected",
          shop_id: String(etsy.user.shop_id),
          shop_name: etsy.user.shop_name,
          connected_at: T0,
          disconnected_at: null,
        })
        const exchange = etsy.requests.find((r) => r.form.grant_type === "authorization_code")
        expect(exchange?.form).toMatchObject({ client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, code_verifier: expect.any(String) })

        const row = await connectionRow("org_north", "etsy")
        expect(row).toMatchObject({ account_id: String(etsy.user.user_id), connected_by: "mem_owner" })
        expect(new Date(row.access_token_expires_at as string)).toEqual(at(HOUR))
        const refresh = openSealed(row.refresh_token as string, "org_north:etsy:refresh_token")
        expect(refresh).toBe(etsy.currentRefreshToken())
        for (const secret of etsy.issuedTokens()) expect(await tablesHolding(secret)).toEqual([])

        // The owner refused at Etsy; a code used already.
        const { url } = await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: T0 })
        const deniedState = new URL(url).searchParams.get("state") as string
        const { authorization } = await service.claimOAuthState(deniedState, T0)
        const denied = await rejection(
          service.connectEtsy({ authorization: authorization!, callback: new URLSearchParams({ error: "access_denied", state: deniedState }), now: T0 }) // claimed just above
        )
        expect(denied).toMatchObject({ type: MedusaError.Types.INVALID_DATA, message: CHANNEL_MESSAGES.authorizationDenied("etsy") })

        const second = await service.startEtsyAuthorization({ organizationId: "org_north", memberId: "mem_owner", now: T0 })
        const callback = await approveAtEtsy(second.url)
        const claimed = await service.claimOAuthState(callback.get("state"), T0)
        await service.connectEtsy({ authorization: claimed.authorization!, callback, now: T0 }) // outcome ok
        const reused = await rejection(service.connectEtsy({ authorization: claimed.authorization!, callback, now: T0 }))
        expect(reused).toMatchObject({ type: MedusaError.Types.INVALID_DATA, message: CHANNEL_MESSAGES.codeRefused("etsy") })
      })

      it("connects a shop to one organization at a time (409 for another), free again once disconnected", async () => {
        await connectEtsy("org_north")
        const taken = connectEtsy("org_south")
        await expect(taken).rejects.toBeInstanceOf(ChannelConflictError)
        await expect(connectEtsy("org_south")).rejects.toThrow(CHANNEL_MESSAGES.shopTaken("etsy"))
        expect(await connectionRow("org_south", "etsy")).toBeUndefined()

        await service.disconnect({ organizationId: "org_north", channel: "etsy", now: at(HOUR) })
        expect((await connectEtsy("org_south", at(2 * HOUR))).status).toBe("connected")
        expect((await service.listConnections("org_north"))[0]).toMatchObject({ status: "disconnected", shop_id: String(etsy.user.shop_id) })
      })

      it("renews an expired access token once for concurrent users, storing the rotated refresh token", async () => {
        await connectEtsy()
        const before = await connectionRow("org_north", "etsy")
        const oldRefresh = openSealed(before.refresh_token as string, "org_north:etsy:refresh_token")

        // Under an hour (minus the minute of margin): no refresh.
        expect((await service.accessFor("org_north", "etsy", at(58 * MINUTE))).shopId).toBe(String(etsy.user.shop_id))
        expect(refreshGrants()).toHaveLength(0)

        // The hour is over; three requests at once: one refresh (the single-use refresh token is spent once).
        const later = at(2 * HOUR)
        const accesses = await Promise.all(Array.from({ length: 3 }, () => service.accessFor("org_north", "etsy", later)))
        expect(refreshGrants().map((r) => r.form.refresh_token)).toEqual([oldRefresh])
        expect(new Set(accesses.map((a) => a.accessToken)).size).toBe(1)

        const after = await connectionRow("org_north", "etsy")
        expect(openSealed(after.access_token as string, "org_north:etsy:access_token")).toBe(accesses[0].accessToken)
        expect(openSealed(after.refresh_token as string, "org_north:etsy:refresh_token")).toBe(etsy.currentRefreshToken())
        expect(etsy.currentRefreshToken()).not.toBe(oldRefresh)
        expect(new Date(after.refreshed_at as string)).toEqual(later)
        expect(new Date(after.access_token_expires_at as string)).toEqual(new Date(later.getTime() + HOUR))
      })

      it("refreshes once when Etsy refuses a token before its recorded expiry; expires the connection when the refresh is refused", async () => {
        await connectEtsy()
        etsy.expireAccessTokens() // clock skew, or revoked at Etsy: refused though our record says it is good
        const listings = await service.fetchListings("org_north", "etsy", at(MINUTE))
        expect(listings.map((l) => [l.listing_id, l.price])).toEqual([
          ["1401", 45.99],
          ["1402", null],
        ])
        expect(refreshGrants()).toHaveLength(1)

        etsy.revokeRefreshTokens() // the owner removed the app at Etsy
        const refused = service.accessFor("org_north", "etsy", at(3 * HOUR))
        await expect(refused).rejects.toBeInstanceOf(ChannelConflictError)
        expect(await connectionRow("org_north", "etsy")).toMatchObject({ status: "expired", access_token: null, refresh_token: null })
        await expect(service.accessFor("org_north", "etsy", at(3 * HOUR))).rejects.toThrow(CHANNEL_MESSAGES.expired("etsy"))
        expect((await service.listConnections("org_north"))[0]).toMatchObject({ channel: "etsy", status: "expired" })

        // Disconnecting Etsy forgets tokens only (Etsy has no revocation endpoint).
        await connectEtsy("org_north", at(4 * HOUR))
        expect((await service.disconnect({ organizationId: "org_north", channel: "etsy", now: at(5 * HOUR) })).revocation).toBe("not_supported")
      })
    })
  },
})
