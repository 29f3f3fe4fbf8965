// Medusa's own authentication routes are rate limited (docs/decisions.md "Login, registration, password reset and
// token refresh are rate limited"): failed logins per account and per client address, registrations, reset-password
// requests and token refreshes, each answered 429 with Retry-After and X-RateLimit-* once exhausted.

// The real defaults (integration-tests/setup.js raises them for the other suites).
for (const name of [
  "AUTH_LOGIN_FAILURES_PER_IDENTIFIER",
  "AUTH_LOGIN_FAILURES_PER_IP",
  "AUTH_LOGIN_WINDOW_SECONDS",
  "AUTH_REGISTRATIONS_PER_IP_PER_HOUR",
  "AUTH_REGISTRATIONS_PER_IDENTIFIER_PER_HOUR",
  "AUTH_RESETS_PER_IDENTIFIER_PER_HOUR",
  "AUTH_RESETS_PER_IP_PER_HOUR",
  "AUTH_REFRESHES_PER_IP_PER_MIN",
]) {
  delete process.env[name]
}
delete process.env.RATE_LIMITS
// One trusted proxy: each test speaks from its own client addresses (X-Forwarded-For), so the counters of one test
// never reach another's (they live as long as the server, across tests).
process.env.TRUST_PROXY_HOPS = "1"

import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { anyStatus, bearer, registerMember, type Api } from "../helpers/accounts"

jest.setTimeout(240000)

type Response = Awaited<ReturnType<Api["post"]>>

const PASSWORD = "secret-pass"
const WRONG = "wrong-pass"

const from = (ip: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": ip, ...headers }, ...anyStatus })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A refusal: 429, the authentication-failure body, Retry-After and the X-RateLimit-* headers of `limit`. */
function expectLimited(res: Response, limit: number, windowS: number): number {
  expect([res.status, res.data]).toEqual([
    429,
    { error: "Too Many Requests", message: expect.stringContaining("Retry-After") },
  ])
  const retryAfter = Number(res.headers["retry-after"])
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(windowS)
  expect(res.headers["x-ratelimit-limit"]).toBe(String(limit))
  expect(res.headers["x-ratelimit-remaining"]).toBe("0")
  const reset = Number(res.headers["x-ratelimit-reset"])
  // Both are whole seconds from the server's clock at answering; the allowance covers the answer's time in transit
  // on a loaded machine, and a wrong reset (another window, a timestamp in ms) is off by far more.
  expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThanOrEqual(5)
  return retryAfter
}

/** Runs `fn` with environment overrides (the limits are read per request), restoring the previous values after. */
async function withEnv(overrides: Record<string, string>, fn: () => Promise<void>) {
  const previous = Object.fromEntries(Object.keys(overrides).map((name) => [name, process.env[name]]))
  Object.assign(process.env, overrides)
  try {
    await fn()
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi }) => {
    const api = rawApi as Api
    const login = (ip: string, email: string, password: string, path = "/auth/member/emailpass") =>
      api.post(path, { email, password }, from(ip))

    beforeAll(async () => {
      for (const name of ["locked", "neighbour", "mixed-case", "reset-by-success", "window", "ip-victim", "refresher"]) {
        await registerMember(api, `${name}@atelier.test`, PASSWORD)
      }
    })

    describe("login failures per account", () => {
      it("answer 429 from the 11th of 120 wrong passwords, then refuse the right one too; another account still logs in", async () => {
        const ip = "198.51.100.1"
        const statuses: number[] = []
        for (let attempt = 1; attempt <= 120; attempt++) {
          const res = await login(ip, "locked@atelier.test", WRONG)
          statuses.push(res.status)
          if (attempt > 10) expectLimited(res, 10, 900)
        }
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
        expect(statuses.slice(10)).toEqual(Array(110).fill(429))

        // The right password is refused while the account is limited, from any address, any spelling, any actor path.
        const right = await login(ip, "locked@atelier.test", PASSWORD)
        expect(expectLimited(right, 10, 900)).toBeGreaterThan(800)
        expectLimited(await login("198.51.100.2", "locked@atelier.test", PASSWORD), 10, 900)
        expectLimited(await login("198.51.100.3", "  LOCKED@atelier.test ", PASSWORD), 10, 900)
        expectLimited(await login("198.51.100.4", "locked@atelier.test", PASSWORD, "/auth/user/emailpass"), 10, 900)

        // The 110 refused attempts were not failures of the address: another account logs in from it.
        const neighbour = await login(ip, "neighbour@atelier.test", PASSWORD)
        expect(neighbour.status).toBe(200)
        expect(typeof neighbour.data.token).toBe("string")
      })

      it("are counted and refused on mixed-case and percent-encoded paths too", async () => {
        const ip = "198.51.100.10"
        for (let attempt = 1; attempt <= 10; attempt++) {
          const path = attempt % 2 ? "/AUTH/member/emailpass" : "/Auth/Member/EmailPass/"
          expect((await login(ip, "mixed-case@atelier.test", WRONG, path)).status).toBe(401)
        }
        expectLimited(await login(ip, "mixed-case@atelier.test", PASSWORD, "/AUTH/member/emailpass"), 10, 900)
        expectLimited(await login(ip, "mixed-case@atelier.test", PASSWORD, "/auth/member/%65mailpass"), 10, 900)
        expectLimited(await login(ip, "mixed-case@atelier.test", PASSWORD, "/auth/member/emailpass"), 10, 900)
      })

      it("are forgotten after a successful login", async () => {
        const ip = "198.51.100.20"
        for (let attempt = 1; attempt <= 9; attempt++) {
          expect((await login(ip, "reset-by-success@atelier.test", WRONG)).status).toBe(401)
        }
        expect((await login(ip, "reset-by-success@atelier.test", PASSWORD)).status).toBe(200)
        // A fresh budget of 10 failures.
        for (let attempt = 1; attempt <= 10; attempt++) {
          expect([attempt, (await login(ip, "reset-by-success@atelier.test", WRONG)).status]).toEqual([attempt, 401])
        }
        expectLimited(await login(ip, "reset-by-success@atelier.test", PASSWORD), 10, 900)
      })

      it("end with the window: the right password works again once Retry-After has passed", async () => {
        // 6 s: long enough that the three logins fit in one window on a loaded machine, short enough to wait out.
        await withEnv({ AUTH_LOGIN_FAILURES_PER_IDENTIFIER: "2", AUTH_LOGIN_WINDOW_SECONDS: "6" }, async () => {
          const ip = "198.51.100.30"
          expect((await login(ip, "window@atelier.test", WRONG)).status).toBe(401)
          expect((await login(ip, "window@atelier.test", WRONG)).status).toBe(401)
          const retryAfter = expectLimited(await login(ip, "window@atelier.test", PASSWORD), 2, 6)
          await sleep(retryAfter * 1000 + 200)
          expect((await login(ip, "window@atelier.test", PASSWORD)).status).toBe(200)
        })
      })
    })

    describe("login failures per client address", () => {
      it("answer 429 after 50 failures from one address over many accounts; other addresses are not slowed", async () => {
        const ip = "198.51.100.40"
        for (let attempt = 1; attempt <= 50; attempt++) {
          const res = await login(ip, `nobody-${attempt}@atelier.test`, WRONG)
          expect([attempt, res.status]).toEqual([attempt, 401])
        }
        expectLimited(await login(ip, "nobody-51@atelier.test", WRONG), 50, 900)
        // Every attempt from the address is refused, the right password of a real account included ...
        expectLimited(await login(ip, "ip-victim@atelier.test", PASSWORD), 50, 900)
        // ... while the account itself is not limited elsewhere.
        expect((await login("198.51.100.41", "ip-victim@atelier.test", PASSWORD)).status).toBe(200)
      })
    })

    describe("registrations", () => {
      it("are limited to 10 per hour per client address", async () => {
        const ip = "198.51.100.50"
        for (let n = 1; n <= 10; n++) {
          const res = await api.post("/auth/member/emailpass/register", { email: `new-${n}@atelier.test`, password: PASSWORD }, from(ip))
          expect([n, res.status]).toEqual([n, 200])
        }
        const refused = await api.post("/auth/member/emailpass/register", { email: "new-11@atelier.test", password: PASSWORD }, from(ip))
        expect(expectLimited(refused, 10, 3600)).toBeGreaterThan(3500)
        const mixedCase = await api.post("/AUTH/MEMBER/EMAILPASS/REGISTER", { email: "new-12@atelier.test", password: PASSWORD }, from(ip))
        expectLimited(mixedCase, 10, 3600)
        // Another address registers.
        const elsewhere = await api.post("/auth/member/emailpass/register", { email: "new-11@atelier.test", password: PASSWORD }, from("198.51.100.51"))
        expect(elsewhere.status).toBe(200)
      })

      it("are limited to 5 per hour per account identifier, from any address", async () => {
        for (let n = 1; n <= 5; n++) {
          const res = await api.post(
            "/auth/member/emailpass/register",
            { email: n % 2 ? "twice@atelier.test" : " Twice@Atelier.test", password: PASSWORD },
            from(`198.51.100.${60 + n}`)
          )
          expect([n, res.status]).not.toEqual([n, 429])
        }
        const refused = await api.post("/auth/member/emailpass/register", { email: "twice@atelier.test", password: PASSWORD }, from("198.51.100.70"))
        expectLimited(refused, 5, 3600)
      })

      it("never count a password the rule refuses (400 before the limiter)", async () => {
        const ip = "198.51.100.75"
        // Twelve refused passwords: more than the 10 per address and the 5 per account.
        for (let n = 1; n <= 12; n++) {
          const res = await api.post("/auth/member/emailpass/register", { email: "hasty@atelier.test", password: "short" }, from(ip))
          expect([n, res.status, res.headers["x-ratelimit-remaining"]]).toEqual([n, 400, undefined])
        }
        const accepted = await api.post("/auth/member/emailpass/register", { email: "hasty@atelier.test", password: PASSWORD }, from(ip))
        expect([accepted.status, accepted.headers["x-ratelimit-remaining"]]).toEqual([200, "4"])
      })
    })

    describe("reset-password requests", () => {
      it("are limited to 5 per hour per account identifier and 20 per client address", async () => {
        const reset = (ip: string, identifier: string) =>
          api.post("/auth/member/emailpass/reset-password", { identifier }, from(ip))
        const ip = "198.51.100.80"
        for (let n = 1; n <= 5; n++) expect([n, (await reset(ip, "locked@atelier.test")).status]).toEqual([n, 201])
        expectLimited(await reset(ip, "locked@atelier.test"), 5, 3600)
        expectLimited(await reset("198.51.100.81", "LOCKED@atelier.test"), 5, 3600)
        // The refused requests did not count for the address: 15 more identifiers make its 20.
        for (let n = 1; n <= 15; n++) expect([n, (await reset(ip, `reset-${n}@atelier.test`)).status]).toEqual([n, 201])
        expectLimited(await reset(ip, "reset-16@atelier.test"), 20, 3600)
        expect((await reset("198.51.100.82", "reset-16@atelier.test")).status).toBe(201)
      })
    })

    describe("token refresh", () => {
      it("is limited to 120 per minute per client address", async () => {
        const { data } = await login("198.51.100.90", "refresher@atelier.test", PASSWORD)
        const headers = { authorization: `Bearer ${data.token}` }
        for (let n = 1; n <= 120; n++) {
          const res = await api.post("/auth/token/refresh", {}, from("198.51.100.91", headers))
          expect([n, res.status]).toEqual([n, 200])
          if (n === 120) expect(res.headers["x-ratelimit-remaining"]).toBe("0")
        }
        expectLimited(await api.post("/auth/token/refresh", {}, from("198.51.100.91", headers)), 120, 60)
        // Refused before Medusa checks the token: an invalid one is refused the same way.
        expectLimited(await api.post("/auth/token/refresh", {}, from("198.51.100.91", { authorization: "Bearer nope" })), 120, 60)
        expect((await api.post("/auth/token/refresh", {}, from("198.51.100.92", headers))).status).toBe(200)
        expect((await api.post("/auth/token/refresh", {}, bearer(data.token))).status).toBe(200)
      })
    })

    describe("RATE_LIMITS=off", () => {
      it("lets every attempt through", async () => {
        const ip = "198.51.100.100"
        await withEnv({ AUTH_LOGIN_FAILURES_PER_IDENTIFIER: "1", AUTH_LOGIN_FAILURES_PER_IP: "1" }, async () => {
          expect((await login(ip, "neighbour@atelier.test", WRONG)).status).toBe(401)
          expectLimited(await login(ip, "neighbour@atelier.test", PASSWORD), 1, 900)
          await withEnv({ RATE_LIMITS: "off" }, async () => {
            await sleep(300) // the switch is re-read at most every 250 ms
            expect((await login(ip, "neighbour@atelier.test", WRONG)).status).toBe(401)
            expect((await login(ip, "neighbour@atelier.test", PASSWORD)).status).toBe(200)
          })
          await sleep(300)
          expectLimited(await login(ip, "neighbour@atelier.test", PASSWORD), 1, 900)
        })
      })
    })
  },
})
