// Rules of the OAuth 2.0 authorization code flow with PKCE (Etsy, docs/marketplace-channels.md): the `state` that
// carries the member, organization and code verifier across the browser's trip to the marketplace, its life and
// single use, the authorization URL, and when an access token must be renewed.
import { createHash } from "node:crypto"

/** A state is good for 10 minutes after the authorization URL was made. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000

/** Access tokens are renewed this long before the marketplace says they expire (clock skew, request time). */
export const TOKEN_REFRESH_MARGIN_MS = 60 * 1000

/** What a callback's state turned out to be. */
export type OAuthStateOutcome = "ok" | "missing" | "invalid" | "reused" | "expired"

export const OAUTH_STATE_MESSAGES: Record<Exclude<OAuthStateOutcome, "ok">, string> = {
  missing: "Missing state: start connecting from Atelier",
  invalid: "Invalid state: start connecting from Atelier",
  reused: "This authorization has already been used: start connecting again",
  expired: "This authorization has expired (10 minutes): start connecting again",
}

/**
 * A state is 32 random bytes in base64url (43 characters, oauth4webapi's generateRandomState). Anything else was
 * not made by this server, so it is refused before any lookup.
 */
export function isWellFormedState(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value)
}

/** Stored instead of the state itself: a database reader cannot use a pending state. */
export function oauthStateDigest(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex")
}

export function oauthStateExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + OAUTH_STATE_TTL_MS)
}

/** The stored record of a state, as the single-use claim found it. */
export type OAuthStateRecord = {
  expires_at: Date
  /** True when THIS callback claimed it (it was unused); false when an earlier callback had. */
  claimed: boolean
}

/**
 * The outcome of a callback: `given` is the state the browser brought back, `record` what the claim found for it
 * (null: no such state, i.e. tampered or made up). A state is single use: it is claimed before its expiry is read,
 * so an expired one is spent too.
 */
export function oauthStateOutcome(given: unknown, record: OAuthStateRecord | null, now: Date): OAuthStateOutcome {
  if (given === undefined || given === null || given === "") return "missing"
  if (!isWellFormedState(given) || !record) return "invalid"
  if (!record.claimed) return "reused"
  if (now.getTime() >= record.expires_at.getTime()) return "expired"
  return "ok"
}

/** Etsy's authorization URL (response_type code, PKCE S256): where the owner's browser is sent. */
export function authorizationUrl(input: {
  authUrl: string
  clientId: string
  redirectUri: string
  scopes: readonly string[]
  state: string
  codeChallenge: string
}): string {
  const url = new URL(input.authUrl)
  url.searchParams.set("response_type", "code")
  url.searchParams.set("client_id", input.clientId)
  url.searchParams.set("redirect_uri", input.redirectUri)
  url.searchParams.set("scope", input.scopes.join(" "))
  url.searchParams.set("state", input.state)
  url.searchParams.set("code_challenge", input.codeChallenge)
  url.searchParams.set("code_challenge_method", "S256")
  return url.toString()
}

/** When a token issued `now` for `expiresInSeconds` expires; null when the marketplace gave no lifetime. */
export function tokenExpiresAt(now: Date, expiresInSeconds: number | undefined): Date | null {
  if (typeof expiresInSeconds !== "number" || !Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) return null
  return new Date(now.getTime() + expiresInSeconds * 1000)
}

/** An access token must be renewed before use when it expires within the margin (never for one without expiry). */
export function needsTokenRefresh(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() - TOKEN_REFRESH_MARGIN_MS <= now.getTime()
}
