import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121224510 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_transfer_reversal" drop constraint if exists "sandbox_transfer_reversal_idempotency_key_unique";`);
    this.addSql(`alter table if exists "sandbox_transfer" drop constraint if exists "sandbox_transfer_idempotency_key_unique";`);
    this.addSql(`alter table if exists "sandbox_refund" drop constraint if exists "sandbox_refund_idempotency_key_unique";`);
    this.addSql(`alter table if exists "sandbox_payment_intent" drop constraint if exists "sandbox_payment_intent_idempotency_key_unique";`);
    this.addSql(`alter table if exists "sandbox_payment_intent" drop constraint if exists "sandbox_payment_intent_charge_id_unique";`);
    this.addSql(`alter table if exists "processed_webhook_event" drop constraint if exists "processed_webhook_event_event_id_unique";`);
    this.addSql(`create table if not exists "processed_webhook_event" ("id" text not null, "event_id" text not null, "type" text not null, "processed_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "processed_webhook_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_processed_webhook_event_event_id_unique" ON "processed_webhook_event" ("event_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_processed_webhook_event_deleted_at" ON "processed_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "sandbox_payment_intent" ("id" text not null, "client_secret" text not null, "amount" integer not null, "currency" text not null, "status" text check ("status" in ('requires_payment_method', 'succeeded')) not null default 'requires_payment_method', "transfer_group" text null, "receipt_email" text null, "metadata" jsonb null, "charge_id" text null, "payment_method" text null, "last_error" text null, "idempotency_key" text not null, "request_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sandbox_payment_intent_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_payment_intent_charge_id_unique" ON "sandbox_payment_intent" ("charge_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_payment_intent_idempotency_key_unique" ON "sandbox_payment_intent" ("idempotency_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_payment_intent_deleted_at" ON "sandbox_payment_intent" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "sandbox_refund" ("id" text not null, "amount" integer not null, "status" text not null default 'succeeded', "charge_id" text not null, "idempotency_key" text not null, "request_hash" text not null, "payment_intent_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sandbox_refund_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_refund_idempotency_key_unique" ON "sandbox_refund" ("idempotency_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_refund_payment_intent_id" ON "sandbox_refund" ("payment_intent_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_refund_deleted_at" ON "sandbox_refund" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "sandbox_transfer" ("id" text not null, "amount" integer not null, "currency" text not null, "destination" text not null, "transfer_group" text null, "source_transaction" text not null, "metadata" jsonb null, "amount_reversed" integer not null default 0, "idempotency_key" text not null, "request_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sandbox_transfer_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_transfer_idempotency_key_unique" ON "sandbox_transfer" ("idempotency_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_transfer_deleted_at" ON "sandbox_transfer" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_transfer_source_transaction" ON "sandbox_transfer" ("source_transaction") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "sandbox_transfer_reversal" ("id" text not null, "amount" integer not null, "idempotency_key" text not null, "request_hash" text not null, "transfer_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sandbox_transfer_reversal_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_transfer_reversal_idempotency_key_unique" ON "sandbox_transfer_reversal" ("idempotency_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_transfer_reversal_transfer_id" ON "sandbox_transfer_reversal" ("transfer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_transfer_reversal_deleted_at" ON "sandbox_transfer_reversal" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "sandbox_refund" add constraint "sandbox_refund_payment_intent_id_foreign" foreign key ("payment_intent_id") references "sandbox_payment_intent" ("id") on update cascade;`);

    this.addSql(`alter table if exists "sandbox_transfer_reversal" add constraint "sandbox_transfer_reversal_transfer_id_foreign" foreign key ("transfer_id") references "sandbox_transfer" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_refund" drop constraint if exists "sandbox_refund_payment_intent_id_foreign";`);

    this.addSql(`alter table if exists "sandbox_transfer_reversal" drop constraint if exists "sandbox_transfer_reversal_transfer_id_foreign";`);

    this.addSql(`drop table if exists "processed_webhook_event" cascade;`);

    this.addSql(`drop table if exists "sandbox_payment_intent" cascade;`);

    this.addSql(`drop table if exists "sandbox_refund" cascade;`);

    this.addSql(`drop table if exists "sandbox_transfer" cascade;`);

    this.addSql(`drop table if exists "sandbox_transfer_reversal" cascade;`);
  }

}
