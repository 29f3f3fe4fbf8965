import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A small stand-in for an organization's own system that receives Atelier's outbound webhooks, bound to 127.0.0.1.
 * It records every request with its raw body, answers with the statuses a test queues (then `defaultStatus`), and can
 * hold its answer to make an attempt time out. It verifies nothing itself: `verifySignatures` does, independently of
 * the app's code (node:crypto only), as a receiver would.
 */
export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string; at: number }

export type WebhookReceiver = {
  /** e.g. `http://127.0.0.1:54321`. */
  url: string
  port: number
  requests: ReceivedWebhook[]
  /** The next answers, in order; afterwards `defaultStatus`. */
  respondWith(...statuses: number[]): void
  defaultStatus: number
  /** Milliseconds to wait before answering (0: at once). */
  delayMs: number
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const queued: number[] = []
  const requests: ReceivedWebhook[] = []
  const state = { defaultStatus: 200, delayMs: 0 }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      requests.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() })
      const status = queued.shift() ?? state.defaultStatus
      const answer = () => {
        res.writeHead(status, { "content-type": "text/plain" })
        res.end(status < 300 ? "ok" : "no")
      }
      if (state.delayMs) setTimeout(answer, state.delayMs)
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    respondWith: (...statuses) => void queued.push(...statuses),
    get defaultStatus() {
      return state.defaultStatus
    },
    set defaultStatus(value: number) {
      state.defaultStatus = value
    },
    get delayMs() {
      return state.delayMs
    },
    set delayMs(value: number) {
      state.delayMs = value
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : (value ?? "")
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * What a receiver checks, written from the spec alone: `X-Atelier-Signature: sha256=<hex HMAC-SHA256 of the raw body,
 * keyed with the secret string>`, and the Standard Webhooks `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded part after `whsec_`), both compared in
 * constant time, and a timestamp within five minutes.
 */
export function verifySignatures(secret: string, request: ReceivedWebhook) {
  const expectedAtelier = `sha256=${createHmac("sha256", secret).update(request.body).digest("hex")}`
  const id = header(request.headers, "webhook-id")
  const timestamp = header(request.headers, "webhook-timestamp")
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64")
  const expectedStandard = createHmac("sha256", key).update(`${id}.${timestamp}.${request.body}`).digest("base64")
  const standard = header(request.headers, "webhook-signature")
    .split(" ")
    .some((entry) => entry.startsWith("v1,") && constantTimeEqual(entry.slice(3), expectedStandard))
  return {
    atelier: constantTimeEqual(header(request.headers, "x-atelier-signature"), expectedAtelier),
    standard,
    fresh: Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300,
  }
}
