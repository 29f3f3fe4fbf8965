// Each test file loads modules afresh; MikroORM's metadata registry is global and must start empty.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// The suites send far more than spec 8's application limits from one address within a minute: raised here unless
// the run sets them (integration-tests/http/platform-api.spec.ts sets its own to test the limits themselves).
process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN ??= "1000000"
process.env.APP_RATE_LIMIT_AUTHENTICATED_PER_MIN ??= "1000000"
process.env.WEBHOOK_RATE_LIMIT_PER_MIN ??= "1000000"
// Likewise the authentication limits (src/lib/auth-rate-limits.ts): the suites register and log in many accounts from
// 127.0.0.1 (integration-tests/http/auth-rate-limits.spec.ts tests the real defaults and its own small values).
process.env.AUTH_LOGIN_FAILURES_PER_IDENTIFIER ??= "1000000"
process.env.AUTH_LOGIN_FAILURES_PER_IP ??= "1000000"
process.env.AUTH_REGISTRATIONS_PER_IP_PER_HOUR ??= "1000000"
process.env.AUTH_REGISTRATIONS_PER_IDENTIFIER_PER_HOUR ??= "1000000"
process.env.AUTH_RESETS_PER_IDENTIFIER_PER_HOUR ??= "1000000"
process.env.AUTH_RESETS_PER_IP_PER_HOUR ??= "1000000"
process.env.AUTH_REFRESHES_PER_IP_PER_MIN ??= "1000000"
