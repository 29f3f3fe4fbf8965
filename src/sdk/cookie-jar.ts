// The SDK's cookies outside a browser (docs/storefront-ui.md). A browser keeps the cookies Atelier sets (the gallery
// cart's `gallery_cart_session`, the referral's `gallery_ref`) and sends them back; Node's fetch keeps none, so a cart
// filled from Node would come back empty. The jar stands in for the browser for one site, the SDK's `baseUrl`: it keeps
// each cookie's value until it expires and sends them all back on every request to that site.

type StoredCookie = { value: string; expiresAt: number | null }

/** The `Set-Cookie` values of a response: `getSetCookie()` where fetch has it (Node 20, browsers), else the joined header. */
export function setCookiesOf(headers: Headers): string[] {
  if (typeof headers.getSetCookie === "function") return headers.getSetCookie()
  const joined = headers.get("set-cookie")
  // Joined values are comma-separated; an `Expires` date's comma is followed by a day number, not by `name=`.
  return joined ? joined.split(/,(?=\s*[^;,=\s]+=)/) : []
}

/**
 * Cookies for one site, in memory. An SDK outside a browser gets its own (one SDK is one visitor, as one browser is);
 * pass one to the SDK to keep a visitor's cookies elsewhere, e.g. `jar.set("gallery_cart_session", id)` to resume a
 * cart whose session id was kept.
 */
export class AtelierCookieJar {
  private readonly cookies = new Map<string, StoredCookie>()

  /** A cookie's value, or undefined when it is not set or has expired. */
  get(name: string, now: number = Date.now()): string | undefined {
    const cookie = this.cookies.get(name)
    if (!cookie) return undefined
    if (cookie.expiresAt !== null && cookie.expiresAt <= now) {
      this.cookies.delete(name)
      return undefined
    }
    return cookie.value
  }

  /** Sets a cookie until `expiresAt` (epoch ms; null: as long as the jar lives). */
  set(name: string, value: string, expiresAt: number | null = null): void {
    this.cookies.set(name, { value, expiresAt })
  }

  delete(name: string): void {
    this.cookies.delete(name)
  }

  clear(): void {
    this.cookies.clear()
  }

  /** Applies a response's `Set-Cookie` values: `Max-Age` (before `Expires`) of 0 or a past date deletes the cookie. */
  store(setCookies: readonly string[], now: number = Date.now()): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";")
      const index = pair.indexOf("=")
      if (index <= 0) continue
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      let expiresAt: number | null = null
      let maxAgeSeen = false
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split("=")
        const attributeValue = rest.join("=").trim()
        switch (key.trim().toLowerCase()) {
          case "max-age": {
            const seconds = Number(attributeValue)
            if (attributeValue && Number.isFinite(seconds)) {
              expiresAt = now + seconds * 1000
              maxAgeSeen = true
            }
            break
          }
          case "expires": {
            const at = Date.parse(attributeValue)
            if (!maxAgeSeen && !Number.isNaN(at)) expiresAt = at
            break
          }
        }
      }
      if (expiresAt !== null && expiresAt <= now) this.cookies.delete(name)
      else this.cookies.set(name, { value, expiresAt })
    }
  }

  /** The `Cookie` request header (`a=1; b=2`), or null when the jar holds no live cookie. */
  header(now: number = Date.now()): string | null {
    const pairs: string[] = []
    for (const name of [...this.cookies.keys()]) {
      const value = this.get(name, now)
      if (value !== undefined) pairs.push(`${name}=${value}`)
    }
    return pairs.length ? pairs.join("; ") : null
  }
}
