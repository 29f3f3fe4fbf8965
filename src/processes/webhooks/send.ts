import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns"
import { request as httpRequest, type IncomingMessage } from "node:http"
import { request as httpsRequest } from "node:https"
import type { LookupFunction } from "node:net"
import { errorMessage } from "../../lib/error-message"
import type { WebhookAttemptOutcome } from "../../modules/platform/service"
import { checkWebhookUrl, isAllowedTargetAddress, WEBHOOK_URL_MESSAGES, type WebhookUrlPolicy } from "../../lib/webhook-url"

/** The error of an attempt refused before any connection (SSRF rule), as recorded in the delivery log. */
export class BlockedWebhookTargetError extends Error {
  readonly code = "EWEBHOOKTARGET"
}

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void
) => void

/**
 * A `lookup` for http(s).request that resolves the host as usual and refuses it when ANY of its addresses is not
 * allowed under `policy`: the socket then connects only to an address that was checked, so a host name re-pointed
 * at an internal address after registration (DNS rebinding) never reaches it. `resolve` is injectable for tests.
 */
export function guardedLookup(policy: WebhookUrlPolicy, resolve: Resolve = dnsLookup as Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0)
      const blocked = addresses.find((a) => !isAllowedTargetAddress(a.address, policy))
      if (blocked || !addresses.length) {
        const reason = blocked ? `${hostname} resolves to ${blocked.address}` : `${hostname} has no address`
        return callback(new BlockedWebhookTargetError(`${WEBHOOK_URL_MESSAGES.privateAddress} (${reason})`), "", 0)
      }
      if (options.all) return callback(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}

/**
 * The registration-time half of the address rule (the delivery-time half is guardedLookup): under the strict policy a
 * host name must resolve, and only to allowed addresses. Returns the refusal's message, or null when the URL may be
 * registered. Address literals and the local policy need no lookup (checkWebhookUrl has judged them).
 */
export async function webhookTargetRefusal(
  url: string,
  policy: WebhookUrlPolicy,
  resolve: Resolve = dnsLookup as Resolve
): Promise<string | null> {
  const check = checkWebhookUrl(url, policy)
  if (!check.ok) return check.message
  if (policy === "local" || check.ipLiteral) return null
  return new Promise((done) => {
    guardedLookup(policy, resolve)(check.host, { all: true }, (error) => {
      if (!error) return done(null)
      done(error instanceof BlockedWebhookTargetError ? WEBHOOK_URL_MESSAGES.privateAddress : WEBHOOK_URL_MESSAGES.unresolvable)
    })
  })
}

/** Response bytes read before the connection is dropped: receivers answer with a status, the body is not used. */
const MAX_RESPONSE_BYTES = 64 * 1024

/**
 * POSTs one signed body to an endpoint, with the URL rule (checkWebhookUrl) and the address rule (guardedLookup) of
 * `policy` applied at this moment, within `timeoutMs` from start to the response's end, never following a redirect.
 * Never throws: the outcome says what happened (status code, or null with the error when no answer came).
 */
export async function sendWebhook(input: {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  policy: WebhookUrlPolicy
}): Promise<WebhookAttemptOutcome> {
  const started = performance.now()
  const done = (statusCode: number | null, error: string | null): WebhookAttemptOutcome => ({
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
  })
  const check = checkWebhookUrl(input.url, input.policy)
  if (!check.ok) return done(null, check.message)
  const request = check.url.protocol === "https:" ? httpsRequest : httpRequest
  return new Promise<WebhookAttemptOutcome>((resolve) => {
    let settled = false
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(done(statusCode, error))
    }
    const req = request(check.url, {
      method: "POST",
      headers: {
        ...input.headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(input.body)),
        "user-agent": "Atelier-Webhooks/1.0",
      },
      lookup: guardedLookup(input.policy),
      // One socket per attempt: a pooled keep-alive socket would skip the address check of a later attempt.
      agent: false,
    })
    const timer = setTimeout(() => {
      req.destroy(new Error(`Timed out after ${input.timeoutMs} ms`))
    }, input.timeoutMs)
    req.on("response", (res: IncomingMessage) => {
      let received = 0
      res.on("data", (chunk: Buffer) => {
        received += chunk.length
        if (received > MAX_RESPONSE_BYTES) res.destroy()
      })
      const status = res.statusCode ?? null
      res.on("end", () => finish(status, null))
      res.on("close", () => finish(status, null))
      res.on("error", () => finish(status, null))
    })
    req.on("error", (error) => finish(null, errorMessage(error)))
    req.end(input.body)
  })
}
