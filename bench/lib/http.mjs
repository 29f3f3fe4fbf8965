// A small JSON client for the benchmark's setup steps and custom loops (loopback only). It is the load generator of
// the multi-step scenarios, on the same cores as the server under test: node:http on a keep-alive agent costs the
// machine less than half the CPU per request that `fetch` did (bench/README.md, "Load generator").
import http from "node:http"

export class HttpError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} -> ${status}: ${typeof body === "string" ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300)}`)
    this.status = status
    this.body = body
  }
}

const TIMEOUT_MS = 60_000

/** One agent for every client: its sockets stay open between requests, as a browser's or autocannon's do. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** Sends one request; resolves to {status, text}. */
function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      const chunks = []
      res.on("data", (chunk) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }))
      res.on("error", reject)
    })
    req.on("timeout", () => req.destroy(new Error(`${method} ${url}: no answer within ${TIMEOUT_MS} ms`)))
    req.on("error", reject)
    req.end(payload)
  })
}

/** Creates `call(method, path, {body, headers, expect})` bound to `baseUrl`; resolves to the parsed body. */
export function client(baseUrl, defaultHeaders = {}) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseUrl)) throw new Error(`not a loopback URL: ${baseUrl}`)
  return async function call(method, path, { body, headers = {}, expect = [200, 201] } = {}) {
    const payload = body !== undefined ? JSON.stringify(body) : undefined
    const { status, text } = await send(
      baseUrl + path,
      method,
      {
        ...defaultHeaders,
        ...(payload !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        ...headers,
      },
      payload
    )
    let parsed = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {}
    if (!expect.includes(status)) throw new HttpError(method, path, status, parsed)
    return parsed
  }
}
