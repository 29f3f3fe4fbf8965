// Where a browser reaches this server and its apps (docs/configuration.md, "Addresses"): the one rule behind every
// link Atelier builds — links in emails (unsubscribe, password reset), the local gateway's onboarding page, payout
// onboarding's return, Etsy's callback, stored images, the startup log. Pure, and free of imports, so that the
// scripts can load it too (scripts/lib/public-urls.mjs).

type Env = Record<string, string | undefined>

/** Medusa's port when PORT is unset. */
export const DEFAULT_PORT = 9000

/** Where this server serves the artist dashboard (src/api/middlewares.ts). */
export const DASHBOARD_PATH = "/dashboard"
export const GALLERY_PATH = "/gallery"
/** Medusa's admin (its `admin.path` default). */
export const ADMIN_PATH = "/app"

export type PublicUrls = {
  /** PUBLIC_URL, else `http://localhost:$PORT`: this server's address as a browser reaches it. */
  publicUrl: string
  /** APP_URL, else `{publicUrl}/dashboard`: the artist dashboard. */
  appUrl: string
  galleryUrl: string
  adminUrl: string
}

const setting = (env: Env, name: string): string | null => env[name]?.trim() || null

/** An absolute http(s) URL without its trailing slashes (and without query or fragment); throws naming `name`. */
function baseUrl(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} is not a valid URL: ${value}`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an http or https URL (got "${value}")`)
  if (url.search || url.hash) throw new Error(`${name} must not have a query or a fragment (got "${value}")`)
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`
}

function port(env: Env): number {
  const raw = setting(env, "PORT")
  if (raw === null) return DEFAULT_PORT
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`PORT must be a port number from 1 to 65535 (got "${raw}")`)
  return value
}

/** This server's public address: PUBLIC_URL, else `http://localhost:$PORT` (9000). Throws on a malformed setting. */
export function publicServerUrl(env: Env): string {
  const configured = setting(env, "PUBLIC_URL")
  return configured === null ? `http://localhost:${port(env)}` : baseUrl("PUBLIC_URL", configured)
}

/** Every address at once (throws on a malformed PUBLIC_URL, APP_URL or PORT). */
export function publicUrls(env: Env): PublicUrls {
  const publicUrl = publicServerUrl(env)
  const app = setting(env, "APP_URL")
  return {
    publicUrl,
    appUrl: app === null ? `${publicUrl}${DASHBOARD_PATH}` : baseUrl("APP_URL", app),
    galleryUrl: `${publicUrl}${GALLERY_PATH}`,
    adminUrl: `${publicUrl}${ADMIN_PATH}`,
  }
}

/** For medusa-config.ts: the addresses, or the message the server refuses to start with. */
export function readPublicUrls(env: Env): ({ outcome: "ok" } & PublicUrls) | { outcome: "refused"; message: string } {
  try {
    return { outcome: "ok", ...publicUrls(env) }
  } catch (error) {
    return { outcome: "refused", message: (error as Error).message }
  }
}
