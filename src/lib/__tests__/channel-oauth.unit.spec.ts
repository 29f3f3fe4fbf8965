import { createHash, randomBytes } from "node:crypto"
import {
  authorizationUrl,
  isWellFormedState,
  needsTokenRefresh,
  OAUTH_STATE_TTL_MS,
  oauthStateDigest,
  oauthStateExpiresAt,
  oauthStateOutcome,
  tokenExpiresAt,
} from "../channel-oauth"

const state = () => randomBytes(32).toString("base64url")

describe("OAuth state rules (single use, 10-minute life)", () => {
  const createdAt = new Date("2026-11-23T10:00:00Z")
  const expiresAt = oauthStateExpiresAt(createdAt)
  const at = (ms: number) => new Date(createdAt.getTime() + ms)

  it("lives 10 minutes", () => {
    expect(OAUTH_STATE_TTL_MS).toBe(600_000)
    expect(expiresAt.toISOString()).toBe("2026-11-23T10:10:00.000Z")
  })

  it("accepts a state claimed now, before it expires", () => {
    expect(oauthStateOutcome(state(), { expires_at: expiresAt, claimed: true }, at(9 * 60_000))).toBe("ok")
  })

  it("refuses a missing state", () => {
    for (const given of [undefined, null, ""]) expect(oauthStateOutcome(given, null, at(0))).toBe("missing")
  })

  it("refuses a tampered or made-up state (malformed, or unknown to the server)", () => {
    expect(oauthStateOutcome("short", { expires_at: expiresAt, claimed: true }, at(0))).toBe("invalid")
    expect(oauthStateOutcome(`${state()}x`, { expires_at: expiresAt, claimed: true }, at(0))).toBe("invalid")
    expect(oauthStateOutcome(["a", "b"], null, at(0))).toBe("invalid")
    expect(oauthStateOutcome(state(), null, at(0))).toBe("invalid")
  })

  it("refuses a state an earlier callback claimed (reuse), even within its life", () => {
    expect(oauthStateOutcome(state(), { expires_at: expiresAt, claimed: false }, at(1000))).toBe("reused")
  })

  it("refuses an expired state (at 10 minutes and after)", () => {
    expect(oauthStateOutcome(state(), { expires_at: expiresAt, claimed: true }, at(OAUTH_STATE_TTL_MS))).toBe("expired")
    expect(oauthStateOutcome(state(), { expires_at: expiresAt, claimed: true }, at(OAUTH_STATE_TTL_MS - 1))).toBe("ok")
  })

  it("stores a digest, never the state", () => {
    const value = state()
    expect(isWellFormedState(value)).toBe(true)
    expect(oauthStateDigest(value)).toBe(createHash("sha256").update(value).digest("hex"))
    expect(oauthStateDigest(value)).not.toContain(value)
  })
})

describe("Etsy authorization URL", () => {
  it("carries response_type, client id, redirect URI, scopes, state and the S256 challenge", () => {
    const url = new URL(
      authorizationUrl({
        authUrl: "https://www.etsy.com/oauth/connect",
        clientId: "keystring",
        redirectUri: "https://atelier.example/api/channels/etsy/callback",
        scopes: ["listings_r", "shops_r"],
        state: "s",
        codeChallenge: "c",
      })
    )
    expect(url.origin + url.pathname).toBe("https://www.etsy.com/oauth/connect")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "keystring",
      redirect_uri: "https://atelier.example/api/channels/etsy/callback",
      scope: "listings_r shops_r",
      state: "s",
      code_challenge: "c",
      code_challenge_method: "S256",
    })
    expect(url.search).toContain("scope=listings_r+shops_r")
  })
})

describe("access token expiry", () => {
  const now = new Date("2026-11-23T10:00:00Z")

  it("expires expires_in seconds after issue; none without a lifetime", () => {
    expect(tokenExpiresAt(now, 3600)?.toISOString()).toBe("2026-11-23T11:00:00.000Z")
    expect(tokenExpiresAt(now, undefined)).toBeNull()
    expect(tokenExpiresAt(now, 0)).toBeNull()
  })

  it("is renewed before use from a minute before expiry; never when it has no expiry", () => {
    expect(needsTokenRefresh(new Date(now.getTime() + 61_000), now)).toBe(false)
    expect(needsTokenRefresh(new Date(now.getTime() + 60_000), now)).toBe(true)
    expect(needsTokenRefresh(new Date(now.getTime() - 1), now)).toBe(true)
    expect(needsTokenRefresh(null, now)).toBe(false)
  })
})
