import {
  checkWebhookUrl,
  isAllowedTargetAddress,
  isPublicAddress,
  WEBHOOK_URL_MESSAGES,
  webhookUrlPolicy,
} from "../webhook-url"

const refusal = (raw: string, policy: "strict" | "local") => {
  const check = checkWebhookUrl(raw, policy)
  return check.ok ? null : check.message
}

describe("webhook URL policy", () => {
  it("is strict in production whatever WEBHOOK_URL_POLICY says, and when asked for outside it", () => {
    expect(webhookUrlPolicy({ NODE_ENV: "production" })).toBe("strict")
    expect(webhookUrlPolicy({ NODE_ENV: "production", WEBHOOK_URL_POLICY: "local" })).toBe("strict")
    expect(webhookUrlPolicy({ NODE_ENV: "test", WEBHOOK_URL_POLICY: "strict" })).toBe("strict")
    expect(webhookUrlPolicy({ NODE_ENV: "development" })).toBe("local")
    expect(webhookUrlPolicy({})).toBe("local")
  })

  it("allows local targets in production only with the exact benchmark opt-in, which WEBHOOK_URL_POLICY=strict overrides", () => {
    const flag = "ATELIER_ALLOW_LOCAL_WEBHOOK_URLS_IN_PRODUCTION"
    expect(webhookUrlPolicy({ NODE_ENV: "production", [flag]: "true" })).toBe("local")
    expect(webhookUrlPolicy({ NODE_ENV: "production", [flag]: "TRUE" })).toBe("strict")
    expect(webhookUrlPolicy({ NODE_ENV: "production", [flag]: "1" })).toBe("strict")
    expect(webhookUrlPolicy({ NODE_ENV: "production", [flag]: "true", WEBHOOK_URL_POLICY: "strict" })).toBe("strict")
  })
})

describe("isPublicAddress", () => {
  it.each([
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "192.0.2.10",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:8.8.8.8",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "2001:db8::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "not-an-ip",
    "",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false)
    expect(isAllowedTargetAddress(address, "strict")).toBe(false)
  })

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450::1"])(
    "accepts the public address %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true)
      expect(isAllowedTargetAddress(address, "strict")).toBe(true)
    }
  )

  it("lets any address through under the local policy (development)", () => {
    expect(isAllowedTargetAddress("127.0.0.1", "local")).toBe(true)
    expect(isAllowedTargetAddress("10.0.0.1", "local")).toBe(true)
  })
})

describe("checkWebhookUrl", () => {
  it("accepts https URLs on public hosts under both policies", () => {
    for (const policy of ["strict", "local"] as const) {
      const check = checkWebhookUrl("https://hooks.example.com/atelier?x=1", policy)
      expect(check).toMatchObject({ ok: true, host: "hooks.example.com", ipLiteral: false })
      expect(checkWebhookUrl("https://93.184.216.34:8443/hook", policy)).toMatchObject({ ok: true, ipLiteral: true })
    }
  })

  it("strict: https only, never localhost or a non-public address literal, however it is written", () => {
    expect(refusal("http://hooks.example.com/", "strict")).toBe(WEBHOOK_URL_MESSAGES.httpsRequired)
    expect(refusal("http://127.0.0.1:3000/", "strict")).toBe(WEBHOOK_URL_MESSAGES.httpsRequired)
    for (const raw of [
      "https://127.0.0.1/",
      "https://localhost/",
      "https://LOCALHOST./x",
      "https://api.localhost/",
      "https://10.0.0.5/",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://2130706433/", // 127.0.0.1 as one number
      "https://0x7f.1/", // 127.0.0.1 in hex shorthand
      "https://0177.0.0.1/", // octal
      "https://192.168.1.20:8443/hook",
    ]) {
      expect([raw, refusal(raw, "strict")]).toEqual([raw, WEBHOOK_URL_MESSAGES.privateAddress])
    }
  })

  it("local: https anywhere, http only to this machine", () => {
    expect(checkWebhookUrl("http://127.0.0.1:4000/hook", "local")).toMatchObject({ ok: true, host: "127.0.0.1" })
    expect(checkWebhookUrl("http://localhost:4000/hook", "local")).toMatchObject({ ok: true, host: "localhost" })
    expect(checkWebhookUrl("http://[::1]:4000/", "local")).toMatchObject({ ok: true, host: "::1" })
    expect(checkWebhookUrl("https://10.0.0.5/", "local").ok).toBe(true)
    expect(refusal("http://hooks.example.com/", "local")).toBe(WEBHOOK_URL_MESSAGES.httpsRequiredLocal)
    expect(refusal("http://10.0.0.5/", "local")).toBe(WEBHOOK_URL_MESSAGES.httpsRequiredLocal)
  })

  it("refuses what is not an absolute http(s) URL, credentials, and overlong URLs", () => {
    for (const raw of ["", "hooks.example.com", "/relative", "ftp://example.com/", "javascript:alert(1)", "https://"]) {
      expect(refusal(raw, "local")).toBe(WEBHOOK_URL_MESSAGES.invalid)
    }
    expect(refusal(`https://example.com/${"a".repeat(2048)}`, "local")).toBe(WEBHOOK_URL_MESSAGES.invalid)
    expect(refusal("https://user:pass@example.com/", "strict")).toBe(WEBHOOK_URL_MESSAGES.credentials)
  })
})
