import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { publicServerUrl } from "../../lib/public-urls"
import { sqlManager } from "../common/sql-manager"
import { ProcessedWebhookEvent } from "./models/processed-webhook-event"
import { SandboxAccount } from "./models/sandbox-account"
import { SandboxDispute } from "./models/sandbox-dispute"
import { SandboxPaymentIntent } from "./models/sandbox-payment-intent"
import { SandboxRefund } from "./models/sandbox-refund"
import { SandboxTransfer } from "./models/sandbox-transfer"
import { SandboxTransferReversal } from "./models/sandbox-transfer-reversal"
import { LocalGateway, type SandboxAccountView } from "./providers/local-gateway"
import { StripeGateway } from "./providers/stripe-gateway"
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
  LOCAL_WEBHOOK_SECRET,
  PaymentGateway,
  PaymentProvider,
  PaymentsModuleOptions,
  RetrievedPaymentIntent,
  ReverseTransferInput,
  type SandboxDispute as SandboxDisputeView,
  SandboxPaymentIntentDetail,
  SandboxPaymentIntentView,
  TransferPage,
  WebhookEvent,
} from "./types"

type InjectedDependencies = {
  baseRepository: DAL.RepositoryService
}

/**
 * Payments: one gateway chosen at load time (`stripe` with an API key, otherwise the offline `local` sandbox),
 * exposed through the gateway's own methods, plus webhook de-duplication. The sandbox tables belong to the
 * local gateway; MedusaService's generated methods over them are for inspection (tests, admin tooling).
 */
class PaymentsModuleService
  extends MedusaService({
    SandboxPaymentIntent,
    SandboxTransfer,
    SandboxTransferReversal,
    SandboxRefund,
    SandboxAccount,
    SandboxDispute,
    ProcessedWebhookEvent,
  })
  implements PaymentGateway
{
  readonly provider: PaymentProvider
  protected readonly gateway_: StripeGateway | LocalGateway

  constructor(container: InjectedDependencies, options: PaymentsModuleOptions = {}) {
    // MedusaService reads the container; the options are this module's own.
    super(container, options)
    this.gateway_ = options.stripeApiKey
      ? new StripeGateway({
          apiKey: options.stripeApiKey,
          webhookSecret: options.stripeWebhookSecret,
          connectWebhookSecret: options.stripeConnectWebhookSecret,
          apiBase: options.stripeApiBase,
        })
      : new LocalGateway({
          baseRepository: container.baseRepository,
          // The development secret is public: a production demo verifies webhooks only with its own secret.
          webhookSecret:
            options.stripeWebhookSecret || (options.localGatewayInProduction ? undefined : LOCAL_WEBHOOK_SECRET),
          // medusa-config.ts passes the configured address; a module loaded without it takes the rule's default.
          publicUrl: options.publicUrl || publicServerUrl({}),
        })
    this.provider = this.gateway_.provider
  }

  /** The active gateway, for callers that want to pass it around. */
  gateway(): PaymentGateway {
    return this.gateway_
  }

  createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent> {
    return this.gateway_.createPaymentIntent(input)
  }

  retrievePaymentIntent(id: string): Promise<RetrievedPaymentIntent> {
    return this.gateway_.retrievePaymentIntent(id)
  }

  createTransfer(input: CreateTransferInput): Promise<{ id: string }> {
    return this.gateway_.createTransfer(input)
  }

  reverseTransfer(input: ReverseTransferInput): Promise<{ id: string }> {
    return this.gateway_.reverseTransfer(input)
  }

  createRefund(input: CreateRefundInput): Promise<CreatedRefund> {
    return this.gateway_.createRefund(input)
  }

  listTransfers(input: ListTransfersInput): Promise<GatewayTransfer[]> {
    return this.gateway_.listTransfers(input)
  }

  listRefunds(input: ListRefundsInput): Promise<GatewayRefund[]> {
    return this.gateway_.listRefunds(input)
  }

  createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount> {
    return this.gateway_.createConnectedAccount(input)
  }

  retrieveConnectedAccount(id: string): Promise<ConnectedAccount> {
    return this.gateway_.retrieveConnectedAccount(id)
  }

  createAccountLink(input: CreateAccountLinkInput): Promise<AccountLink> {
    return this.gateway_.createAccountLink(input)
  }

  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent {
    return this.gateway_.parseWebhookEvent(rawBody, signatureHeader)
  }

  /** Local gateway only (the sandbox onboarding page): the account and where its page sends the user back. */
  async retrieveSandboxOnboarding(id: string): Promise<SandboxAccountView> {
    return this.localGateway().retrieveSandboxAccount(id)
  }

  /** Local gateway only: completes the account's onboarding as Stripe's hosted page would. */
  async completeSandboxOnboarding(id: string): Promise<SandboxAccountView> {
    return this.localGateway().completeSandboxOnboarding(id)
  }

  /** Local gateway only (the sandbox confirm route): confirms an intent with a test card. */
  async confirmPaymentIntent(id: string, paymentMethod: string): Promise<SandboxPaymentIntentView> {
    return this.localGateway().confirmPaymentIntent(id, paymentMethod)
  }

  /** Local gateway only: an intent with its last decline message. */
  async retrieveLocalPaymentIntent(id: string): Promise<SandboxPaymentIntentView> {
    return this.localGateway().retrieveLocalPaymentIntent(id)
  }

  /** Local gateway only (GET /api/sandbox/payment-intents/{id}): an intent with its fee, destination and refunds. */
  async retrieveSandboxPaymentIntentDetail(id: string): Promise<SandboxPaymentIntentDetail> {
    return this.localGateway().retrieveSandboxPaymentIntentDetail(id)
  }

  /** Local gateway only (POST /api/sandbox/payment-intents/{id}/dispute): opens the dispute of the intent's charge. */
  async openSandboxDispute(
    paymentIntentId: string,
    input: { amountCents?: number; reason?: string; evidenceDueBy?: Date } = {}
  ): Promise<SandboxDisputeView> {
    return this.localGateway().openSandboxDispute(paymentIntentId, input)
  }

  /** Local gateway only (POST /api/sandbox/payment-intents/{id}/dispute/close): the bank's decision. */
  async closeSandboxDispute(paymentIntentId: string, outcome: "won" | "lost"): Promise<SandboxDisputeView> {
    return this.localGateway().closeSandboxDispute(paymentIntentId, outcome)
  }

  /** Whether a webhook event id was recorded as processed (its effect committed). */
  @InjectManager()
  async isWebhookEventProcessed(
    eventId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = await sqlManager(sharedContext).execute(
      `select 1 from processed_webhook_event where event_id = ? and deleted_at is null limit 1`,
      [eventId]
    )
    return rows.length === 1
  }

  /** Local gateway only (the sandbox transfer list route): one page of a group's transfers, newest first. */
  async listLocalTransfersPage(
    input: ListTransfersInput & { limit: number; startingAfter?: string }
  ): Promise<TransferPage> {
    return this.localGateway().listTransfersPage(input)
  }

  /**
   * Records a webhook event id once its effect has committed; false when it was already recorded. One INSERT ... ON
   * CONFLICT DO NOTHING, so of any number of concurrent deliveries of one event exactly one gets true.
   */
  @InjectManager()
  async markWebhookEventProcessed(
    eventId: string,
    type: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    if (!eventId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A webhook event id is required")
    }
    const rows = await sqlManager(sharedContext).execute(
      `insert into processed_webhook_event (id, event_id, type, processed_at)
       values (?, ?, ?, now())
       on conflict (event_id) where deleted_at is null do nothing
       returning id`,
      [entityId("whevt"), eventId, type]
    )
    return rows.length === 1
  }

  protected localGateway(): LocalGateway {
    if (!(this.gateway_ instanceof LocalGateway)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Only the local payment gateway (no Stripe key) has sandbox payment intents"
      )
    }
    return this.gateway_
  }
}

export default PaymentsModuleService
