import { createHash, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * Tiny stand-ins for Etsy (Open API v3 and its OAuth 2.0 server) and Gumroad (API v2), bound to 127.0.0.1, for the
 * marketplace channel tests (point ETSY_AUTH_URL, ETSY_API_BASE and GUMROAD_API_BASE at them). They implement only
 * what Atelier calls, record every request, and enforce the rules that matter: the authorization code is single use
 * and bound to its redirect URI and PKCE challenge (S256 of the verifier, checked here independently of Atelier),
 * refresh tokens rotate on every use (the previous one is refused), access tokens can be expired, API calls need the
 * `x-api-key` keystring:secret and a live bearer token; Gumroad refuses unknown tokens and revokes them (RFC 7009).
 */

export type RecordedRequest = {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage["headers"]
  form: Record<string, string>
}

type Reply = { status: number; body?: unknown; location?: string }

const token = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url")

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString("utf8")
  return (req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")
    ? Object.fromEntries(new URLSearchParams(text))
    : {}
}

async function serve(
  handle: (request: RecordedRequest) => Reply,
  requests: RecordedRequest[]
): Promise<{ server: Server; base: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    readForm(req).then(
      (form) => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1")
        const request = { method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, form }
        requests.push(request)
        const reply = handle(request)
        if (reply.location) res.setHeader("location", reply.location)
        if (reply.body !== undefined) res.setHeader("content-type", "application/json")
        res.writeHead(reply.status)
        res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body))
      },
      () => {
        res.writeHead(500)
        res.end()
      }
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  const { port } = server.address() as AddressInfo // listen() on a TCP port always yields an AddressInfo
  return { server, base: `http://127.0.0.1:${port}` }
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

export type EtsyListingFixture = Record<string, unknown> & { listing_id: number }

export type FakeEtsy = {
  /** ETSY_API_BASE */
  apiBase: string
  /** ETSY_AUTH_URL: approves at once, as the owner clicking "Allow access" would. */
  authUrl: string
  requests: RecordedRequest[]
  user: { user_id: number; shop_id: number; shop_name: string }
  /** The shop's active listings (mutable). */
  listings: EtsyListingFixture[]
  /** Every access and refresh token this fake ever issued (to look for them in Atelier's database). */
  issuedTokens(): string[]
  /** The refresh token that is valid now (after rotations). */
  currentRefreshToken(): string | null
  /** Every access token issued so far is refused from now on (they expired). */
  expireAccessTokens(): void
  /** Every refresh token is refused from now on (the owner removed the app in Etsy). */
  revokeRefreshTokens(): void
  close(): Promise<void>
}

export async function startFakeEtsy(app: { clientId: string; sharedSecret: string }): Promise<FakeEtsy> {
  const requests: RecordedRequest[] = []
  const user = { user_id: 51234567, shop_id: 30012345, shop_name: "NorthPrintsStudio" }
  const codes = new Map<string, { redirectUri: string; challenge: string; used: boolean }>()
  const liveAccess = new Set<string>()
  const liveRefresh = new Set<string>()
  const issued: string[] = []
  let currentRefresh: string | null = null
  const fake: FakeEtsy = {
    apiBase: "",
    authUrl: "",
    requests,
    user,
    listings: [],
    issuedTokens: () => [...issued],
    currentRefreshToken: () => currentRefresh,
    expireAccessTokens: () => liveAccess.clear(),
    revokeRefreshTokens: () => liveRefresh.clear(),
    close: async () => close(server),
  }

  const oauthError = (error: string, description: string): Reply => ({ status: 400, body: { error, error_description: description } })

  function issueTokens(): Reply {
    const access = `${user.user_id}.${token("at_")}`
    const refresh = `${user.user_id}.${token("rt_")}`
    liveAccess.add(access)
    liveRefresh.add(refresh)
    issued.push(access, refresh)
    currentRefresh = refresh
    return { status: 200, body: { access_token: access, token_type: "Bearer", expires_in: 3600, refresh_token: refresh } }
  }

  function tokenEndpoint(form: Record<string, string>): Reply {
    if (form.client_id !== app.clientId) return oauthError("invalid_client", "Unknown client")
    if (form.grant_type === "authorization_code") {
      const code = codes.get(form.code ?? "")
      if (!code || code.used) return oauthError("invalid_grant", "code is invalid or was used")
      code.used = true
      if (form.redirect_uri !== code.redirectUri) return oauthError("invalid_grant", "redirect_uri mismatch")
      if (!form.code_verifier || s256(form.code_verifier) !== code.challenge) return oauthError("invalid_grant", "code_verifier is invalid")
      return issueTokens()
    }
    if (form.grant_type === "refresh_token") {
      if (!liveRefresh.has(form.refresh_token ?? "")) return oauthError("invalid_grant", "refresh_token is invalid")
      // Rotation: the refresh token is spent; the answer carries the next one.
      liveRefresh.delete(form.refresh_token)
      return issueTokens()
    }
    return oauthError("unsupported_grant_type", "unsupported grant_type")
  }

  function authorize(query: Record<string, string>): Reply {
    const valid =
      query.response_type === "code" &&
      query.client_id === app.clientId &&
      query.code_challenge_method === "S256" &&
      /^[A-Za-z0-9_-]{43}$/.test(query.code_challenge ?? "") &&
      query.redirect_uri &&
      query.state
    if (!valid) return { status: 400, body: { error: "invalid_request" } }
    const code = token("code_")
    codes.set(code, { redirectUri: query.redirect_uri, challenge: query.code_challenge, used: false })
    const back = new URL(query.redirect_uri)
    back.searchParams.set("code", code)
    back.searchParams.set("state", query.state)
    return { status: 302, location: back.toString() }
  }

  function api(request: RecordedRequest): Reply {
    if (request.headers["x-api-key"] !== `${app.clientId}:${app.sharedSecret}`) {
      return { status: 403, body: { error: "Shared secret is required in x-api-key header" } }
    }
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1]
    if (!bearer || !liveAccess.has(bearer)) return { status: 401, body: { error: "invalid_token" } }
    if (request.path === "/v3/application/users/me") return { status: 200, body: { user_id: user.user_id, shop_id: user.shop_id } }
    if (request.path === `/v3/application/shops/${user.shop_id}`) {
      return { status: 200, body: { shop_id: user.shop_id, shop_name: user.shop_name, currency_code: "USD" } }
    }
    if (request.path === `/v3/application/shops/${user.shop_id}/listings`) {
      const limit = Number(request.query.limit ?? 25)
      const offset = Number(request.query.offset ?? 0)
      const active = fake.listings.filter((listing) => (listing.state ?? "active") === request.query.state)
      const results = active.slice(offset, offset + limit).map((listing) =>
        request.query.includes?.split(",").includes("Images") ? listing : { ...listing, images: undefined }
      )
      return { status: 200, body: { count: active.length, results } }
    }
    return { status: 404, body: { error: "not found" } }
  }

  const { server, base } = await serve((request) => {
    if (request.method === "GET" && request.path === "/oauth/connect") return authorize(request.query)
    if (request.method === "POST" && request.path === "/v3/public/oauth/token") return tokenEndpoint(request.form)
    if (request.method === "GET" && request.path.startsWith("/v3/application/")) return api(request)
    return { status: 404, body: { error: "not found" } }
  }, requests)
  fake.apiBase = base
  fake.authUrl = `${base}/oauth/connect`
  return fake
}

export type FakeGumroad = {
  /** GUMROAD_API_BASE */
  apiBase: string
  requests: RecordedRequest[]
  /** A token Gumroad accepts, for an account named `name` (its products are `products`). */
  grant(name: string, products: Record<string, unknown>[]): string
  close(): Promise<void>
}

export async function startFakeGumroad(): Promise<FakeGumroad> {
  const requests: RecordedRequest[] = []
  const accounts = new Map<string, { user_id: string; name: string; products: Record<string, unknown>[] }>()
  const fake: FakeGumroad = {
    apiBase: "",
    requests,
    grant(name, products) {
      const accessToken = token("gum_")
      accounts.set(accessToken, { user_id: `G${randomBytes(6).toString("hex")}`, name, products })
      return accessToken
    },
    close: async () => close(server),
  }
  const { server, base } = await serve((request) => {
    if (request.method === "POST" && request.path === "/oauth/revoke") {
      accounts.delete(request.form.token ?? "")
      return { status: 200, body: {} }
    }
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1]
    const account = bearer ? accounts.get(bearer) : undefined
    if (!account) return { status: 401, body: { success: false, message: "The access token is invalid." } }
    if (request.method === "GET" && request.path === "/v2/user") {
      return { status: 200, body: { success: true, user: { user_id: account.user_id, name: account.name, email: "artist@gumroad.test" } } }
    }
    if (request.method === "GET" && request.path === "/v2/products") return { status: 200, body: { success: true, products: account.products } }
    return { status: 404, body: { success: false, message: "Not found" } }
  }, requests)
  fake.apiBase = base
  return fake
}
