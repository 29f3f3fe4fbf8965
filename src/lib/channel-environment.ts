// The marketplace channels' configuration (read by medusa-config.ts while it loads, docs/marketplace-channels.md).
import { createHash } from "node:crypto"
import { parseChannelKey } from "./channel-crypto"
import { publicServerUrl } from "./public-urls"

export const ETSY_DEFAULT_AUTH_URL = "https://www.etsy.com/oauth/connect"
export const ETSY_DEFAULT_API_BASE = "https://api.etsy.com"
export const GUMROAD_DEFAULT_API_BASE = "https://api.gumroad.com"
export const ETSY_CALLBACK_PATH = "/api/channels/etsy/callback"

/**
 * Development and tests only: a fixed key, so that tokens stored by `npm run dev` survive restarts. Production refuses
 * to start without CHANNEL_ENCRYPTION_KEY, so this key never seals a real token there.
 */
export const DEVELOPMENT_CHANNEL_KEY = createHash("sha256").update("atelier-development-channel-encryption-key").digest("base64")

/** The channels module's options (src/modules/channels). */
export type ChannelModuleOptions = {
  /** base64 of 32 bytes: seals every new token. */
  encryptionKey: string
  /** base64 keys of earlier rotations: still open what they sealed. */
  previousEncryptionKeys: string[]
  etsy: {
    /** Unset: Etsy is not configured and its routes answer 503. */
    clientId: string | null
    /** Etsy wants `x-api-key: <keystring>:<shared secret>` on its API calls. */
    sharedSecret: string | null
    redirectUri: string
    authUrl: string
    apiBase: string
  }
  gumroad: { apiBase: string }
  /** Plain-http marketplace URLs (the tests' fake servers); never in production. */
  allowInsecureRequests: boolean
}

export type ChannelEnvironment =
  | { outcome: "ok"; options: ChannelModuleOptions }
  | { outcome: "refused"; message: string }

type Env = Record<string, string | undefined>

const value = (env: Env, name: string): string | null => env[name]?.trim() || null
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "")

function checkUrl(name: string, url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? null : `${name} must be an http or https URL`
  } catch {
    return `${name} is not a valid URL: ${url}`
  }
}

/**
 * Production needs CHANNEL_ENCRYPTION_KEY (marketplace tokens are sealed with it); a key that is not 32 bytes in
 * base64 is refused everywhere, as are malformed URLs. Development falls back to DEVELOPMENT_CHANNEL_KEY.
 */
export function readChannelEnvironment(env: Env): ChannelEnvironment {
  const production = env.NODE_ENV === "production"
  const key = value(env, "CHANNEL_ENCRYPTION_KEY")
  if (!key && production) {
    return {
      outcome: "refused",
      message:
        "Refusing to start in production without CHANNEL_ENCRYPTION_KEY: marketplace tokens are encrypted with it " +
        "(32 random bytes in base64, for example: openssl rand -base64 32)",
    }
  }
  const previous = (value(env, "CHANNEL_ENCRYPTION_PREVIOUS_KEYS") ?? "").split(",").map((k) => k.trim()).filter(Boolean)
  try {
    parseChannelKey(key ?? DEVELOPMENT_CHANNEL_KEY)
    for (const old of previous) parseChannelKey(old, "Every key of CHANNEL_ENCRYPTION_PREVIOUS_KEYS")
  } catch (error) {
    return { outcome: "refused", message: (error as Error).message }
  }

  let publicUrl: string
  try {
    publicUrl = publicServerUrl(env)
  } catch (error) {
    return { outcome: "refused", message: (error as Error).message }
  }
  const options: ChannelModuleOptions = {
    encryptionKey: key ?? DEVELOPMENT_CHANNEL_KEY,
    previousEncryptionKeys: previous,
    etsy: {
      clientId: value(env, "ETSY_CLIENT_ID"),
      sharedSecret: value(env, "ETSY_SHARED_SECRET"),
      redirectUri: value(env, "ETSY_REDIRECT_URI") ?? `${publicUrl}${ETSY_CALLBACK_PATH}`,
      authUrl: value(env, "ETSY_AUTH_URL") ?? ETSY_DEFAULT_AUTH_URL,
      apiBase: withoutTrailingSlash(value(env, "ETSY_API_BASE") ?? ETSY_DEFAULT_API_BASE),
    },
    gumroad: { apiBase: withoutTrailingSlash(value(env, "GUMROAD_API_BASE") ?? GUMROAD_DEFAULT_API_BASE) },
    allowInsecureRequests: !production,
  }
  for (const [name, url] of [
    ["ETSY_REDIRECT_URI", options.etsy.redirectUri],
    ["ETSY_AUTH_URL", options.etsy.authUrl],
    ["ETSY_API_BASE", options.etsy.apiBase],
    ["GUMROAD_API_BASE", options.gumroad.apiBase],
  ] as const) {
    const problem = checkUrl(name, url)
    if (problem) return { outcome: "refused", message: problem }
  }
  return { outcome: "ok", options }
}
