import { MedusaError } from "@medusajs/framework/utils"
import Stripe from "stripe"
import {
  AccountLink,
  ConnectedAccount,
  CreateAccountLinkInput,
  CreateConnectedAccountInput,
  CreatedPaymentIntent,
  CreatePaymentIntentInput,
  CreateRefundInput,
  CreatedRefund,
  CreateTransferInput,
  GatewayRefund,
  GatewayTransfer,
  ListRefundsInput,
  ListTransfersInput,
  PAYMENT_ERROR_CODES,
  PaymentGateway,
  RetrievedPaymentIntent,
  ReverseTransferInput,
  WebhookEvent,
} from "../types"
import { requireTransferGroup } from "../transfer-list"
import { verifyWebhookEvent } from "../webhook-signature"

export type StripeGatewayOptions = {
  apiKey: string
  webhookSecret?: string
  /** The Connect endpoint's signing secret (events of connected accounts), tried when `webhookSecret` does not verify. */
  connectWebhookSecret?: string
  /** e.g. `http://127.0.0.1:12345`: sends every API request to a fake server (tests only). */
  apiBase?: string
}

/** `http://127.0.0.1:12345` -> the SDK's host/port/protocol settings. */
export function parseStripeApiBase(apiBase: string): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  let url: URL
  try {
    url = new URL(apiBase)
  } catch {
    throw new MedusaError(MedusaError.Types.INVALID_ARGUMENT, `stripeApiBase is not a valid URL: ${apiBase}`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new MedusaError(MedusaError.Types.INVALID_ARGUMENT, "stripeApiBase must be an http or https URL")
  }
  const protocol = url.protocol === "http:" ? "http" : "https"
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol }
}

/**
 * Turns an SDK error into a MedusaError with a readable message and Stripe's error code (never a stack trace).
 * `action` completes "Stripe could not ...".
 */
export function toMedusaError(error: unknown, action: string): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Stripe could not ${action}: unexpected error`)
  }
  const message = `Stripe could not ${action}: ${error.message}`
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new MedusaError(MedusaError.Types.CONFLICT, message, PAYMENT_ERROR_CODES.IDEMPOTENCY)
  }
  if (error instanceof Stripe.errors.StripeCardError) {
    return new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, message, error.code)
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const type = error.statusCode === 404 ? MedusaError.Types.NOT_FOUND : MedusaError.Types.INVALID_DATA
    return new MedusaError(type, message, error.code)
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    // The SDK's message can echo part of the key: keep it out of logs and responses.
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Stripe could not ${action}: the Stripe API key was refused`,
      error.code
    )
  }
  // Rate limits, connection failures and Stripe-side errors: retryable with the same idempotency key.
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, message, error.code)
}

/** Stripe's cap on what auto-pagination collects; a transfer group holds one transfer per artist of one order. */
const MAX_LISTED_TRANSFERS = 10_000

function toGatewayTransfer(transfer: Stripe.Transfer): GatewayTransfer {
  const { destination, source_transaction: source } = transfer
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    currency: transfer.currency,
    destination: typeof destination === "string" ? destination : (destination?.id ?? ""),
    transferGroup: transfer.transfer_group ?? null,
    sourceTransaction: typeof source === "string" ? source : (source?.id ?? null),
    metadata: { ...transfer.metadata },
    amountReversedCents: transfer.amount_reversed,
    reversed: transfer.reversed,
    createdAt: new Date(transfer.created * 1000),
  }
}

function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    transfersActive: account.capabilities?.transfers === "active",
    metadata: { ...(account.metadata ?? {}) },
  }
}

/** The real gateway: Stripe's API through the official SDK. Amounts are integer cents, as Stripe expects. */
export class StripeGateway implements PaymentGateway {
  readonly provider = "stripe" as const
  protected readonly stripe_: Stripe
  protected readonly webhookSecret_: string | undefined
  protected readonly connectWebhookSecret_: string | undefined

  constructor(options: StripeGatewayOptions) {
    this.stripe_ = new Stripe(options.apiKey, {
      // Retries are safe: every POST carries an idempotency key.
      maxNetworkRetries: 2,
      appInfo: { name: "Atelier" },
      ...(options.apiBase ? parseStripeApiBase(options.apiBase) : {}),
    })
    this.webhookSecret_ = options.webhookSecret
    this.connectWebhookSecret_ = options.connectWebhookSecret
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent> {
    const intent = await this.call("create the payment intent", () =>
      this.stripe_.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
          ...(input.destinationCharge
            ? {
                application_fee_amount: input.destinationCharge.applicationFeeCents,
                transfer_data: { destination: input.destinationCharge.destination },
              }
            : {}),
          receipt_email: input.receiptEmail,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    if (!intent.client_secret) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "Stripe could not create the payment intent: no client secret returned"
      )
    }
    return { id: intent.id, clientSecret: intent.client_secret, status: intent.status }
  }

  async retrievePaymentIntent(id: string): Promise<RetrievedPaymentIntent> {
    // The charge expanded: a destination charge's automatic transfer to the connected account is its `transfer`.
    const intent = await this.call("retrieve the payment intent", () =>
      this.stripe_.paymentIntents.retrieve(id, { expand: ["latest_charge"] })
    )
    const charge = intent.latest_charge
    const transfer = charge && typeof charge !== "string" ? charge.transfer : undefined
    return {
      id: intent.id,
      status: intent.status,
      amountCents: intent.amount,
      currency: intent.currency,
      chargeId: typeof charge === "string" ? charge : (charge?.id ?? null),
      transferId: typeof transfer === "string" ? transfer : (transfer?.id ?? null),
      transferGroup: intent.transfer_group ?? null,
      metadata: { ...intent.metadata },
    }
  }

  async createTransfer(input: CreateTransferInput): Promise<{ id: string }> {
    const transfer = await this.call("create the transfer", () =>
      this.stripe_.transfers.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          destination: input.destination,
          transfer_group: input.transferGroup,
          source_transaction: input.sourceTransaction,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    return { id: transfer.id }
  }

  async reverseTransfer(input: ReverseTransferInput): Promise<{ id: string }> {
    const reversal = await this.call("reverse the transfer", () =>
      this.stripe_.transfers.createReversal(
        input.transferId,
        { amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    return { id: reversal.id }
  }

  async createRefund(input: CreateRefundInput): Promise<CreatedRefund> {
    const refund = await this.call("create the refund", () =>
      this.stripe_.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountCents,
          // A destination charge's refund takes the funds back from the connected account, fee included.
          ...(input.destinationCharge ? { reverse_transfer: true, refund_application_fee: true } : {}),
        },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    const reversal = refund.transfer_reversal
    const transferReversalId = typeof reversal === "string" ? reversal : (reversal?.id ?? null)
    return { id: refund.id, status: refund.status ?? "pending", ...(transferReversalId ? { transferReversalId } : {}) }
  }

  async listTransfers(input: ListTransfersInput): Promise<GatewayTransfer[]> {
    const transferGroup = requireTransferGroup(input.transferGroup)
    const transfers = await this.call("list the transfers", () =>
      this.stripe_.transfers
        .list({ transfer_group: transferGroup, limit: 100 })
        .autoPagingToArray({ limit: MAX_LISTED_TRANSFERS })
    )
    return transfers.map(toGatewayTransfer)
  }

  async listRefunds(input: ListRefundsInput): Promise<GatewayRefund[]> {
    const refunds = await this.call("list the refunds", () =>
      this.stripe_.refunds
        .list({ payment_intent: input.paymentIntentId, limit: 100 })
        .autoPagingToArray({ limit: MAX_LISTED_TRANSFERS })
    )
    return refunds.map((r) => ({
      id: r.id,
      amountCents: r.amount,
      status: r.status ?? "pending",
      createdAt: new Date(r.created * 1000),
    }))
  }

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount> {
    const account = await this.call("create the connected account", () =>
      this.stripe_.accounts.create(
        {
          type: "express",
          // Gallery sales are charged by the platform and sent on as transfers: that is the only capability needed.
          capabilities: { transfers: { requested: true } },
          metadata: { organization_id: input.organizationId },
        },
        { idempotencyKey: input.idempotencyKey }
      )
    )
    return toConnectedAccount(account)
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccount> {
    return toConnectedAccount(
      await this.call("retrieve the connected account", () => this.stripe_.accounts.retrieve(id))
    )
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<AccountLink> {
    const link = await this.call("create the onboarding link", () =>
      this.stripe_.accountLinks.create({
        account: input.accountId,
        type: "account_onboarding",
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
      })
    )
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) }
  }

  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent {
    if (!this.webhookSecret_) {
      // Without the signing secret no event can be trusted: fail loudly rather than accept unsigned data.
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "STRIPE_WEBHOOK_SECRET is not configured")
    }
    try {
      return verifyWebhookEvent(rawBody, signatureHeader, this.webhookSecret_, this.stripe_.webhooks)
    } catch (error) {
      const unsigned = error instanceof MedusaError && error.message === "Invalid signature"
      if (!unsigned || !this.connectWebhookSecret_) throw error
      return verifyWebhookEvent(rawBody, signatureHeader, this.connectWebhookSecret_, this.stripe_.webhooks)
    }
  }

  protected async call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw toMedusaError(error, action)
    }
  }
}
