// A small JSON client for the benchmark's setup steps and custom loops (loopback only).

export class HttpError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} -> ${status}: ${typeof body === "string" ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300)}`)
    this.status = status
    this.body = body
  }
}

/** Creates `call(method, path, {body, headers, expect})` bound to `baseUrl`; resolves to the parsed body. */
export function client(baseUrl, defaultHeaders = {}) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseUrl)) throw new Error(`not a loopback URL: ${baseUrl}`)
  return async function call(method, path, { body, headers = {}, expect = [200, 201] } = {}) {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...defaultHeaders,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    })
    const text = await res.text()
    let parsed = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {}
    if (!expect.includes(res.status)) throw new HttpError(method, path, res.status, parsed)
    return parsed
  }
}
