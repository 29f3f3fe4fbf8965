import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context, DAL } from "@medusajs/framework/types"
import {
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import { createHash, randomBytes } from "node:crypto"
import { entityId } from "../../../lib/entity-id"
import { applicationFeeRefundCents } from "../../../lib/store-refunds"
import { preparedStatement, runPrepared, type PreparedStatement } from "../../common/prepared-statement"
import { sqlKnex, sqlManager } from "../../common/sql-manager"
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
  IDEMPOTENCY_MISMATCH_MESSAGE,
  ListRefundsInput,
  ListTransfersInput,
  PAYMENT_ERROR_CODES,
  PaymentGateway,
  RetrievedPaymentIntent,
  ReverseTransferInput,
  SANDBOX_DECLINE_MESSAGE,
  SANDBOX_PAYMENT_METHODS,
  SANDBOX_DISPUTE_DEFAULT_REASON,
  SANDBOX_DISPUTE_EVIDENCE_DAYS,
  SandboxDispute,
  SandboxPaymentIntentDetail,
  SandboxPaymentIntentView,
  SandboxPaymentMethod,
  TransferPage,
  WebhookEvent,
} from "../types"
import { requireTransferGroup } from "../transfer-list"
import { verifyWebhookEvent } from "../webhook-signature"

export type LocalGatewayOptions = {
  baseRepository: DAL.RepositoryService
  /** Without one, every webhook is refused as unsigned. */
  webhookSecret: string | undefined
  /** This server's public address: onboarding links point at its sandbox page. */
  publicUrl: string
}

type AccountRow = {
  id: string
  metadata: Record<string, string> | null
  charges_enabled: boolean
  payouts_enabled: boolean
  details_submitted: boolean
  transfers_active: boolean
  refresh_url: string | null
  return_url: string | null
  request_hash: string
}

/** A local account with the links of its latest onboarding link (the sandbox page sends the user back there). */
export type SandboxAccountView = ConnectedAccount & { refreshUrl: string | null; returnUrl: string | null }

/** The sandbox page that stands in for Stripe's hosted onboarding. */
export function sandboxOnboardingPath(accountId: string): string {
  return `/api/sandbox/accounts/${encodeURIComponent(accountId)}/onboarding`
}

/** Stripe's account links expire minutes after they are made: reported as such, though the sandbox page never expires. */
const ACCOUNT_LINK_TTL_MS = 5 * 60 * 1000

function toConnectedAccount(row: AccountRow): ConnectedAccount {
  return {
    id: row.id,
    chargesEnabled: row.charges_enabled,
    payoutsEnabled: row.payouts_enabled,
    detailsSubmitted: row.details_submitted,
    transfersActive: row.transfers_active,
    metadata: { ...(row.metadata ?? {}) },
  }
}

type IntentRow = {
  id: string
  client_secret: string
  amount: number
  currency: string
  status: string
  transfer_group: string | null
  metadata: Record<string, string> | null
  charge_id: string | null
  last_error: string | null
  request_hash: string
  /** A succeeded destination charge's automatic transfer (read by the statements that select it). */
  destination_transfer_id?: string | null
}
/** What the transfer statement found or did (CREATE_TRANSFER). */
type TransferOutcome = {
  charge_exists: boolean
  existing_id: string | null
  existing_hash: string | null
  inserted_id: string | null
}

type TransferRow = { id: string; amount: number; amount_reversed: number; request_hash: string }

type DisputeRow = {
  id: string
  payment_intent_id: string
  charge_id: string
  amount: number
  currency: string
  reason: string
  status: SandboxDispute["status"]
  evidence_due_by: Date
  created_at: Date
  closed_at: Date | null
}

function toSandboxDispute(row: DisputeRow): SandboxDispute {
  return {
    id: row.id,
    paymentIntentId: row.payment_intent_id,
    chargeId: row.charge_id,
    amountCents: row.amount,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    evidenceDueBy: new Date(row.evidence_due_by),
    createdAt: new Date(row.created_at),
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
  }
}

const DISPUTE_COLUMNS = "id, payment_intent_id, charge_id, amount, currency, reason, status, evidence_due_by, created_at, closed_at"
type KeyedRow = { id: string; request_hash: string }
type ListedTransferRow = {
  id: string
  amount: number
  currency: string
  destination: string
  transfer_group: string | null
  source_transaction: string
  metadata: Record<string, string> | null
  amount_reversed: number
  created_at: Date
}

/** Tables whose rows carry an idempotency key (a closed set: safe to interpolate into SQL). */
type IdempotentTable = "sandbox_account" | "sandbox_payment_intent" | "sandbox_transfer" | "sandbox_transfer_reversal" | "sandbox_refund"

/** Stripe's minimum charge in USD. */
const MIN_CHARGE_CENTS = 50

function isSandboxPaymentMethod(value: string): value is SandboxPaymentMethod {
  return (SANDBOX_PAYMENT_METHODS as readonly string[]).includes(value)
}

/** JSON with sorted keys, so that equal parameters always hash the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(",")}]`
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
  }
  return JSON.stringify(value)
}

/** Fingerprint of a request's parameters (everything but the idempotency key). */
function requestHash(operation: string, params: Record<string, unknown>): string {
  const { idempotencyKey: _ignored, ...rest } = params
  return createHash("sha256").update(canonicalJson({ operation, ...rest })).digest("hex")
}

function assertCents(value: number, name: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${name} must be an integer number of cents of at least ${min}`
    )
  }
}

function assertUsd(currency: string): void {
  if (currency !== "usd") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unsupported currency: ${currency}`)
  }
}

function assertIdempotencyKey(key: string): void {
  if (typeof key !== "string" || key.length === 0 || key.length > 255) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "An idempotency key of 1 to 255 characters is required")
  }
}

function toView(row: IntentRow): SandboxPaymentIntentView {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amount,
    currency: row.currency,
    chargeId: row.charge_id,
    transferId: row.destination_transfer_id ?? null,
    transferGroup: row.transfer_group,
    metadata: { ...(row.metadata ?? {}) },
    lastError: row.last_error,
  }
}

/**
 * The id of the intent's destination transfer, as a column (`i`: the intent). A destination charge's automatic transfer
 * is made as Stripe makes it, when the charge succeeds (CONFIRM_INTENT_SUCCEEDED): keyed `destination-charge-{charge}`
 * (one per charge), in the group Stripe gives a destination charge (`group_{payment intent}`), so the sandbox's
 * transfer list shows it and reversals work on it.
 */
const DESTINATION_TRANSFER_ID = `(select t.id from sandbox_transfer t
   where t.idempotency_key = 'destination-charge-' || i.charge_id and t.deleted_at is null) as destination_transfer_id`

function toGatewayTransfer(row: ListedTransferRow): GatewayTransfer {
  return {
    id: row.id,
    amountCents: row.amount,
    currency: row.currency,
    destination: row.destination,
    transferGroup: row.transfer_group,
    sourceTransaction: row.source_transaction,
    metadata: { ...(row.metadata ?? {}) },
    amountReversedCents: row.amount_reversed,
    reversed: row.amount_reversed >= row.amount,
    createdAt: new Date(row.created_at),
  }
}

/**
 * The statements of a checkout's payment (create, confirm, retrieve), sent as named prepared statements: each pooled
 * connection plans them once (docs/architecture.md, "Queries and hot paths"). Their bindings all meet typed columns,
 * so the types PostgreSQL infers when it prepares them are the columns' own. They name their columns: a prepared
 * `select *` fails once a migration adds one.
 */
const INTENT_COLUMNS =
  "id, client_secret, amount, currency, status, transfer_group, metadata, charge_id, last_error, request_hash"
const CREATE_INTENT = preparedStatement(
  "sandbox_create_intent",
  `insert into sandbox_payment_intent
     (id, client_secret, amount, currency, status, transfer_group, receipt_email, metadata,
      application_fee_amount, transfer_destination, idempotency_key, request_hash)
   values (?, ?, ?, ?, 'requires_payment_method', ?, ?, ?::jsonb, ?, ?, ?, ?)
   on conflict (idempotency_key) where deleted_at is null do nothing
   returning ${INTENT_COLUMNS}`
)
/**
 * The confirmation that succeeds, in one statement: the charge and, for a destination charge, its automatic transfer
 * to the connected account (the charge less the application fee: DESTINATION_TRANSFER_ID), counted in the
 * charge's `transferred_amount` like every transfer it funds.
 */
const CONFIRM_INTENT_SUCCEEDED = preparedStatement(
  "sandbox_confirm_intent_succeeded",
  `with confirmed as (
     update sandbox_payment_intent
       set status = 'succeeded', charge_id = ?, payment_method = ?, last_error = null, updated_at = now(),
           transferred_amount = transferred_amount + case
             when transfer_destination is not null and amount > coalesce(application_fee_amount, 0)
             then amount - coalesce(application_fee_amount, 0) else 0 end
     where id = ? and deleted_at is null and status <> 'succeeded'
     returning ${INTENT_COLUMNS}, application_fee_amount, transfer_destination
   ),
   destination_transfer as (
     insert into sandbox_transfer
       (id, amount, currency, destination, transfer_group, source_transaction, metadata, idempotency_key, request_hash)
     select ?::text, c.amount - coalesce(c.application_fee_amount, 0), c.currency, c.transfer_destination,
            'group_' || c.id, c.charge_id, '{}'::jsonb, 'destination-charge-' || c.charge_id, 'destination_charge'
     from confirmed c
     where c.transfer_destination is not null and c.amount > coalesce(c.application_fee_amount, 0)
     returning id
   )
   select ${INTENT_COLUMNS}, (select id from destination_transfer) as destination_transfer_id from confirmed`
)
const CONFIRM_INTENT_DECLINED = preparedStatement(
  "sandbox_confirm_intent_declined",
  `update sandbox_payment_intent set payment_method = ?, last_error = ?, updated_at = now()
   where id = ? and deleted_at is null and status <> 'succeeded' returning ${INTENT_COLUMNS}`
)
const INTENT_BY_ID = preparedStatement(
  "sandbox_intent_by_id",
  `select ${INTENT_COLUMNS}, ${DESTINATION_TRANSFER_ID} from sandbox_payment_intent i where id = ? and deleted_at is null`
)

/** The check constraint that keeps a charge's transfers within its amount (the charge's `transferred_amount`). */
const TRANSFERS_WITHIN_AMOUNT = "sandbox_payment_intent_transfers_within_amount"

/**
 * A transfer funded by a charge, in one statement and no transaction: the key's earlier transfer (a replay), else the
 * insert, which adds its amount to the charge's `transferred_amount`. That UPDATE waits for any other transfer of the
 * charge that holds the row and then adds to the total it committed, and the check constraint refuses a total above
 * the charge: the statement then fails whole, the insert with it. A key taken meanwhile inserts nothing and adds
 * nothing (ON CONFLICT DO NOTHING feeds no row to the UPDATE).
 */
const CREATE_TRANSFER = preparedStatement(
  "sandbox_create_transfer",
  `with charge as (
     select charge_id from sandbox_payment_intent where charge_id = ?::text and deleted_at is null
   ),
   existing as (
     select id, request_hash from sandbox_transfer where idempotency_key = ?::text and deleted_at is null
   ),
   inserted as (
     insert into sandbox_transfer
       (id, amount, currency, destination, transfer_group, source_transaction, metadata, idempotency_key, request_hash)
     select ?::text, ?::int, ?::text, ?::text, ?::text, c.charge_id, ?::jsonb, ?::text, ?::text
     from charge c
     where not exists (select 1 from existing)
     on conflict (idempotency_key) where deleted_at is null do nothing
     returning id, amount, source_transaction
   ),
   funded as (
     update sandbox_payment_intent i
     set transferred_amount = i.transferred_amount + t.amount, updated_at = now()
     from inserted t
     where i.charge_id = t.source_transaction and i.deleted_at is null
   )
   select exists (select 1 from charge) as charge_exists, e.id as existing_id, e.request_hash as existing_hash,
          t.id as inserted_id
   from (select 1) as one left join existing e on true left join inserted t on true`
)

/**
 * The offline gateway, a stand-in for Stripe test mode. Its state lives in this module's tables so that every
 * server and worker process sees the same intents. Every rule is enforced by PostgreSQL: idempotency keys by
 * unique indexes (INSERT ... ON CONFLICT DO NOTHING, then replay), money limits under row locks.
 */
export class LocalGateway implements PaymentGateway {
  readonly provider = "local" as const
  // Read by @InjectManager / @InjectTransactionManager.
  protected readonly baseRepository_: DAL.RepositoryService
  protected readonly webhookSecret_: string | undefined
  protected readonly publicUrl_: string

  constructor(options: LocalGatewayOptions) {
    this.baseRepository_ = options.baseRepository
    this.webhookSecret_ = options.webhookSecret
    this.publicUrl_ = options.publicUrl.replace(/\/+$/, "")
  }

  /**
   * One statement (INSERT ... ON CONFLICT DO NOTHING, atomic on its own): no transaction around it. Only a key
   * that is already taken costs a second statement, the replay.
   */
  @InjectManager()
  async createPaymentIntent(
    input: CreatePaymentIntentInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CreatedPaymentIntent> {
    assertCents(input.amountCents, "amount", MIN_CHARGE_CENTS)
    assertUsd(input.currency)
    assertIdempotencyKey(input.idempotencyKey)
    if (input.destinationCharge) {
      assertCents(input.destinationCharge.applicationFeeCents, "application_fee_amount", 0)
      if (input.destinationCharge.applicationFeeCents > input.amountCents) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, "application_fee_amount must not exceed the amount")
      }
      if (!input.destinationCharge.destination.startsWith("acct_")) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, "transfer_data.destination must be a connected account")
      }
    }
    const hash = requestHash("payment_intent.create", input)
    const id = entityId("pi")
    const [inserted] = await this.queryPrepared<IntentRow>(
      sharedContext,
      CREATE_INTENT,
      [
        id,
        `${id}_secret_${randomBytes(12).toString("hex")}`,
        input.amountCents,
        input.currency,
        input.transferGroup ?? null,
        input.receiptEmail,
        JSON.stringify(input.metadata ?? {}),
        input.destinationCharge?.applicationFeeCents ?? null,
        input.destinationCharge?.destination ?? null,
        input.idempotencyKey,
        hash,
      ]
    )
    const row =
      inserted ??
      (await this.replay<IntentRow>(sharedContext, "sandbox_payment_intent", input.idempotencyKey, hash))
    // Like Stripe, a replay answers what the first request answered: a new intent awaiting a payment method.
    return { id: row.id, clientSecret: row.client_secret, status: "requires_payment_method" }
  }

  @InjectManager()
  async retrievePaymentIntent(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RetrievedPaymentIntent> {
    const { lastError: _lastError, ...intent } = await this.retrieveLocalPaymentIntent(id, sharedContext)
    return intent
  }

  /** The local intent including its last decline message. */
  @InjectManager()
  async retrieveLocalPaymentIntent(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxPaymentIntentView> {
    const [row] = await this.queryPrepared<IntentRow>(
      sharedContext,
      INTENT_BY_ID,
      [id]
    )
    if (!row) {
      throw this.noSuch("payment_intent", id)
    }
    return toView(row)
  }

  /** The local intent with its destination charge, fee and refunds, as Stripe's dashboard shows an intent. */
  @InjectManager()
  async retrieveSandboxPaymentIntentDetail(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxPaymentIntentDetail> {
    const [row] = await this.query<
      IntentRow & {
        application_fee_amount: number | null
        transfer_destination: string | null
        receipt_email: string | null
        created_at: Date
        refunds: { id: string; amount: number; status: string; created_at: string }[]
      }
    >(
      sharedContext,
      `select i.*, ${DESTINATION_TRANSFER_ID}, coalesce((
         select json_agg(json_build_object('id', r.id, 'amount', r.amount, 'status', r.status, 'created_at', r.created_at)
                         order by r.created_at)
         from sandbox_refund r where r.payment_intent_id = i.id and r.deleted_at is null), '[]'::json) as refunds
       from sandbox_payment_intent i where i.id = ? and i.deleted_at is null`,
      [id]
    )
    if (!row) {
      throw this.noSuch("payment_intent", id)
    }
    return {
      ...toView(row),
      applicationFeeCents: row.application_fee_amount,
      destination: row.transfer_destination,
      receiptEmail: row.receipt_email,
      refunds: row.refunds.map((r) => ({ id: r.id, amountCents: r.amount, status: r.status, createdAt: new Date(r.created_at) })),
      createdAt: new Date(row.created_at),
    }
  }

  /**
   * What the customer's browser does with Stripe.js: `pm_card_visa` succeeds and creates a charge,
   * `pm_card_chargeDeclined` records a decline and leaves the intent awaiting another payment method.
   * Confirming a succeeded intent changes nothing.
   *
   * One statement: an UPDATE guarded by `status <> 'succeeded'`. It locks the row like the SELECT ... FOR UPDATE it
   * replaces, and a confirmation that waited for a concurrent one re-checks the guard against the row that one
   * committed, so a succeeded intent is never confirmed twice (one charge id). Only when the guard refused (the
   * intent had succeeded: `succeeded` is final) or the intent does not exist does a second statement read it.
   */
  @InjectManager()
  async confirmPaymentIntent(
    id: string,
    paymentMethod: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxPaymentIntentView> {
    if (!isSandboxPaymentMethod(paymentMethod)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Unknown sandbox payment method '${paymentMethod}': use ${SANDBOX_PAYMENT_METHODS.join(" or ")}`
      )
    }
    const [updated] =
      paymentMethod === "pm_card_visa"
        ? await this.queryPrepared<IntentRow>(
            sharedContext,
            CONFIRM_INTENT_SUCCEEDED,
            [entityId("ch"), paymentMethod, id, entityId("tr")]
          )
        : await this.queryPrepared<IntentRow>(
            sharedContext,
            CONFIRM_INTENT_DECLINED,
            [paymentMethod, SANDBOX_DECLINE_MESSAGE, id]
          )
    if (updated) {
      return toView(updated)
    }
    // Nothing updated: unknown, or already succeeded (read in a new statement, which sees the committed charge).
    const [current] = await this.queryPrepared<IntentRow>(
      sharedContext,
      INTENT_BY_ID,
      [id]
    )
    if (!current) {
      throw this.noSuch("payment_intent", id)
    }
    return toView(current)
  }

  @InjectManager()
  async createTransfer(
    input: CreateTransferInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string }> {
    assertCents(input.amountCents, "amount", 1)
    assertUsd(input.currency)
    assertIdempotencyKey(input.idempotencyKey)
    if (!input.destination) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A transfer needs a destination account")
    }
    if (!input.sourceTransaction) {
      // Stripe's answer too: without a funding charge the platform's own (empty) balance would be used.
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Insufficient funds in the sandbox balance: name the funding charge as source_transaction",
        PAYMENT_ERROR_CODES.BALANCE_INSUFFICIENT
      )
    }
    const hash = requestHash("transfer.create", input)
    const [outcome] = await this.queryPrepared<TransferOutcome>(sharedContext, CREATE_TRANSFER, [
      input.sourceTransaction,
      input.idempotencyKey,
      entityId("tr"),
      input.amountCents,
      input.currency,
      input.destination,
      input.transferGroup,
      JSON.stringify(input.metadata ?? {}),
      input.idempotencyKey,
      hash,
    ]).catch((error: unknown) => this.refuseOverdraw(sharedContext, error, input))
    if (!outcome.charge_exists) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `No such charge: '${input.sourceTransaction}'`,
        PAYMENT_ERROR_CODES.RESOURCE_MISSING
      )
    }
    if (outcome.existing_id) {
      const existing: KeyedRow = { id: outcome.existing_id, request_hash: outcome.existing_hash as string }
      return { id: this.checkReplay(existing, hash, input.idempotencyKey).id }
    }
    if (outcome.inserted_id) {
      return { id: outcome.inserted_id }
    }
    // Not inserted: the key was taken meanwhile by a request this statement's snapshot did not see.
    return { id: (await this.replay<KeyedRow>(sharedContext, "sandbox_transfer", input.idempotencyKey, hash)).id }
  }

  @InjectTransactionManager()
  async reverseTransfer(
    input: ReverseTransferInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string }> {
    if (input.amountCents !== undefined) {
      assertCents(input.amountCents, "amount", 1)
    }
    assertIdempotencyKey(input.idempotencyKey)
    const hash = requestHash("transfer.reverse", input)

    const [transfer] = await this.query<TransferRow>(
      sharedContext,
      `select id, amount, amount_reversed, request_hash from sandbox_transfer
       where id = ? and deleted_at is null for update`,
      [input.transferId]
    )
    if (!transfer) {
      throw this.noSuch("transfer", input.transferId)
    }
    const existing = await this.findByKey<KeyedRow>(sharedContext, "sandbox_transfer_reversal", input.idempotencyKey)
    if (existing) {
      return { id: this.checkReplay(existing, hash, input.idempotencyKey).id }
    }

    const remaining = transfer.amount - transfer.amount_reversed
    if (remaining <= 0) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Transfer ${transfer.id} has already been fully reversed`)
    }
    const amount = input.amountCents ?? remaining
    if (amount > remaining) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Reversal amount (${amount} cents) is greater than the unreversed amount ` +
          `of transfer ${transfer.id} (${remaining} cents)`,
        PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE
      )
    }

    const [inserted] = await this.query<KeyedRow>(
      sharedContext,
      `insert into sandbox_transfer_reversal (id, amount, idempotency_key, request_hash, transfer_id)
       values (?, ?, ?, ?, ?)
       on conflict (idempotency_key) where deleted_at is null do nothing
       returning id, request_hash`,
      [entityId("trr"), amount, input.idempotencyKey, hash, transfer.id]
    )
    if (!inserted) {
      return {
        id: (await this.replay<KeyedRow>(sharedContext, "sandbox_transfer_reversal", input.idempotencyKey, hash)).id,
      }
    }
    await this.query(
      sharedContext,
      `update sandbox_transfer set amount_reversed = amount_reversed + ?, updated_at = now() where id = ?`,
      [amount, transfer.id]
    )
    return { id: inserted.id }
  }

  @InjectTransactionManager()
  async createRefund(
    input: CreateRefundInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CreatedRefund> {
    if (input.amountCents !== undefined) {
      assertCents(input.amountCents, "amount", 1)
    }
    assertIdempotencyKey(input.idempotencyKey)
    const hash = requestHash("refund.create", input)

    const intent = await this.lockIntent(sharedContext, input.paymentIntentId)
    const existing = await this.findByKey<KeyedRow & { status: string; transfer_reversal_id: string | null }>(
      sharedContext,
      "sandbox_refund",
      input.idempotencyKey
    )
    if (existing) {
      const replayed = this.checkReplay(existing, hash, input.idempotencyKey)
      return refundResult(replayed)
    }
    if (intent.status !== "succeeded" || !intent.charge_id) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund`
      )
    }

    const [{ total }] = await this.query<{ total: number }>(
      sharedContext,
      `select coalesce(sum(amount), 0)::int as total from sandbox_refund
       where payment_intent_id = ? and deleted_at is null`,
      [intent.id]
    )
    const remaining = intent.amount - total
    if (remaining <= 0) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Charge ${intent.charge_id} has already been refunded`)
    }
    const amount = input.amountCents ?? remaining
    if (amount > remaining) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Refund amount (${amount} cents) is greater than unrefunded amount on charge (${remaining} cents)`,
        PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE
      )
    }

    const destination = input.destinationCharge
      ? await this.reverseDestinationCharge(sharedContext, intent, {
          amountCents: amount,
          refundedCents: total,
          idempotencyKey: input.idempotencyKey,
          hash,
        })
      : null

    const [inserted] = await this.query<KeyedRow & { status: string; transfer_reversal_id: string | null }>(
      sharedContext,
      `insert into sandbox_refund (id, amount, status, charge_id, idempotency_key, request_hash, payment_intent_id,
         reverse_transfer, refund_application_fee, application_fee_refunded, transfer_reversal_id, transfer_reversal_amount)
       values (?, ?, 'succeeded', ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (idempotency_key) where deleted_at is null do nothing
       returning id, status, request_hash, transfer_reversal_id`,
      [
        entityId("re"),
        amount,
        intent.charge_id,
        input.idempotencyKey,
        hash,
        intent.id,
        Boolean(destination),
        Boolean(destination),
        destination?.applicationFeeRefundedCents ?? null,
        destination?.transferReversalId ?? null,
        destination?.transferReversalCents ?? null,
      ]
    )
    const row =
      inserted ??
      (await this.replay<KeyedRow & { status: string; transfer_reversal_id: string | null }>(
        sharedContext,
        "sandbox_refund",
        input.idempotencyKey,
        hash
      ))
    return refundResult(row)
  }

  /**
   * A destination charge's refund with `reverse_transfer` and `refund_application_fee`, as Stripe makes it: the
   * application fee comes back in proportion of the refund (round(fee x amount / charge); the refund that leaves the
   * charge refunded in full returns the rest: lib/store-refunds.ts), and the connected account's transfer is reversed
   * by the rest of the amount. When the sandbox made the charge's automatic transfer (`destination-charge-{charge}`),
   * the reversal is recorded on it (sandbox_transfer_reversal, keyed by the refund's key); its id is the refund's
   * `transfer_reversal`. Runs under the intent's row lock.
   */
  protected async reverseDestinationCharge(
    sharedContext: Context<SqlEntityManager>,
    intent: IntentRow,
    input: { amountCents: number; refundedCents: number; idempotencyKey: string; hash: string }
  ): Promise<{ applicationFeeRefundedCents: number; transferReversalCents: number; transferReversalId: string }> {
    const [charge] = await this.query<{ application_fee_amount: number | null; transfer_destination: string | null }>(
      sharedContext,
      `select application_fee_amount, transfer_destination from sandbox_payment_intent where id = ?`,
      [intent.id]
    )
    if (!charge?.transfer_destination) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `This PaymentIntent (${intent.id}) is not a destination charge: reverse_transfer needs transfer_data`
      )
    }
    const [{ fee_refunded }] = await this.query<{ fee_refunded: number }>(
      sharedContext,
      `select coalesce(sum(application_fee_refunded), 0)::int as fee_refunded from sandbox_refund
       where payment_intent_id = ? and deleted_at is null`,
      [intent.id]
    )
    const applicationFeeRefundedCents = applicationFeeRefundCents({
      feeCents: Number(charge.application_fee_amount ?? 0),
      chargeCents: intent.amount,
      refundedCents: input.refundedCents,
      refundedFeeCents: Number(fee_refunded),
      amountCents: input.amountCents,
    })
    const transferReversalCents = input.amountCents - applicationFeeRefundedCents
    const [transfer] = await this.query<{ id: string; amount: number; amount_reversed: number }>(
      sharedContext,
      `select id, amount, amount_reversed from sandbox_transfer
       where idempotency_key = 'destination-charge-' || ? and deleted_at is null for update`,
      [intent.charge_id]
    )
    const reversalId = entityId("trr")
    if (transfer && transferReversalCents > 0) {
      const reversed = Math.min(transferReversalCents, transfer.amount - transfer.amount_reversed)
      if (reversed > 0) {
        await this.query(
          sharedContext,
          `insert into sandbox_transfer_reversal (id, amount, idempotency_key, request_hash, transfer_id)
           values (?, ?, ?, ?, ?)`,
          [reversalId, reversed, `${input.idempotencyKey}:transfer_reversal`, input.hash, transfer.id]
        )
        await this.query(
          sharedContext,
          `update sandbox_transfer set amount_reversed = amount_reversed + ?, updated_at = now() where id = ?`,
          [reversed, transfer.id]
        )
      }
    }
    return { applicationFeeRefundedCents, transferReversalCents, transferReversalId: reversalId }
  }

  @InjectManager()
  async listTransfers(
    input: ListTransfersInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<GatewayTransfer[]> {
    return (await this.selectTransfers(sharedContext, requireTransferGroup(input.transferGroup))).map(
      toGatewayTransfer
    )
  }

  /** Every refund of a local intent, newest first, like `GET /v1/refunds?payment_intent=` (none for an unknown id). */
  @InjectManager()
  async listRefunds(
    input: ListRefundsInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<GatewayRefund[]> {
    const rows = await this.query<{ id: string; amount: number; status: string; created_at: Date | string }>(
      sharedContext,
      `select id, amount, status, created_at from sandbox_refund
        where payment_intent_id = ? and deleted_at is null order by created_at desc, id desc`,
      [input.paymentIntentId]
    )
    return rows.map((r) => ({ id: r.id, amountCents: Number(r.amount), status: r.status, createdAt: new Date(r.created_at) }))
  }

  /**
   * One page of a group's transfers, newest first, like `GET /v1/transfers`: at most `limit`, after the transfer
   * `startingAfter` when given (unknown: INVALID_DATA, Stripe's resource_missing).
   */
  @InjectManager()
  async listTransfersPage(
    input: ListTransfersInput & { limit: number; startingAfter?: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<TransferPage> {
    const transferGroup = requireTransferGroup(input.transferGroup)
    if (!Number.isSafeInteger(input.limit) || input.limit < 1) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "limit must be a positive integer")
    }
    if (input.startingAfter !== undefined) {
      const [cursor] = await this.query<{ id: string }>(
        sharedContext,
        `select id from sandbox_transfer where id = ? and deleted_at is null`,
        [input.startingAfter]
      )
      if (!cursor) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `No such transfer: '${input.startingAfter}'`,
          PAYMENT_ERROR_CODES.RESOURCE_MISSING
        )
      }
    }
    // One row more than asked tells whether another page follows.
    const rows = await this.selectTransfers(sharedContext, transferGroup, {
      limit: input.limit + 1,
      startingAfter: input.startingAfter,
    })
    return { transfers: rows.slice(0, input.limit).map(toGatewayTransfer), hasMore: rows.length > input.limit }
  }

  parseWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent {
    return verifyWebhookEvent(rawBody, signatureHeader, this.webhookSecret_)
  }

  /** One statement (INSERT ... ON CONFLICT DO NOTHING): a key already taken replays its account. */
  @InjectManager()
  async createConnectedAccount(
    input: CreateConnectedAccountInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ConnectedAccount> {
    assertIdempotencyKey(input.idempotencyKey)
    if (!input.organizationId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A connected account needs its organization id")
    }
    const params = { type: "express", capabilities: { transfers: { requested: true } }, metadata: { organization_id: input.organizationId } }
    const hash = requestHash("account.create", params)
    const [inserted] = await this.query<AccountRow>(
      sharedContext,
      `insert into sandbox_account (id, metadata, idempotency_key, request_hash)
       values (?, ?::jsonb, ?, ?)
       on conflict (idempotency_key) where deleted_at is null do nothing
       returning *`,
      [entityId("acct"), JSON.stringify(params.metadata), input.idempotencyKey, hash]
    )
    const row =
      inserted ?? (await this.replay<AccountRow>(sharedContext, "sandbox_account", input.idempotencyKey, hash))
    return toConnectedAccount(row)
  }

  @InjectManager()
  async retrieveConnectedAccount(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ConnectedAccount> {
    return toConnectedAccount(await this.selectAccount(sharedContext, id))
  }

  /** The link is the account's sandbox onboarding page; the page sends the user back to these URLs. */
  @InjectManager()
  async createAccountLink(
    input: CreateAccountLinkInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AccountLink> {
    const [row] = await this.query<{ id: string }>(
      sharedContext,
      `update sandbox_account set refresh_url = ?, return_url = ?, updated_at = now()
       where id = ? and deleted_at is null returning id`,
      [input.refreshUrl, input.returnUrl, input.accountId]
    )
    if (!row) throw this.noSuch("account", input.accountId)
    return {
      url: `${this.publicUrl_}${sandboxOnboardingPath(row.id)}`,
      expiresAt: new Date(Date.now() + ACCOUNT_LINK_TTL_MS),
    }
  }

  /** The sandbox onboarding page's account (unknown: NOT_FOUND). */
  @InjectManager()
  async retrieveSandboxAccount(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxAccountView> {
    const row = await this.selectAccount(sharedContext, id)
    return { ...toConnectedAccount(row), refreshUrl: row.refresh_url, returnUrl: row.return_url }
  }

  /**
   * What completing Stripe's hosted onboarding does to an Express account that asked only for transfers: details
   * submitted, payouts enabled, the transfers capability active (charges stay disabled: card payments were never
   * requested). Idempotent.
   */
  @InjectManager()
  async completeSandboxOnboarding(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxAccountView> {
    const [row] = await this.query<AccountRow>(
      sharedContext,
      `update sandbox_account
       set details_submitted = true, payouts_enabled = true, transfers_active = true, updated_at = now()
       where id = ? and deleted_at is null returning *`,
      [id]
    )
    if (!row) throw this.noSuch("account", id)
    return { ...toConnectedAccount(row), refreshUrl: row.refresh_url, returnUrl: row.return_url }
  }

  /**
   * Opens a dispute on an intent's charge, as a cardholder's bank does (docs/disputes.md): of `amountCents` (default
   * the charge less its refunds), `reason` (default `fraudulent`), evidence due by `evidenceDueBy` (default in 7 days).
   * A charge has one dispute, as at Stripe: opening it again returns it as it is.
   */
  @InjectTransactionManager()
  async openSandboxDispute(
    paymentIntentId: string,
    input: { amountCents?: number; reason?: string; evidenceDueBy?: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxDispute> {
    const intent = await this.lockIntent(sharedContext, paymentIntentId)
    if (intent.status !== "succeeded" || !intent.charge_id) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `This PaymentIntent (${intent.id}) does not have a successful charge to dispute`
      )
    }
    const [existing] = await this.query<DisputeRow>(
      sharedContext,
      `select ${DISPUTE_COLUMNS} from sandbox_dispute where charge_id = ? and deleted_at is null`,
      [intent.charge_id]
    )
    if (existing) return toSandboxDispute(existing)
    const [{ total }] = await this.query<{ total: number }>(
      sharedContext,
      `select coalesce(sum(amount), 0)::int as total from sandbox_refund where payment_intent_id = ? and deleted_at is null`,
      [intent.id]
    )
    const disputable = intent.amount - total
    const amount = input.amountCents ?? disputable
    assertCents(amount, "amount", 1)
    if (amount > disputable) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Dispute amount (${amount} cents) is greater than the charge's unrefunded amount (${disputable} cents)`,
        PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE
      )
    }
    const dueBy = input.evidenceDueBy ?? new Date(Date.now() + SANDBOX_DISPUTE_EVIDENCE_DAYS * 24 * 3600 * 1000)
    const [inserted] = await this.query<DisputeRow>(
      sharedContext,
      `insert into sandbox_dispute (id, payment_intent_id, charge_id, amount, currency, reason, status, evidence_due_by)
       values (?, ?, ?, ?, ?, ?, 'needs_response', ?)
       returning ${DISPUTE_COLUMNS}`,
      [
        entityId("du"),
        intent.id,
        intent.charge_id,
        amount,
        intent.currency,
        (input.reason ?? SANDBOX_DISPUTE_DEFAULT_REASON).slice(0, 200),
        dueBy.toISOString(),
      ]
    )
    return toSandboxDispute(inserted)
  }

  /**
   * Closes the dispute of an intent's charge `won` or `lost`, as the bank's decision does. Closing it again with the
   * same outcome returns it as it is; with the other outcome is refused.
   */
  @InjectTransactionManager()
  async closeSandboxDispute(
    paymentIntentId: string,
    outcome: "won" | "lost",
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SandboxDispute> {
    const [row] = await this.query<DisputeRow>(
      sharedContext,
      `select ${DISPUTE_COLUMNS} from sandbox_dispute where payment_intent_id = ? and deleted_at is null for update`,
      [paymentIntentId]
    )
    if (!row) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No dispute on the charge of payment intent '${paymentIntentId}'`,
        PAYMENT_ERROR_CODES.RESOURCE_MISSING
      )
    }
    if (row.status === outcome) return toSandboxDispute(row)
    if (row.status === "won" || row.status === "lost") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Dispute ${row.id} is already closed (${row.status})`)
    }
    const [closed] = await this.query<DisputeRow>(
      sharedContext,
      `update sandbox_dispute set status = ?, closed_at = now(), updated_at = now() where id = ?
       returning ${DISPUTE_COLUMNS}`,
      [outcome, row.id]
    )
    return toSandboxDispute(closed)
  }

  protected async selectAccount(sharedContext: Context<SqlEntityManager>, id: string): Promise<AccountRow> {
    const [row] = await this.query<AccountRow>(
      sharedContext,
      `select * from sandbox_account where id = ? and deleted_at is null`,
      [id]
    )
    if (!row) throw this.noSuch("account", id)
    return row
  }

  /** A group's transfers, newest first (ties by id), optionally after a cursor transfer and up to a limit. */
  protected async selectTransfers(
    sharedContext: Context<SqlEntityManager>,
    transferGroup: string,
    page: { limit?: number; startingAfter?: string } = {}
  ): Promise<ListedTransferRow[]> {
    const params: unknown[] = [transferGroup]
    let after = ""
    if (page.startingAfter !== undefined) {
      after = `and (created_at, id) < (select created_at, id from sandbox_transfer where id = ?)`
      params.push(page.startingAfter)
    }
    let limit = ""
    if (page.limit !== undefined) {
      limit = "limit ?"
      params.push(page.limit)
    }
    return this.query<ListedTransferRow>(
      sharedContext,
      `select id, amount, currency, destination, transfer_group, source_transaction, metadata, amount_reversed,
              created_at
       from sandbox_transfer
       where transfer_group = ? and deleted_at is null ${after}
       order by created_at desc, id desc ${limit}`,
      params
    )
  }

  protected async query<T>(
    sharedContext: Context<SqlEntityManager>,
    sql: string,
    params: unknown[]
  ): Promise<T[]> {
    // Raw rows are plain objects with the selected columns; T names them.
    return (await sqlManager(sharedContext).execute(sql, params)) as unknown as T[]
  }

  protected async queryPrepared<T>(
    sharedContext: Context<SqlEntityManager>,
    statement: PreparedStatement,
    params: unknown[]
  ): Promise<T[]> {
    const result = await runPrepared(sqlKnex(sqlManager(sharedContext)), statement, params)
    return result.rows as T[]
  }

  protected async lockIntent(sharedContext: Context<SqlEntityManager>, id: string): Promise<IntentRow> {
    const [row] = await this.query<IntentRow>(
      sharedContext,
      `select * from sandbox_payment_intent where id = ? and deleted_at is null for update`,
      [id]
    )
    if (!row) {
      throw this.noSuch("payment_intent", id)
    }
    return row
  }

  protected async findByKey<T extends KeyedRow>(
    sharedContext: Context<SqlEntityManager>,
    table: IdempotentTable,
    idempotencyKey: string
  ): Promise<T | undefined> {
    const [row] = await this.query<T>(
      sharedContext,
      `select * from ${table} where idempotency_key = ? and deleted_at is null`,
      [idempotencyKey]
    )
    return row
  }

  /** After an insert lost on the idempotency key: the row that won, if the parameters match. */
  protected async replay<T extends KeyedRow>(
    sharedContext: Context<SqlEntityManager>,
    table: IdempotentTable,
    idempotencyKey: string,
    hash: string
  ): Promise<T> {
    const row = await this.findByKey<T>(sharedContext, table, idempotencyKey)
    if (!row) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Idempotency key '${idempotencyKey}' vanished during replay`
      )
    }
    return this.checkReplay(row, hash, idempotencyKey)
  }

  protected checkReplay<T extends KeyedRow>(row: T, hash: string, idempotencyKey: string): T {
    if (row.request_hash !== hash) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `${IDEMPOTENCY_MISMATCH_MESSAGE} ` +
          `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        PAYMENT_ERROR_CODES.IDEMPOTENCY
      )
    }
    return row
  }

  /** A transfer the charge's check constraint refused: Stripe's answer, with the total it would have reached. */
  protected async refuseOverdraw(
    sharedContext: Context<SqlEntityManager>,
    error: unknown,
    input: CreateTransferInput
  ): Promise<never> {
    if ((error as { constraint?: string }).constraint !== TRANSFERS_WITHIN_AMOUNT) throw error
    const [charge] = await this.query<{ amount: number; transferred_amount: number }>(
      sharedContext,
      `select amount, transferred_amount from sandbox_payment_intent where charge_id = ? and deleted_at is null`,
      [input.sourceTransaction]
    )
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Transfers funded by charge ${input.sourceTransaction} would total ` +
        `${charge.transferred_amount + input.amountCents} cents, more than the charge's ${charge.amount} cents`,
      PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE
    )
  }

  protected noSuch(resource: "account" | "payment_intent" | "transfer", id: string): MedusaError {
    return new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No such ${resource}: '${id}'`,
      PAYMENT_ERROR_CODES.RESOURCE_MISSING
    )
  }
}

/** A sandbox refund as the gateway answers it: its transfer reversal only for a destination charge's refund. */
function refundResult(row: { id: string; status: string; transfer_reversal_id?: string | null }): CreatedRefund {
  return {
    id: row.id,
    status: row.status,
    ...(row.transfer_reversal_id ? { transferReversalId: row.transfer_reversal_id } : {}),
  }
}
