import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Payments of artists' own storefronts (models/store-payment.ts). */
export class Migration20261123021810 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "store_payment" drop constraint if exists "store_payment_payment_intent_id_unique";`);
    this.addSql(`create table if not exists "store_payment" ("id" text not null, "organization_id" text not null, "payment_intent_id" text not null, "origin" text check ("origin" in ('payment_intent', 'checkout_session')) not null, "checkout_session_id" text null, "customer_email" text not null, "items" jsonb not null, "subtotal_cents" integer not null, "commission_basis_points" integer not null, "platform_fee_cents" integer not null, "currency" text not null default 'usd', "referral_session_id" text null, "status" text check ("status" in ('pending', 'paid', 'cancelled')) not null default 'pending', "order_id" text null, "payment_failure" text null, "refund_id" text null, "paid_at" timestamptz null, "cancelled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "store_payment_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_store_payment_payment_intent_id_unique" ON "store_payment" ("payment_intent_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_store_payment_deleted_at" ON "store_payment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_store_payment_organization_id" ON "store_payment" ("organization_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_store_payment_status_created_at" ON "store_payment" ("status", "created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store_payment" cascade;`);
  }

}
