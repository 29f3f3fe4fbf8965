import { createSecretKey } from "node:crypto"
import { defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"
import { readChannelEnvironment } from "./src/lib/channel-environment"
import { readFileStorage } from "./src/lib/file-storage"
import { installJsonLogger } from "./src/lib/json-logger"
import { operationsSettings } from "./src/lib/operations"
import { checkPaymentEnvironment } from "./src/lib/payment-environment"
import { readPublicUrls } from "./src/lib/public-urls"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const redisUrl = process.env.REDIS_URL
const isProduction = process.env.NODE_ENV === "production"

/**
 * Stops the process while its configuration loads, before it connects to anything. Medusa's config loader logs
 * "Error in loading config: <message>" and exits 1; the message says it all, so no stack trace follows it.
 */
function refuseToStart(message: string): never {
  const error = new Error(message)
  error.stack = undefined
  throw error
}

function requiredSecret(name: string): string {
  const value = process.env[name]
  if (value) return value
  if (isProduction) refuseToStart(`${name} must be set in production`)
  return `atelier-dev-${name.toLowerCase()}`
}

// Every link the server builds (emails, onboarding, callbacks, images) starts from these (src/lib/public-urls.ts).
const publicUrls = readPublicUrls(process.env)
if (publicUrls.outcome === "refused") refuseToStart(publicUrls.message)

const paymentEnvironment = checkPaymentEnvironment(process.env)
if (paymentEnvironment.outcome === "refused") refuseToStart(paymentEnvironment.message)

// Metrics and readiness (docs/operations.md): a malformed READY_* value stops the start, not every later check.
try {
  operationsSettings(process.env)
} catch (error) {
  refuseToStart((error as Error).message)
}

// Logs (docs/operations.md, "Logs"): JSON lines with the request id in production or with LOG_FORMAT=json, else Medusa's.
let jsonLogger: ReturnType<typeof installJsonLogger>
try {
  jsonLogger = installJsonLogger(process.env)
} catch (error) {
  refuseToStart((error as Error).message)
}

// Email (docs/campaigns-and-email.md): Resend when RESEND_API_KEY is set, else the local provider (logs, sends nothing).
const resendApiKey = process.env.RESEND_API_KEY
if (isProduction && resendApiKey && !process.env.RESEND_WEBHOOK_SECRET) {
  refuseToStart("RESEND_WEBHOOK_SECRET must be set in production when RESEND_API_KEY is")
}
if (isProduction && resendApiKey && !process.env.EMAIL_FROM) {
  refuseToStart("EMAIL_FROM must be set in production when RESEND_API_KEY is")
}
const emailProvider = resendApiKey
  ? {
      resolve: "./src/modules/resend-notification",
      id: "resend",
      options: {
        channels: ["email"],
        api_key: resendApiKey,
        // Resend's shared test sender: development only (it delivers only to the account's own address).
        from: process.env.EMAIL_FROM || "Atelier <onboarding@resend.dev>",
        base_url: process.env.RESEND_API_BASE,
      },
    }
  : {
      resolve: "./src/modules/local-notification",
      id: "local",
      // EMAIL_MAILBOX_DIR: each email also written there as a JSON file (development and the browser journeys).
      options: { channels: ["email"], mailbox_dir: process.env.EMAIL_MAILBOX_DIR },
    }
// A development secret verifies email events when none is set (never in production: the route answers 503 there).
const emailWebhookSecret =
  process.env.RESEND_WEBHOOK_SECRET ||
  (isProduction ? undefined : `whsec_${Buffer.from("atelier-dev-resend-webhook-secret").toString("base64")}`)

// Marketplace tokens are sealed with CHANNEL_ENCRYPTION_KEY: production refuses to start without one.
const channelEnvironment = readChannelEnvironment(process.env)
if (channelEnvironment.outcome === "refused") refuseToStart(channelEnvironment.message)

// Uploaded files (docs/configuration.md, "Files and images"): Medusa's file module, local provider by default, S3 (or
// any S3-compatible store) when S3_BUCKET is set; their URLs are the image route's, which serves them sized.
const fileStorage = readFileStorage(process.env, process.cwd())
if (fileStorage.outcome === "refused") refuseToStart(fileStorage.message)

// With REDIS_URL, events, workflows and locks are shared between processes (Medusa's own Redis modules);
// without it everything runs in-process.
const redisModules = redisUrl
  ? [
      { key: Modules.EVENT_BUS, resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      {
        key: Modules.WORKFLOW_ENGINE,
        resolve: "@medusajs/medusa/workflow-engine-redis",
        // Scheduled jobs share one queue: worked one at a time (BullMQ's default), a long run (a campaign, a digest)
        // held back settlement reconciliation and outbox dispatch. Several at once, each job at most once
        // (src/lib/scheduled-job.ts), as the in-process engine runs them.
        options: { redis: { redisUrl, jobWorkerOptions: { concurrency: 8 } } },
      },
      {
        key: Modules.LOCKING,
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            { resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } },
          ],
        },
      },
    ]
  : []

const jwtSecret = requiredSecret("JWT_SECRET")

module.exports = defineConfig({
  ...(jsonLogger ? { logger: jsonLogger } : {}),
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: (process.env.WORKER_MODE as "shared" | "worker" | "server") || "shared",
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000,http://localhost:5173",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:5173,http://localhost:8000",
      jwtSecret,
      // Tokens are signed HS256 with JWT_SECRET. Handed the secret as a string, jsonwebtoken first tries to parse it
      // as a PEM public key on every verification (~0.5 ms, twice per member request: the rate limiter and Medusa's
      // authentication); as a key object it goes straight to the HMAC (docs/decisions.md, "JWT verification").
      jwtPublicKey: createSecretKey(Buffer.from(jwtSecret)),
      // Medusa requires the algorithm to be named wherever a key object verifies.
      jwtOptions: { algorithm: "HS256" },
      jwtVerifyOptions: { algorithms: ["HS256"] },
      cookieSecret: requiredSecret("COOKIE_SECRET"),
      jwtExpiresIn: "1h",
    },
  },
  admin: {
    disable: process.env.ADMIN_DISABLED === "true",
  },
  modules: [
    { resolve: "./src/modules/organization" },
    { resolve: "./src/modules/gallery" },
    { resolve: "./src/modules/curation" },
    { resolve: "./src/modules/referrals" },
    { resolve: "./src/modules/newsletter" },
    { resolve: "./src/modules/platform" },
    { resolve: "./src/modules/channels", options: channelEnvironment.options },
    {
      resolve: "./src/modules/marketing",
      options: {
        // Signs one-click unsubscribe links; JWT_SECRET unless a separate secret is set.
        unsubscribeSecret: process.env.UNSUBSCRIBE_SECRET || jwtSecret,
        publicUrl: publicUrls.publicUrl,
        emailWebhookSecret,
      },
    },
    {
      resolve: "./src/modules/payments",
      options: {
        stripeApiKey: process.env.STRIPE_API_KEY,
        stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
        stripeConnectWebhookSecret: process.env.STRIPE_CONNECT_WEBHOOK_SECRET,
        stripeApiBase: process.env.STRIPE_API_BASE,
        localGatewayInProduction: paymentEnvironment.outcome === "local_gateway_in_production",
        publicUrl: publicUrls.publicUrl,
      },
    },
    { key: Modules.FILE, resolve: "@medusajs/medusa/file", options: { providers: [fileStorage.provider] } },
    {
      key: Modules.NOTIFICATION,
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [emailProvider],
      },
    },
    ...redisModules,
  ],
})
