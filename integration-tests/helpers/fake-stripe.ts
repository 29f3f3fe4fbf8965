import { randomBytes } from "node:crypto"
import { createServer, IncomingMessage, ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A tiny stand-in for api.stripe.com, for contract tests of code that uses the real Stripe SDK (point the SDK
 * at `apiBase`). It implements only what Atelier calls, records every request, and enforces the Stripe rules
 * that matter for money movement: idempotent replay, key reuse with other parameters, transfers capped by
 * their source charge, and transfers without a source charge failing on the (empty) platform balance. Tests can
 * also make Stripe forget its idempotency keys (as it does 24 hours after their first use) and refuse transfers
 * to an account that lacks the transfers capability. Connect: Express accounts (`POST /v1/accounts`, `GET
 * /v1/accounts/{id}`) start unable to receive payouts until a test completes their onboarding, and account links
 * (`POST /v1/account_links`) point at a made-up hosted onboarding page. Destination charges (an intent with
 * `transfer_data[destination]` and `application_fee_amount`) transfer to the account when they succeed (the charge's
 * `transfer`, read with `expand[]=latest_charge`), and their refunds with `reverse_transfer` take it back. Checkout sessions (`POST /v1/checkout/sessions`) create their intent;
 * a test completes one as the customer paying on Stripe's hosted page would. Disputes: a test opens one on an intent's
 * charge and closes it won or lost, as the cardholder's bank would (`GET /v1/disputes/{id}` reads it), and gets the
 * `charge.dispute.*` event Stripe would send, to sign and deliver to the webhook route.
 */

/** Form parameters as Stripe receives them: strings, nested objects for `a[b]` keys, arrays for `a[0]`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormParams = { [key: string]: FormValue }

export type Recorded = {
  method: string
  path: string
  params: FormParams
  idempotencyKey: string | null
}

export type FakeStripe = {
  /** e.g. `http://127.0.0.1:54321`: the `stripeApiBase` option. */
  apiBase: string
  requests: Recorded[]
  /** Simulates the customer paying: the intent succeeds with a new charge of its full amount. */
  succeedIntent(id: string): void
  /** What Stripe does 24 hours after a key's first use: a request with that key executes again. */
  forgetIdempotencyKeys(): void
  /** Transfers to `account` fail from now on, as for a connected account without the transfers capability. */
  refuseTransfersTo(account: string): void
  /** What the artist finishing Stripe's hosted onboarding does: details submitted, payouts and transfers enabled. */
  completeOnboarding(account: string): void
  /** The customer pays on the hosted Checkout page: the session's intent succeeds; returns the completed session. */
  completeCheckoutSession(id: string, email: string): StripeObject
  /**
   * The cardholder's bank disputes the intent's charge (`amount` in cents, default the charge less its refunds):
   * Stripe's dispute object (`du_...`, `needs_response`, evidence due in 7 days unless `evidenceDueBy` says when).
   */
  openDispute(intentId: string, options?: { amount?: number; reason?: string; evidenceDueBy?: Date }): StripeObject
  /** The bank's decision: the dispute becomes `won` or `lost`. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): StripeObject
  /** The event Stripe sends about a dispute (`charge.dispute.created | updated | closed`), with a new event id. */
  disputeEvent(type: string, disputeId: string): StripeObject
  close(): Promise<void>
}

export type StripeObject = Record<string, unknown>
type Reply = { status: number; body: StripeObject }

type Intent = StripeObject & {
  id: string
  amount: number
  status: string
  latest_charge: string | null
  application_fee_amount: number | null
  transfer_data: { destination: string } | null
}
type Transfer = StripeObject & {
  id: string
  amount: number
  amount_reversed: number
  source_transaction: string
  transfer_group: string | null
  destination: string
}
type Charge = {
  id: string
  amount: number
  paymentIntent: string
  refunded: number
  /** A destination charge's automatic transfer to the connected account (Stripe's `charge.transfer`). */
  transfer?: string | null
}
type Account = StripeObject & {
  id: string
  charges_enabled: boolean
  payouts_enabled: boolean
  details_submitted: boolean
  capabilities: Record<string, string>
}

/** Where the fake's account links point (Stripe's hosted onboarding lives on connect.stripe.com). */
export const FAKE_ONBOARDING_ORIGIN = "https://connect.stripe.test"

/** Parses `a=1&b[c]=2&d[0]=x` (Stripe's form encoding) into nested objects and arrays. */
export function parseStripeForm(body: string): FormParams {
  const root: { [key: string]: FormValue } = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    const segments = match
      ? [match[1], ...Array.from(match[2].matchAll(/\[([^[\]]*)\]/g), (m) => m[1])]
      : [rawKey]
    let node: { [key: string]: FormValue } = root
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) {
        node[segment] = value
        return
      }
      const child = node[segment]
      if (typeof child !== "object" || child === null || Array.isArray(child)) {
        node[segment] = {}
      }
      node = node[segment] as { [key: string]: FormValue }
    })
  }
  return arraysFromIndexedObjects(root) as FormParams
}

function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) {
    return value
  }
  const keys = Object.keys(value)
  const converted: { [key: string]: FormValue } = {}
  for (const key of keys) {
    converted[key] = arraysFromIndexedObjects(value[key])
  }
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) {
    return keys.map((key) => converted[key])
  }
  return converted
}

function stripeError(status: number, type: string, message: string, code?: string, param?: string): Reply {
  return { status, body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } }
}

function missing(resource: string, id: string, param?: string): Reply {
  return stripeError(404, "invalid_request_error", `No such ${resource}: '${id}'`, "resource_missing", param)
}

function text(params: FormParams, name: string): string | undefined {
  const value = params[name]
  return typeof value === "string" && value !== "" ? value : undefined
}

function stringMap(params: FormParams, name: string): Record<string, string> {
  const value = params[name]
  const result: Record<string, string> = {}
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry === "string") result[key] = entry
    }
  }
  return result
}

function invalid(message: string, code?: string, param?: string): Reply {
  return stripeError(400, "invalid_request_error", message, code, param)
}

function missingParam(name: string): Reply {
  return invalid(`Missing required param: ${name}.`, "parameter_missing", name)
}

/** The `amount` parameter: a positive integer, undefined when absent, or a Stripe-style error. */
function amountOf(params: FormParams): number | Reply | undefined {
  const raw = params.amount
  if (raw === undefined) return undefined
  const amount = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return invalid("Invalid positive integer", "parameter_invalid_integer", "amount")
  }
  return amount
}

function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && "status" in value && "body" in value
}

/** Stripe's answer to a transfer whose destination account cannot receive transfers. */
export const TRANSFER_CAPABILITY_MESSAGE =
  "Your destination account needs to have at least one of the following capabilities enabled: transfers, " +
  "crypto_transfers, legacy_payments"

/** Stripe's list page size: 10 unless `limit` (1 to 100) says otherwise. */
function listLimit(params: FormParams): number | Reply {
  const raw = params.limit
  if (raw === undefined) return 10
  const limit = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
    return invalid("Invalid integer: limit must be between 1 and 100", "parameter_invalid_integer", "limit")
  }
  return limit
}

function newId(prefix: string): string {
  return `${prefix}_fake${randomBytes(8).toString("hex")}`
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: Recorded[] = []
  const intents = new Map<string, Intent>()
  const charges = new Map<string, Charge>()
  const transfers = new Map<string, Transfer>()
  // Every refund made, in order (GET /v1/refunds lists them newest first).
  const refunds = new Map<string, StripeObject & { id: string; payment_intent: string }>()
  const refusedDestinations = new Set<string>()
  const accounts = new Map<string, Account>()
  const sessions = new Map<string, StripeObject & { id: string; payment_intent: string }>()
  const idempotent = new Map<string, { method: string; path: string; params: string; reply: Reply }>()
  const disputes = new Map<string, StripeObject & { id: string; status: string }>()

  function succeed(intent: Intent): void {
    if (intent.status === "succeeded") return
    const charge: Charge = { id: newId("ch"), amount: intent.amount, paymentIntent: intent.id, refunded: 0 }
    charges.set(charge.id, charge)
    intent.status = "succeeded"
    intent.latest_charge = charge.id
    if (intent.transfer_data) {
      // A destination charge: Stripe transfers the amount less the application fee to the connected account.
      const transfer: Transfer = {
        id: newId("tr"),
        object: "transfer",
        amount: intent.amount - (intent.application_fee_amount ?? 0),
        amount_reversed: 0,
        currency: String(intent.currency),
        destination: intent.transfer_data.destination,
        transfer_group: `group_${intent.id}`,
        source_transaction: charge.id,
        metadata: {},
        reversed: false,
        created: Math.floor(Date.now() / 1000),
      }
      transfers.set(transfer.id, transfer)
      charge.transfer = transfer.id
    }
  }

  /** Stripe's charge object (what `expand[]=latest_charge` puts in the intent). */
  function chargeObject(charge: Charge, intent: Intent): StripeObject {
    return {
      id: charge.id,
      object: "charge",
      amount: charge.amount,
      amount_refunded: charge.refunded,
      refunded: charge.refunded === charge.amount,
      currency: String(intent.currency),
      payment_intent: intent.id,
      status: "succeeded",
      paid: true,
      application_fee_amount: intent.application_fee_amount,
      transfer_data: intent.transfer_data ? { amount: null, destination: intent.transfer_data.destination } : null,
      transfer: charge.transfer ?? null,
      transfer_group: intent.transfer_data ? `group_${intent.id}` : ((intent.transfer_group as string | null) ?? null),
      livemode: false,
    }
  }

  /** `GET /v1/payment_intents/{id}`, with `latest_charge` expanded when `expand[]` asks for it. */
  function retrieveIntent(id: string, params: FormParams): Reply {
    const intent = intents.get(id)
    if (!intent) return missing("payment_intent", id)
    const expand = Array.isArray(params.expand) ? params.expand : []
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined
    if (!expand.includes("latest_charge") || !charge) return { status: 200, body: intent }
    return { status: 200, body: { ...intent, latest_charge: chargeObject(charge, intent) } }
  }

  function createIntent(params: FormParams): Reply {
    const amount = amountOf(params)
    if (isReply(amount)) return amount
    if (amount === undefined) return missingParam("amount")
    const currency = text(params, "currency")
    if (!currency) return missingParam("currency")
    const feeRaw = params.application_fee_amount
    const fee = typeof feeRaw === "string" && /^\d+$/.test(feeRaw) ? Number(feeRaw) : feeRaw === undefined ? null : NaN
    if (fee !== null && (!Number.isSafeInteger(fee) || fee > amount)) {
      return invalid("Invalid application_fee_amount", "parameter_invalid_integer", "application_fee_amount")
    }
    const transferData = params.transfer_data
    const destination =
      transferData && typeof transferData === "object" && !Array.isArray(transferData) && typeof transferData.destination === "string"
        ? transferData.destination
        : null
    if (fee !== null && !destination) {
      return invalid("Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment " +
        "(using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).")
    }
    if (destination && refusedDestinations.has(destination)) {
      return invalid(TRANSFER_CAPABILITY_MESSAGE, "insufficient_capabilities_for_transfer", "transfer_data[destination]")
    }
    const id = newId("pi")
    const intent: Intent = {
      id,
      object: "payment_intent",
      amount,
      currency,
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      transfer_group: text(params, "transfer_group") ?? null,
      receipt_email: text(params, "receipt_email") ?? null,
      metadata: stringMap(params, "metadata"),
      latest_charge: null,
      application_fee_amount: fee,
      transfer_data: destination ? { destination } : null,
      livemode: false,
    }
    intents.set(id, intent)
    return { status: 200, body: intent }
  }

  function confirmIntent(id: string, params: FormParams): Reply {
    const intent = intents.get(id)
    if (!intent) return missing("payment_intent", id)
    if (text(params, "payment_method") === "pm_card_chargeDeclined") {
      return stripeError(402, "card_error", "Your card was declined.", "card_declined")
    }
    succeed(intent)
    return { status: 200, body: intent }
  }

  function createTransfer(params: FormParams): Reply {
    const amount = amountOf(params)
    if (isReply(amount)) return amount
    if (amount === undefined) return missingParam("amount")
    const destination = text(params, "destination")
    if (!destination) return missingParam("destination")
    if (refusedDestinations.has(destination)) {
      return invalid(TRANSFER_CAPABILITY_MESSAGE, "insufficient_capabilities_for_transfer", "destination")
    }
    const source = text(params, "source_transaction")
    if (!source) {
      // Without a funding charge Stripe draws on the platform's available balance, which is empty here.
      return invalid(
        "You have insufficient available funds in your Stripe account. Try adding funds directly to your " +
          "available balance by creating Charges using the 4000000000000077 test card.",
        "balance_insufficient"
      )
    }
    const charge = charges.get(source)
    if (!charge) return invalid(`No such charge: '${source}'`, "resource_missing", "source_transaction")
    const alreadyTransferred = [...transfers.values()]
      .filter((transfer) => transfer.source_transaction === source)
      .reduce((sum, transfer) => sum + transfer.amount, 0)
    if (alreadyTransferred + amount > charge.amount) {
      return invalid(
        `The transfer amount exceeds the amount of the source transaction ${source} available for transfer.`,
        "amount_too_large",
        "amount"
      )
    }
    const transfer: Transfer = {
      id: newId("tr"),
      object: "transfer",
      amount,
      amount_reversed: 0,
      currency: text(params, "currency") ?? "usd",
      destination,
      transfer_group: text(params, "transfer_group") ?? null,
      source_transaction: source,
      metadata: stringMap(params, "metadata"),
      reversed: false,
      created: Math.floor(Date.now() / 1000),
    }
    transfers.set(transfer.id, transfer)
    return { status: 200, body: transfer }
  }

  /** `GET /v1/transfers`: newest first, filtered by transfer_group and destination, paged by starting_after. */
  function listTransfers(params: FormParams): Reply {
    const limit = listLimit(params)
    if (isReply(limit)) return limit
    const group = text(params, "transfer_group")
    const destination = text(params, "destination")
    // A Map keeps insertion order: reversed, that is newest first.
    let listed = [...transfers.values()]
      .reverse()
      .filter((t) => (group === undefined || t.transfer_group === group) && (!destination || t.destination === destination))
    const after = text(params, "starting_after")
    if (after !== undefined) {
      const index = listed.findIndex((t) => t.id === after)
      if (index < 0) return invalid(`No such transfer: '${after}'`, "resource_missing", "starting_after")
      listed = listed.slice(index + 1)
    }
    return {
      status: 200,
      body: { object: "list", data: listed.slice(0, limit), has_more: listed.length > limit, url: "/v1/transfers" },
    }
  }

  function reverseTransfer(id: string, params: FormParams): Reply {
    const transfer = transfers.get(id)
    if (!transfer) return missing("transfer", id)
    const requested = amountOf(params)
    if (isReply(requested)) return requested
    const remaining = transfer.amount - transfer.amount_reversed
    const amount = requested ?? remaining
    if (remaining === 0 || amount > remaining) {
      const message = `Transfer ${id} cannot be reversed by ${amount}; ${remaining} remains.`
      return invalid(message, "amount_too_large", "amount")
    }
    transfer.amount_reversed += amount
    transfer.reversed = transfer.amount_reversed === transfer.amount
    return { status: 200, body: { id: newId("trr"), object: "transfer_reversal", amount, transfer: id } }
  }

  function createRefund(params: FormParams): Reply {
    const intentId = text(params, "payment_intent")
    if (!intentId) return missingParam("payment_intent")
    const intent = intents.get(intentId)
    if (!intent) return missing("payment_intent", intentId, "payment_intent")
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined
    if (!charge) {
      return invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`)
    }
    const requested = amountOf(params)
    if (isReply(requested)) return requested
    const remaining = charge.amount - charge.refunded
    const amount = requested ?? remaining
    if (remaining === 0) {
      return invalid(`Charge ${charge.id} has already been refunded.`, "charge_already_refunded")
    }
    if (amount > remaining) {
      return invalid(
        `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${remaining / 100})`,
        "amount_too_large",
        "amount"
      )
    }
    charge.refunded += amount
    if (text(params, "reverse_transfer") === "true") {
      // A destination charge's refund takes the transferred funds back from the connected account.
      for (const transfer of transfers.values()) {
        if (transfer.source_transaction === charge.id && transfer.destination === intent.transfer_data?.destination) {
          transfer.amount_reversed = transfer.amount
          transfer.reversed = true
        }
      }
    }
    const refund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: intentId,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    }
    refunds.set(refund.id, refund)
    return { status: 200, body: refund }
  }

  /** `GET /v1/refunds?payment_intent=`: the intent's refunds, newest first, paged like every list. */
  function listRefunds(params: FormParams): Reply {
    const limit = listLimit(params)
    if (isReply(limit)) return limit
    const intentId = text(params, "payment_intent")
    let listed = [...refunds.values()].reverse().filter((r) => intentId === undefined || r.payment_intent === intentId)
    const after = text(params, "starting_after")
    if (after !== undefined) {
      const index = listed.findIndex((r) => r.id === after)
      if (index < 0) return invalid(`No such refund: '${after}'`, "resource_missing", "starting_after")
      listed = listed.slice(index + 1)
    }
    return {
      status: 200,
      body: { object: "list", data: listed.slice(0, limit), has_more: listed.length > limit, url: "/v1/refunds" },
    }
  }

  function createAccount(params: FormParams): Reply {
    const type = text(params, "type")
    if (!type) return missingParam("type")
    if (type !== "express" && type !== "standard" && type !== "custom") {
      return invalid(`Invalid type: must be one of custom, express, or standard`, "parameter_invalid_empty", "type")
    }
    const requested = params.capabilities
    const capabilities: Record<string, string> = {}
    if (requested && typeof requested === "object" && !Array.isArray(requested)) {
      for (const [name, value] of Object.entries(requested)) {
        if (value && typeof value === "object" && !Array.isArray(value) && value.requested === "true") {
          capabilities[name] = "inactive"
        }
      }
    }
    const account: Account = {
      id: newId("acct"),
      object: "account",
      type,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities,
      metadata: stringMap(params, "metadata"),
      created: Math.floor(Date.now() / 1000),
    }
    accounts.set(account.id, account)
    return { status: 200, body: account }
  }

  function createAccountLink(params: FormParams): Reply {
    const account = text(params, "account")
    if (!account) return missingParam("account")
    if (!accounts.has(account)) return missing("account", account, "account")
    const type = text(params, "type")
    if (!type) return missingParam("type")
    if (type !== "account_onboarding" && type !== "account_update") {
      return invalid("Invalid type: must be one of account_onboarding or account_update", undefined, "type")
    }
    // Stripe requires both: refresh_url for an expired link, return_url at the end of the flow.
    if (!text(params, "return_url")) return missingParam("return_url")
    if (!text(params, "refresh_url")) return missingParam("refresh_url")
    const created = Math.floor(Date.now() / 1000)
    return {
      status: 200,
      body: {
        object: "account_link",
        created,
        expires_at: created + 300,
        url: `${FAKE_ONBOARDING_ORIGIN}/setup/e/${account}/${randomBytes(8).toString("hex")}`,
      },
    }
  }

  /** `POST /v1/checkout/sessions` (mode payment, `line_items[i][price_data]`): its intent is made at once. */
  function createCheckoutSession(params: FormParams): Reply {
    const items = params.line_items
    if (!Array.isArray(items) || !items.length) return missingParam("line_items")
    let amount = 0
    let currency = "usd"
    for (const item of items) {
      if (typeof item !== "object" || Array.isArray(item)) return invalid("Invalid line_items", undefined, "line_items")
      const price = item.price_data as Record<string, FormValue> | undefined
      const unit = Number(price?.unit_amount)
      const quantity = Number(item.quantity ?? "1")
      if (!Number.isSafeInteger(unit) || !Number.isSafeInteger(quantity)) return invalid("Invalid line_items", undefined, "line_items")
      amount += unit * quantity
      currency = String(price?.currency ?? currency)
    }
    const intentData = (params.payment_intent_data ?? {}) as FormParams
    const created = createIntent({ ...intentData, amount: String(amount), currency })
    if (created.status >= 400) return created
    const intent = created.body as Intent
    const id = newId("cs")
    const session = {
      id,
      object: "checkout.session",
      mode: text(params, "mode") ?? "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: intent.id,
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      customer_email: text(params, "customer_email") ?? null,
      customer_details: null,
      metadata: stringMap(params, "metadata"),
      success_url: text(params, "success_url") ?? null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      created: Math.floor(Date.now() / 1000),
    }
    sessions.set(id, session)
    return { status: 200, body: session }
  }

  function route(method: string, path: string, params: FormParams): Reply {
    let match: RegExpExecArray | null
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(params)
    if (method === "GET" && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      return retrieveIntent(match[1], params)
    }
    if (method === "POST" && (match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path))) {
      return confirmIntent(match[1], params)
    }
    if (method === "POST" && path === "/v1/transfers") return createTransfer(params)
    if (method === "GET" && path === "/v1/transfers") return listTransfers(params)
    if (method === "POST" && (match = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path))) {
      return reverseTransfer(match[1], params)
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params)
    if (method === "GET" && path === "/v1/refunds") return listRefunds(params)
    if (method === "POST" && path === "/v1/accounts") return createAccount(params)
    if (method === "GET" && (match = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const account = accounts.get(match[1])
      return account ? { status: 200, body: account } : missing("account", match[1])
    }
    if (method === "GET" && (match = /^\/v1\/disputes\/([^/]+)$/.exec(path))) {
      const dispute = disputes.get(match[1])
      return dispute ? { status: 200, body: dispute } : missing("dispute", match[1])
    }
    if (method === "POST" && path === "/v1/account_links") return createAccountLink(params)
    if (method === "POST" && path === "/v1/checkout/sessions") return createCheckoutSession(params)
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1])
      return session ? { status: 200, body: session } : missing("checkout.session", match[1])
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`)
  }

  function handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://localhost")
    const method = req.method ?? "GET"
    const params = parseStripeForm(method === "GET" ? url.searchParams.toString() : body)
    const header = req.headers["idempotency-key"]
    const idempotencyKey = typeof header === "string" ? header : null
    requests.push({ method, path: url.pathname, params, idempotencyKey })

    let reply: Reply
    let replayed = false
    const saved = idempotencyKey && method === "POST" ? idempotent.get(idempotencyKey) : undefined
    const fingerprint = JSON.stringify(params)
    if (saved && (saved.method !== method || saved.path !== url.pathname || saved.params !== fingerprint)) {
      reply = stripeError(
        400,
        "idempotency_error",
        "Keys for idempotent requests can only be used with the same parameters they were first used with. " +
          `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`
      )
    } else if (saved) {
      reply = saved.reply
      replayed = true
    } else {
      reply = route(method, url.pathname, params)
      // Like Stripe, only results of requests that executed are saved; refused ones may be retried.
      if (idempotencyKey && method === "POST" && reply.status < 400) {
        idempotent.set(idempotencyKey, { method, path: url.pathname, params: fingerprint, reply })
      }
    }

    res.writeHead(reply.status, {
      "content-type": "application/json",
      "request-id": newId("req"),
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      ...(replayed ? { "idempotent-replayed": "true" } : {}),
    })
    res.end(JSON.stringify(reply.body))
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      try {
        handle(req, Buffer.concat(chunks).toString("utf8"), res)
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" })
        res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }))
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const { port } = server.address() as AddressInfo // listen() on a TCP port always yields an AddressInfo

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    succeedIntent(id: string) {
      const intent = intents.get(id)
      if (!intent) throw new Error(`fake Stripe: no payment intent ${id}`)
      succeed(intent)
    },
    completeCheckoutSession(id: string, email: string) {
      const session = sessions.get(id)
      if (!session) throw new Error(`fake Stripe: no checkout session ${id}`)
      succeed(intents.get(session.payment_intent) as Intent)
      Object.assign(session, { status: "complete", payment_status: "paid", customer_details: { email } })
      return { ...session }
    },
    openDispute(intentId: string, options: { amount?: number; reason?: string; evidenceDueBy?: Date } = {}) {
      const intent = intents.get(intentId)
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined
      if (!intent || !charge) throw new Error(`fake Stripe: no charge to dispute on ${intentId}`)
      const existing = [...disputes.values()].find((d) => d.charge === charge.id)
      if (existing) return { ...existing }
      const amount = options.amount ?? charge.amount - charge.refunded
      if (amount < 1 || amount > charge.amount - charge.refunded) throw new Error(`fake Stripe: cannot dispute ${amount} of ${charge.id}`)
      const dueBy = options.evidenceDueBy ?? new Date(Date.now() + 7 * 24 * 3600 * 1000)
      const dispute = {
        id: newId("du"),
        object: "dispute",
        amount,
        currency: String(intent.currency),
        charge: charge.id,
        payment_intent: intent.id,
        reason: options.reason ?? "fraudulent",
        status: "needs_response",
        evidence_details: { due_by: Math.floor(dueBy.getTime() / 1000), has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        metadata: {},
      }
      disputes.set(dispute.id, dispute)
      return { ...dispute }
    },
    closeDispute(disputeId: string, outcome: "won" | "lost") {
      const dispute = disputes.get(disputeId)
      if (!dispute) throw new Error(`fake Stripe: no dispute ${disputeId}`)
      dispute.status = outcome
      return { ...dispute }
    },
    disputeEvent(type: string, disputeId: string) {
      const dispute = disputes.get(disputeId)
      if (!dispute) throw new Error(`fake Stripe: no dispute ${disputeId}`)
      return {
        id: newId("evt"),
        object: "event",
        type,
        api_version: "2025-01-27.acacia",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: { ...dispute } },
      }
    },
    forgetIdempotencyKeys() {
      idempotent.clear()
    },
    refuseTransfersTo(account: string) {
      refusedDestinations.add(account)
    },
    completeOnboarding(id: string) {
      const account = accounts.get(id)
      if (!account) throw new Error(`fake Stripe: no account ${id}`)
      account.details_submitted = true
      account.payouts_enabled = true
      for (const name of Object.keys(account.capabilities)) account.capabilities[name] = "active"
    },
    close() {
      // The SDK keeps connections alive; drop them so close() resolves at once.
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
