// Where an organization's outbound webhooks may be sent (docs/outbound-webhooks.md, spec 5.7). Pure rules: the
// endpoint routes check a URL with `checkWebhookUrl` when it is registered, and the delivery job checks it again
// before every attempt, plus every address the host name resolves to (`isAllowedTargetAddress`), so that a name
// re-pointed at an internal address after registration (DNS rebinding) is refused too.
import { BlockList, isIP } from "node:net"

/**
 * `strict` (production): https only, and never a private, loopback, link-local or otherwise non-public address (SSRF).
 * `local` (development): https anywhere, or http to this machine (localhost, 127.0.0.0/8, ::1); any address.
 */
export type WebhookUrlPolicy = "strict" | "local"

/**
 * The policy in force: strict whenever NODE_ENV is production, or when WEBHOOK_URL_POLICY=strict asks for it outside
 * production (tests, staging). The variable can only tighten the rule. One exception, for the browser tests' stack and
 * the marketing benchmark (production builds on this machine that deliver to a receiver on 127.0.0.1):
 * ATELIER_ALLOW_LOCAL_WEBHOOKS_IN_PRODUCTION=true keeps the local policy in production, like
 * ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION for payments. Never set it on a real server.
 */
export function webhookUrlPolicy(env: Record<string, string | undefined>): WebhookUrlPolicy {
  if (env.WEBHOOK_URL_POLICY === "strict") return "strict"
  if (env.NODE_ENV === "production") return env.ATELIER_ALLOW_LOCAL_WEBHOOKS_IN_PRODUCTION === "true" ? "local" : "strict"
  return "local"
}

export const WEBHOOK_URL_MAX_LENGTH = 2048

export const WEBHOOK_URL_MESSAGES = {
  invalid: `url must be an absolute http(s) URL of at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  credentials: "url must not contain a user name or password",
  httpsRequired: "url must use https",
  httpsRequiredLocal: "url must use https (http is allowed only for localhost or 127.0.0.1 in development)",
  privateAddress: "url must not point to a private, loopback or link-local address",
  unresolvable: "url host name could not be resolved",
} as const

// Addresses that are not on the public internet: a webhook must never reach the server's own network (spec 5.7).
// IPv4 and IPv6 special-purpose registries (RFC 6890 and its updates). Two lists: Node's BlockList matches an IPv4
// address against IPv6 rules as its IPv4-mapped form, so the rule refusing mapped literals would refuse every IPv4.
const NON_PUBLIC_V4 = new BlockList()
const NON_PUBLIC_V6 = new BlockList()
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NON_PUBLIC_V4.addSubnet(network, prefix, "ipv4")
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible addresses
  ["::ffff:0:0", 96], // IPv4-mapped: only ever a literal (resolvers answer IPv4 as IPv4), refused whole
  ["64:ff9b::", 96], // NAT64, which can reach IPv4 networks behind the gateway
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4, which embeds any IPv4 address
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC_V6.addSubnet(network, prefix, "ipv6")
}

/** True for an IP address on the public internet; false for any special-purpose one, or for a non-address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 4) return !NON_PUBLIC_V4.check(address, "ipv4")
  return !NON_PUBLIC_V6.check(address, "ipv6")
}

/** An address a delivery may connect to under `policy`. */
export function isAllowedTargetAddress(address: string, policy: WebhookUrlPolicy): boolean {
  return policy === "local" || isPublicAddress(address)
}

/** The URL's host without IPv6 brackets or a final dot, lower-case. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "").toLowerCase()
}

/** localhost and its subdomains (RFC 6761: always this machine), by name. */
function isLocalhostName(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost")
}

/** This machine, by name or address: the only http targets the local policy accepts. */
function isLoopbackHost(host: string): boolean {
  if (isLocalhostName(host)) return true
  if (isIP(host) === 4) return host.startsWith("127.")
  return host === "::1"
}

export type WebhookUrlCheck =
  | { ok: true; url: URL; host: string; ipLiteral: boolean }
  | { ok: false; message: string }

/**
 * Whether `raw` may be a webhook endpoint's URL under `policy`: an absolute http(s) URL without credentials;
 * strict: https, and a host that is neither localhost nor a non-public address literal (a host name's addresses are
 * checked where it is resolved); local: https, or http to this machine. The WHATWG parser normalises hosts first, so
 * `http://2130706433/` or `http://0x7f.1/` are read as 127.0.0.1.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): WebhookUrlCheck {
  if (typeof raw !== "string" || raw.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, message: WEBHOOK_URL_MESSAGES.invalid }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, message: WEBHOOK_URL_MESSAGES.invalid }
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) {
    return { ok: false, message: WEBHOOK_URL_MESSAGES.invalid }
  }
  if (url.username || url.password) return { ok: false, message: WEBHOOK_URL_MESSAGES.credentials }
  const host = bareHost(url)
  const ipLiteral = isIP(host) !== 0
  if (policy === "strict") {
    if (url.protocol !== "https:") return { ok: false, message: WEBHOOK_URL_MESSAGES.httpsRequired }
    if (isLocalhostName(host) || (ipLiteral && !isPublicAddress(host))) {
      return { ok: false, message: WEBHOOK_URL_MESSAGES.privateAddress }
    }
  } else if (url.protocol === "http:" && !isLoopbackHost(host)) {
    return { ok: false, message: WEBHOOK_URL_MESSAGES.httpsRequiredLocal }
  }
  return { ok: true, url, host, ipLiteral }
}
