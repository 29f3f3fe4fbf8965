import { randomBytes } from "node:crypto"
import { DEVELOPMENT_CHANNEL_KEY, readChannelEnvironment } from "../channel-environment"

const key = randomBytes(32).toString("base64")

describe("channel configuration", () => {
  it("refuses to start in production without CHANNEL_ENCRYPTION_KEY", () => {
    const result = readChannelEnvironment({ NODE_ENV: "production" })
    expect(result.outcome).toBe("refused")
    expect(result.outcome === "refused" && result.message).toMatch(/^Refusing to start in production without CHANNEL_ENCRYPTION_KEY/)
    expect(readChannelEnvironment({ NODE_ENV: "production", CHANNEL_ENCRYPTION_KEY: key }).outcome).toBe("ok")
  })

  it("refuses a key that is not 32 bytes in base64, in any environment, and each previous key too", () => {
    expect(readChannelEnvironment({ CHANNEL_ENCRYPTION_KEY: "short" })).toEqual({
      outcome: "refused",
      message: "CHANNEL_ENCRYPTION_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32)",
    })
    const previous = readChannelEnvironment({ CHANNEL_ENCRYPTION_KEY: key, CHANNEL_ENCRYPTION_PREVIOUS_KEYS: `${key},nope` })
    expect(previous.outcome).toBe("refused")
  })

  it("uses a fixed development key outside production, and Etsy's and Gumroad's own URLs by default", () => {
    const result = readChannelEnvironment({ PORT: "9100" })
    expect(result).toEqual({
      outcome: "ok",
      options: {
        encryptionKey: DEVELOPMENT_CHANNEL_KEY,
        previousEncryptionKeys: [],
        etsy: {
          clientId: null,
          sharedSecret: null,
          redirectUri: "http://localhost:9100/api/channels/etsy/callback",
          authUrl: "https://www.etsy.com/oauth/connect",
          apiBase: "https://api.etsy.com",
        },
        gumroad: { apiBase: "https://api.gumroad.com" },
        allowInsecureRequests: true,
      },
    })
  })

  it("takes the configured values (trailing slashes dropped) and refuses a malformed URL", () => {
    const result = readChannelEnvironment({
      NODE_ENV: "production",
      CHANNEL_ENCRYPTION_KEY: key,
      CHANNEL_ENCRYPTION_PREVIOUS_KEYS: ` ${key} `,
      ETSY_CLIENT_ID: "keystring",
      ETSY_SHARED_SECRET: "secret",
      PUBLIC_URL: "https://atelier.example/",
      ETSY_API_BASE: "http://127.0.0.1:5000/",
      GUMROAD_API_BASE: "http://127.0.0.1:5001",
    })
    expect(result.outcome === "ok" && result.options).toMatchObject({
      previousEncryptionKeys: [key],
      etsy: { clientId: "keystring", sharedSecret: "secret", redirectUri: "https://atelier.example/api/channels/etsy/callback", apiBase: "http://127.0.0.1:5000" },
      gumroad: { apiBase: "http://127.0.0.1:5001" },
      allowInsecureRequests: false,
    })
    expect(readChannelEnvironment({ ETSY_API_BASE: "ftp://x" })).toEqual({ outcome: "refused", message: "ETSY_API_BASE must be an http or https URL" })
  })
})
