export const PAYMENT_PROVIDERS = ["stripe", "local"] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/** Options of the payments module (medusa-config.ts). Without `stripeApiKey` the offline `local` gateway is used. */
export interface PaymentsModuleOptions {
  /** STRIPE_API_KEY: selects the `stripe` provider. */
  stripeApiKey?: string
  /** STRIPE_WEBHOOK_SECRET (`whsec_...`): verifies incoming webhook signatures (both providers). */
  stripeWebhookSecret?: string
  /**
   * STRIPE_CONNECT_WEBHOOK_SECRET: Stripe sends events of connected accounts (`account.updated`) to a Connect
   * endpoint, which has its own signing secret; both endpoints may point at /api/webhooks/payments.
   */
  stripeConnectWebhookSecret?: string
  /** STRIPE_API_BASE, e.g. `http://127.0.0.1:12345`: only for tests against a fake Stripe server. */
  stripeApiBase?: string
  /**
   * Set by medusa-config.ts when a production process runs on the local gateway because the operator opted in
   * (ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION): the module warns at boot, and its webhooks verify only against
   * `stripeWebhookSecret`, never the public development secret.
   */
  localGatewayInProduction?: boolean
  /**
   * This server's address as a browser reaches it (PUBLIC_URL, else `http://localhost:$PORT`: src/lib/public-urls.ts).
   * The local gateway's onboarding links point at its sandbox page there (`/api/sandbox/accounts/{id}/onboarding`).
   */
  publicUrl?: string
}

/** Signing secret of the local gateway when no `stripeWebhookSecret` is configured (development only). */
export const LOCAL_WEBHOOK_SECRET = "whsec_atelier_local_development"

export type CreatePaymentIntentInput = {
  amountCents: number
  currency: "usd"
  /** Separate charges and transfers (the gallery): the group its transfers join. */
  transferGroup?: string
  /**
   * A destination charge (an artist's own store): the funds go to the connected account, the platform keeps
   * `applicationFeeCents` (Stripe's `transfer_data.destination` and `application_fee_amount`).
   */
  destinationCharge?: { destination: string; applicationFeeCents: number }
  receiptEmail: string
  metadata: Record<string, string>
  idempotencyKey: string
}

export type CreatedPaymentIntent = { id: string; clientSecret: string; status: string }

export type RetrievedPaymentIntent = {
  id: string
  status: string
  amountCents: number
  /** Lower-case ISO code, as Stripe reports it. */
  currency: string
  chargeId: string | null
  /**
   * A destination charge's automatic transfer to the connected account (`tr_...`: Stripe's `latest_charge.transfer`),
   * once the charge succeeded; null (or absent) for other intents, or while the provider does not report it.
   */
  transferId?: string | null
  transferGroup: string | null
  metadata: Record<string, string>
}

export type CreateTransferInput = {
  amountCents: number
  currency: "usd"
  /** Connected account id (`acct_...`). */
  destination: string
  transferGroup: string
  /** The charge (`ch_...`) that funds the transfer, so it never depends on the platform's available balance. */
  sourceTransaction: string
  idempotencyKey: string
  metadata?: Record<string, string>
}

export type ReverseTransferInput = {
  transferId: string
  /** Defaults to the whole amount not yet reversed. */
  amountCents?: number
  idempotencyKey: string
}

export type CreateRefundInput = {
  paymentIntentId: string
  /** The intent was a destination charge: the transfer to the connected account and the application fee are reversed. */
  destinationCharge?: boolean
  /** Defaults to the whole amount not yet refunded. */
  amountCents?: number
  idempotencyKey: string
}

/** A refund as the provider made it. */
export type CreatedRefund = {
  id: string
  status: string
  /**
   * A destination charge's refund (`destinationCharge`): the reversal of the connected account's transfer it made
   * (Stripe's `transfer_reversal`, `trr_...`); null or absent otherwise, or when the provider does not report it.
   */
  transferReversalId?: string | null
}

/** A transfer as the provider reports it (Stripe's transfer object, amounts in cents). */
export type GatewayTransfer = {
  id: string
  amountCents: number
  currency: string
  destination: string
  transferGroup: string | null
  sourceTransaction: string | null
  metadata: Record<string, string>
  amountReversedCents: number
  reversed: boolean
  createdAt: Date
}

export type ListTransfersInput = { transferGroup: string }

/** A refund of a payment intent's charge as the provider reports it (Stripe's refund object, amount in cents). */
export type GatewayRefund = { id: string; amountCents: number; status: string; createdAt: Date }

export type ListRefundsInput = { paymentIntentId: string }

/** One page of a transfer listing, as Stripe's list endpoints page: newest first, `hasMore` when more follow. */
export type TransferPage = { transfers: GatewayTransfer[]; hasMore: boolean }

export type WebhookEvent = { id: string; type: string; object: Record<string, unknown> }

/** A Connect Express account for an organization (Stripe's `POST /v1/accounts`). */
export type CreateConnectedAccountInput = {
  /** Stored as `metadata.organization_id`, so that an `account.updated` event names its organization. */
  organizationId: string
  /** Derived from the organization: concurrent or repeated requests create one account. */
  idempotencyKey: string
}

/** A connected account's state as the provider reports it. */
export type ConnectedAccount = {
  id: string
  chargesEnabled: boolean
  payoutsEnabled: boolean
  detailsSubmitted: boolean
  /** The `transfers` capability is `active`: transfers to this account succeed. */
  transfersActive: boolean
  metadata: Record<string, string>
}

/** An onboarding link (Stripe's account link of type `account_onboarding`). */
export type CreateAccountLinkInput = {
  accountId: string
  /** Where the provider sends the user when the link expired or was already used: ask for a new link. */
  refreshUrl: string
  /** Where the provider sends the user after onboarding (not a proof of completion: read the account). */
  returnUrl: string
}

export type AccountLink = { url: string; expiresAt: Date }

export interface PaymentGateway {
  readonly provider: PaymentProvider
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent>
  /** Throws MedusaError NOT_FOUND for unknown ids. */
  retrievePaymentIntent(id: string): Promise<RetrievedPaymentIntent>
  createTransfer(input: CreateTransferInput): Promise<{ id: string }>
  reverseTransfer(input: ReverseTransferInput): Promise<{ id: string }>
  createRefund(input: CreateRefundInput): Promise<CreatedRefund>
  /**
   * Every transfer of a transfer group, newest first. Stripe forgets an idempotency key 24 hours after its first
   * use: before sending a transfer's key again after that, ask here whether the transfer already exists.
   */
  listTransfers(input: ListTransfersInput): Promise<GatewayTransfer[]>
  /**
   * Every refund of a payment intent, newest first, whatever made it (Atelier, or the provider's dashboard): the
   * provider's word on what was given back, which the daily reconciliation compares with the records.
   */
  listRefunds(input: ListRefundsInput): Promise<GatewayRefund[]>
  /** A Connect Express account with the transfers capability requested (idempotent by key). */
  createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount>
  /** Throws MedusaError NOT_FOUND for unknown ids. */
  retrieveConnectedAccount(id: string): Promise<ConnectedAccount>
  /** A single-use onboarding link of the account. */
  createAccountLink(input: CreateAccountLinkInput): Promise<AccountLink>
  /** Throws MedusaError INVALID_DATA "Invalid signature" when verification fails. */
  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent
}

/** Test cards of the local gateway, named like Stripe's test payment methods. */
export const SANDBOX_PAYMENT_METHODS = ["pm_card_visa", "pm_card_chargeDeclined"] as const
export type SandboxPaymentMethod = (typeof SANDBOX_PAYMENT_METHODS)[number]

export const SANDBOX_DECLINE_MESSAGE = "Your card was declined."

/** A local intent as seen after a confirmation attempt: the last decline, if any, is visible. */
export type SandboxPaymentIntentView = RetrievedPaymentIntent & { lastError: string | null }

/** A local intent as Stripe's dashboard shows it: its destination charge, fee and refunds (GET /api/sandbox/payment-intents/{id}). */
export type SandboxPaymentIntentDetail = SandboxPaymentIntentView & {
  applicationFeeCents: number | null
  destination: string | null
  receiptEmail: string | null
  refunds: { id: string; amountCents: number; status: string; createdAt: Date }[]
  createdAt: Date
}

/** MedusaError codes shared by both providers, so callers can branch without knowing the provider. */
export const PAYMENT_ERROR_CODES = {
  IDEMPOTENCY: "idempotency_error",
  BALANCE_INSUFFICIENT: "balance_insufficient",
  AMOUNT_TOO_LARGE: "amount_too_large",
  RESOURCE_MISSING: "resource_missing",
  CARD_DECLINED: "card_declined",
} as const

export const IDEMPOTENCY_MISMATCH_MESSAGE =
  "Keys for idempotent requests can only be used with the same parameters they were first used with."

/** Why a sandbox dispute was opened when the request names no reason (Stripe's most common one). */
export const SANDBOX_DISPUTE_DEFAULT_REASON = "fraudulent"
/** Days a sandbox dispute gives for evidence unless the request sets `evidence_due_by`. */
export const SANDBOX_DISPUTE_EVIDENCE_DAYS = 7

/** A local dispute (POST /api/sandbox/payment-intents/{id}/dispute). */
export type SandboxDispute = {
  id: string
  paymentIntentId: string
  chargeId: string
  amountCents: number
  currency: string
  reason: string
  status: "needs_response" | "under_review" | "won" | "lost"
  evidenceDueBy: Date
  createdAt: Date
  closedAt: Date | null
}

/** A local dispute as Stripe's dispute object (the `data.object` of its `charge.dispute.*` events). */
export function sandboxDisputeObject(dispute: SandboxDispute): Record<string, unknown> {
  return {
    id: dispute.id,
    object: "dispute",
    amount: dispute.amountCents,
    currency: dispute.currency,
    charge: dispute.chargeId,
    payment_intent: dispute.paymentIntentId,
    reason: dispute.reason,
    status: dispute.status,
    evidence_details: { due_by: Math.floor(dispute.evidenceDueBy.getTime() / 1000) },
    created: Math.floor(dispute.createdAt.getTime() / 1000),
    livemode: false,
  }
}
