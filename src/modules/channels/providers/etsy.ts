import type * as OAuth from "oauth4webapi" with { "resolution-mode": "import" }
import { authorizationUrl } from "../../../lib/channel-oauth"
import { ETSY_SCOPES } from "../../../lib/channels"
import { ChannelProviderError, isRecord, PROVIDER_TIMEOUT_MS, requestJson } from "./http"

/**
 * Etsy Open API v3 (docs/marketplace-channels.md): OAuth 2.0 authorization code with PKCE (S256) for a public client
 * (the keystring is the client id, no secret in the token request), access tokens of one hour, refresh tokens that
 * rotate on every use. The OAuth protocol work (verifier, S256 challenge, state, token requests and the validation of
 * their answers) is oauth4webapi's, a maintained OAuth 2 client that does not need OpenID Connect; Etsy's own calls
 * (user, shop, listings) are plain JSON requests.
 */

// oauth4webapi is an ES module; this CommonJS build loads it once, on first use.
let oauthModule: Promise<typeof OAuth> | undefined
const oauth = () => (oauthModule ??= import("oauth4webapi"))

export type EtsyProviderConfig = {
  clientId: string
  sharedSecret: string | null
  redirectUri: string
  authUrl: string
  apiBase: string
  allowInsecureRequests: boolean
}

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresIn: number | undefined }

export type MarketplaceShop = { accountId: string | null; shopId: string; shopName: string | null }

/** One page of getListingsByShop; an import reads at most this many pages. */
const LISTINGS_PAGE = 100
export const MAX_IMPORT_PAGES = 10

function fromTokenResponse(tokens: OAuth.TokenEndpointResponse): TokenSet {
  return {
    accessToken: tokens.access_token,
    refreshToken: typeof tokens.refresh_token === "string" ? tokens.refresh_token : null,
    expiresIn: typeof tokens.expires_in === "number" ? tokens.expires_in : undefined,
  }
}

export class EtsyProvider {
  constructor(private readonly config: EtsyProviderConfig) {}

  private server(): OAuth.AuthorizationServer {
    return {
      issuer: this.config.apiBase,
      authorization_endpoint: this.config.authUrl,
      token_endpoint: `${this.config.apiBase}/v3/public/oauth/token`,
    }
  }

  private client(): OAuth.Client {
    return { client_id: this.config.clientId }
  }

  private async requestOptions(): Promise<OAuth.TokenEndpointRequestOptions> {
    const { allowInsecureRequests } = await oauth()
    return { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), [allowInsecureRequests]: this.config.allowInsecureRequests }
  }

  /** A new state, PKCE verifier and the authorization URL that carries the state and the verifier's S256 challenge. */
  async newAuthorization(): Promise<{ state: string; codeVerifier: string; url: string }> {
    const lib = await oauth()
    const state = lib.generateRandomState()
    const codeVerifier = lib.generateRandomCodeVerifier()
    const codeChallenge = await lib.calculatePKCECodeChallenge(codeVerifier)
    const url = authorizationUrl({
      authUrl: this.config.authUrl,
      clientId: this.config.clientId,
      redirectUri: this.config.redirectUri,
      scopes: ETSY_SCOPES,
      state,
      codeChallenge,
    })
    return { state, codeVerifier, url }
  }

  /**
   * The callback's parameters (state already claimed by the caller) exchanged for tokens: `denied` when Etsy sent
   * an error instead of a code, `refused` when Etsy refuses the code (used, expired, or another verifier).
   */
  async exchangeCode(callback: URLSearchParams, state: string, codeVerifier: string): Promise<TokenSet> {
    const lib = await oauth()
    return this.tokenCall(async () => {
      let params: URLSearchParams
      try {
        params = lib.validateAuthResponse(this.server(), this.client(), callback, state)
      } catch (error) {
        if (error instanceof lib.AuthorizationResponseError) throw new ChannelProviderError("denied", `Etsy: ${error.error}`)
        throw new ChannelProviderError("refused", `Etsy callback: ${(error as Error).message}`)
      }
      const response = await lib.authorizationCodeGrantRequest(
        this.server(),
        this.client(),
        lib.None(),
        params,
        this.config.redirectUri,
        codeVerifier,
        await this.requestOptions()
      )
      return fromTokenResponse(await lib.processAuthorizationCodeResponse(this.server(), this.client(), response))
    })
  }

  /** A refresh token exchanged for new tokens (Etsy rotates the refresh token: the answer carries the next one). */
  async refresh(refreshToken: string): Promise<TokenSet> {
    const lib = await oauth()
    return this.tokenCall(async () => {
      const response = await lib.refreshTokenGrantRequest(
        this.server(),
        this.client(),
        lib.None(),
        refreshToken,
        await this.requestOptions()
      )
      return fromTokenResponse(await lib.processRefreshTokenResponse(this.server(), this.client(), response))
    })
  }

  // oauth4webapi's errors as the module's: an OAuth error answer (invalid_grant, ...) is a refusal; no answer, a
  // 5xx or an answer it cannot validate means Etsy is unavailable.
  private async tokenCall(call: () => Promise<TokenSet>): Promise<TokenSet> {
    const lib = await oauth()
    try {
      return await call()
    } catch (error) {
      if (error instanceof ChannelProviderError) throw error
      if (error instanceof lib.ResponseBodyError && error.status < 500) {
        throw new ChannelProviderError("refused", `Etsy token endpoint: ${error.error}`)
      }
      if (error instanceof lib.WWWAuthenticateChallengeError) throw new ChannelProviderError("refused", "Etsy token endpoint: 401")
      throw new ChannelProviderError("unavailable", `Etsy token endpoint: ${(error as Error).name}`)
    }
  }

  private headers(accessToken: string): Record<string, string> {
    const apiKey = this.config.sharedSecret ? `${this.config.clientId}:${this.config.sharedSecret}` : this.config.clientId
    return { "x-api-key": apiKey, authorization: `Bearer ${accessToken}` }
  }

  /** The account that granted access and its shop (getMe, then getShop for its name). */
  async shop(accessToken: string): Promise<MarketplaceShop> {
    const me = await requestJson(`${this.config.apiBase}/v3/application/users/me`, { headers: this.headers(accessToken) })
    if (!isRecord(me) || (typeof me.shop_id !== "number" && typeof me.shop_id !== "string")) {
      throw new ChannelProviderError("refused", "Etsy: this account has no shop")
    }
    const shopId = String(me.shop_id)
    const shop = await requestJson(`${this.config.apiBase}/v3/application/shops/${encodeURIComponent(shopId)}`, {
      headers: this.headers(accessToken),
    })
    return {
      accountId: isRecord(me) && me.user_id !== undefined ? String(me.user_id) : null,
      shopId,
      shopName: isRecord(shop) && typeof shop.shop_name === "string" ? shop.shop_name : null,
    }
  }

  /** The shop's active listings with their images (getListingsByShop, pages of 100, at most MAX_IMPORT_PAGES). */
  async listings(accessToken: string, shopId: string): Promise<unknown[]> {
    const listings: unknown[] = []
    for (let page = 0; page < MAX_IMPORT_PAGES; page++) {
      const url = new URL(`${this.config.apiBase}/v3/application/shops/${encodeURIComponent(shopId)}/listings`)
      url.searchParams.set("state", "active")
      url.searchParams.set("includes", "Images")
      url.searchParams.set("limit", String(LISTINGS_PAGE))
      url.searchParams.set("offset", String(page * LISTINGS_PAGE))
      const body = await requestJson(url.toString(), { headers: this.headers(accessToken) })
      if (!isRecord(body) || !Array.isArray(body.results)) throw new ChannelProviderError("unavailable", "Etsy listings: unexpected answer")
      listings.push(...body.results)
      const count = typeof body.count === "number" ? body.count : 0
      if (body.results.length < LISTINGS_PAGE || listings.length >= count) break
    }
    return listings
  }
}
