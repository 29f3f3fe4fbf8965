import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Refunds of artist-store orders (models/store-refund.ts, docs/refunds.md "Store orders"): the refund records, and on
 * each store payment what was refunded of it — the amount, its shipping, the application fee returned and the
 * quantity per line (`refunded_quantities`: `{line id: quantity}`), which the refund's guarded statement keeps within
 * what was paid.
 */
export class Migration20261129230000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "store_refund" ("id" text not null, "store_payment_id" text not null, "order_id" text not null, "organization_id" text not null, "source" text check ("source" in ('artist', 'admin', 'return', 'provider')) not null, "reason" text not null, "items" jsonb not null, "merchandise_cents" integer not null, "shipping_cents" integer not null, "amount_cents" integer not null, "application_fee_cents" integer not null, "artist_share_cents" integer not null, "status" text check ("status" in ('pending', 'succeeded', 'failed')) not null default 'pending', "provider_refund_id" text null, "reversal_id" text null, "requested_by" text null, "failure_reason" text null, "refunded_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "store_refund_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_store_refund_deleted_at" ON "store_refund" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_store_refund_store_payment_id" ON "store_refund" ("store_payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_store_refund_status" ON "store_refund" ("status") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "store_payment" add column if not exists "refunded_cents" integer not null default 0, add column if not exists "refunded_shipping_cents" integer not null default 0, add column if not exists "refunded_fee_cents" integer not null default 0, add column if not exists "refunded_quantities" jsonb not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "store_payment" drop column if exists "refunded_cents", drop column if exists "refunded_shipping_cents", drop column if exists "refunded_fee_cents", drop column if exists "refunded_quantities";`);
    this.addSql(`drop table if exists "store_refund" cascade;`);
  }

}
