import { ChannelProviderError, isRecord, PROVIDER_TIMEOUT_MS, requestJson } from "./http"
import type { MarketplaceShop } from "./etsy"

/**
 * Gumroad API v2 (docs/marketplace-channels.md): the owner pastes an access token (Gumroad: Settings > Advanced >
 * Applications, "Generate access token"); it does not expire. Sent as a bearer token, never in a URL.
 */
export class GumroadProvider {
  constructor(private readonly config: { apiBase: string }) {}

  private headers(accessToken: string) {
    return { authorization: `Bearer ${accessToken}` }
  }

  /** The account behind the token (`GET /v2/user`): Gumroad answers 401 for a bad token, `success: false` otherwise. */
  async shop(accessToken: string): Promise<MarketplaceShop> {
    const body = await requestJson(`${this.config.apiBase}/v2/user`, { headers: this.headers(accessToken) })
    if (!isRecord(body) || body.success !== true || !isRecord(body.user)) {
      throw new ChannelProviderError("refused", "Gumroad /v2/user: success false")
    }
    const user = body.user
    const id = typeof user.user_id === "string" ? user.user_id : typeof user.id === "string" ? user.id : null
    if (!id) throw new ChannelProviderError("unavailable", "Gumroad /v2/user: no user id")
    return { accountId: id, shopId: id, shopName: typeof user.name === "string" && user.name.trim() ? user.name.trim() : null }
  }

  /** Every product of the account (`GET /v2/products`, one answer). */
  async listings(accessToken: string): Promise<unknown[]> {
    const body = await requestJson(`${this.config.apiBase}/v2/products`, { headers: this.headers(accessToken) })
    if (!isRecord(body) || body.success !== true || !Array.isArray(body.products)) {
      throw new ChannelProviderError("unavailable", "Gumroad /v2/products: unexpected answer")
    }
    return body.products
  }

  /**
   * Asks Gumroad to revoke the token (OAuth 2.0 Token Revocation, RFC 7009, Gumroad's `/oauth/revoke`). True when
   * Gumroad confirmed; false otherwise (a token of the owner's own confidential app may need that app's credentials,
   * which Atelier does not have): the owner can still revoke it in Gumroad's settings. Never throws.
   */
  async revoke(accessToken: string): Promise<boolean> {
    try {
      const response = await fetch(`${this.config.apiBase}/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: accessToken, token_type_hint: "access_token" }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })
      await response.body?.cancel()
      return response.ok
    } catch {
      return false
    }
  }
}
