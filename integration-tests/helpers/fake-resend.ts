import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A tiny stand-in for api.resend.com, for tests of the Resend notification provider with the real `resend` SDK
 * (point it at `apiBase`, RESEND_API_BASE). It implements what Atelier calls: `POST /emails` and `POST /emails/batch`
 * (at most 100 emails; `x-batch-validation: permissive` accepts the valid emails of a batch and lists the others in
 * `errors` by index, as Resend documents), the Bearer key check, and idempotency keys as Resend keeps them: a request
 * with a key already answered gets the first answer again and delivers nothing (it is recorded with `replayed`), the
 * same key with another body is a 409 `invalid_idempotent_request`; keys outlive `reset()`, as they outlive a crash
 * at Resend. Tests can make the next requests fail (HTTP 500) or hit the rate limit (429), and make addresses invalid.
 */

export type SentEmail = {
  id: string
  from: string
  to: string
  subject: string
  html: string | undefined
  text: string | undefined
  headers: Record<string, string>
  tags: { name: string; value: string }[]
}

export type ResendRequest = {
  path: string
  authorization: string | undefined
  idempotencyKey: string | null
  batchValidation: string | null
  count: number
  /** Answered from an earlier request with the same idempotency key: nothing delivered. */
  replayed: boolean
  /** The message ids answered (one per accepted email), in order. */
  ids: string[]
}

export type FakeResend = {
  /** e.g. `http://127.0.0.1:54321`. */
  apiBase: string
  apiKey: string
  requests: ResendRequest[]
  /** Every email accepted, in order. */
  emails: SentEmail[]
  /** The emails accepted for one address. */
  to(address: string): SentEmail[]
  /** The next `count` requests answer 500. */
  failNext(count: number): void
  /** The next `count` requests answer 429 `rate_limit_exceeded` with this `retry-after` (seconds). */
  rateLimitNext(count: number, retryAfterSeconds?: number): void
  /** Emails to this address are refused (422 alone, an `errors` entry in a permissive batch). */
  refuseAddress(address: string): void
  reset(): void
  close(): Promise<void>
}

type Body = Record<string, unknown>

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ""
    req.setEncoding("utf8")
    req.on("data", (chunk) => (data += chunk))
    req.on("end", () => resolve(data))
    req.on("error", reject)
  })
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify(body))
}

function idsOf(answer: unknown): string[] {
  const { id, data } = answer as { id?: string; data?: { id: string }[] }
  return data ? data.map((entry) => entry.id) : id ? [id] : []
}

export async function startFakeResend(apiKey = "re_test_fake"): Promise<FakeResend> {
  const requests: ResendRequest[] = []
  const emails: SentEmail[] = []
  const answered = new Map<string, { body: string; answer: unknown }>()
  const refused = new Set<string>()
  let failures = 0
  let rateLimited = 0
  let retryAfter = 0

  const invalid = (email: Body): string | null => {
    const to = String(email.to ?? "")
    if (!email.from || !email.subject || (!email.html && !email.text)) return "Missing `from`, `subject` or content"
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to) || refused.has(to)) return `Invalid \`to\` field: ${to}`
    return null
  }
  const accept = (email: Body): { id: string } => {
    const id = randomUUID()
    emails.push({
      id,
      from: String(email.from),
      to: String(email.to),
      subject: String(email.subject),
      html: email.html as string | undefined,
      text: email.text as string | undefined,
      headers: (email.headers as Record<string, string>) ?? {},
      tags: (email.tags as SentEmail["tags"]) ?? [],
    })
    return { id }
  }

  const server = createServer(async (req, res) => {
    const raw = await readBody(req)
    const path = (req.url ?? "").split("?")[0]
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null
    const batchValidation = (req.headers["x-batch-validation"] as string | undefined) ?? null
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : null
    } catch {
      return reply(res, 400, { statusCode: 400, name: "validation_error", message: "Invalid JSON" })
    }
    const request: ResendRequest = {
      path,
      authorization: req.headers.authorization,
      idempotencyKey,
      batchValidation,
      count: Array.isArray(body) ? body.length : 1,
      replayed: false,
      ids: [],
    }
    requests.push(request)
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return reply(res, 401, { statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header" })
    }
    if (rateLimited > 0) {
      rateLimited -= 1
      return reply(
        res,
        429,
        { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests. You can only make 2 requests per second." },
        { "retry-after": String(retryAfter) }
      )
    }
    if (failures > 0) {
      failures -= 1
      return reply(res, 500, { statusCode: 500, name: "internal_server_error", message: "Something went wrong" })
    }
    if (req.method !== "POST" || (path !== "/emails" && path !== "/emails/batch")) {
      return reply(res, 404, { statusCode: 404, name: "not_found", message: "Not found" })
    }
    const replayKey = idempotencyKey ? `${path}:${idempotencyKey}` : null
    const earlier = replayKey ? answered.get(replayKey) : undefined
    if (earlier) {
      if (earlier.body !== raw) {
        return reply(res, 409, {
          statusCode: 409,
          name: "invalid_idempotent_request",
          message: "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
        })
      }
      request.replayed = true
      request.ids = idsOf(earlier.answer)
      return reply(res, 200, earlier.answer)
    }
    let answer: unknown
    if (path === "/emails") {
      const problem = invalid(body as Body)
      if (problem) return reply(res, 422, { statusCode: 422, name: "validation_error", message: problem })
      answer = accept(body as Body)
    } else {
      if (!Array.isArray(body) || body.length === 0 || body.length > 100) {
        return reply(res, 422, { statusCode: 422, name: "validation_error", message: "A batch holds 1 to 100 emails" })
      }
      const problems = body.map((email: Body) => invalid(email))
      if (batchValidation !== "permissive" && problems.some(Boolean)) {
        return reply(res, 422, { statusCode: 422, name: "validation_error", message: problems.find(Boolean) })
      }
      const data: { id: string }[] = []
      const errors: { index: number; message: string }[] = []
      body.forEach((email: Body, index: number) => {
        const problem = problems[index]
        if (problem) errors.push({ index, message: problem })
        else data.push(accept(email))
      })
      answer = batchValidation === "permissive" ? { data, errors } : { data }
    }
    request.ids = idsOf(answer)
    if (replayKey) answered.set(replayKey, { body: raw, answer })
    reply(res, 200, answer)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiBase: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    emails,
    to: (address) => emails.filter((email) => email.to === address),
    failNext: (count) => {
      failures = count
    },
    rateLimitNext: (count, retryAfterSeconds = 0) => {
      rateLimited = count
      retryAfter = retryAfterSeconds
    },
    refuseAddress: (address) => {
      refused.add(address)
    },
    reset: () => {
      requests.length = 0
      emails.length = 0
      failures = 0
      rateLimited = 0
      refused.clear()
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
