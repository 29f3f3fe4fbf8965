import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Payment disputes (models/dispute.ts, docs/disputes.md): one row per provider dispute, on a gallery order or a store
 * payment. The gallery order keeps what the provider reports refunded on its charge (`provider_refunded_cents`, from
 * `charge.refunded`: refunds made in the provider's dashboard included).
 */
export class Migration20261129210000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "gallery_dispute" ("id" text not null, "provider_dispute_id" text not null, "gallery_order_id" text null, "store_payment_id" text null, "charge_id" text null, "payment_intent_id" text null, "amount_cents" integer not null, "currency_code" text not null default 'usd', "reason" text not null, "status" text check ("status" in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')) not null, "evidence_due_by" timestamptz null, "opened_at" timestamptz not null, "closed_at" timestamptz null, "outcome" text check ("outcome" in ('won', 'lost')) null, "loss_plan" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_dispute_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_dispute_provider_dispute_id_unique" ON "gallery_dispute" ("provider_dispute_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_dispute_deleted_at" ON "gallery_dispute" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_dispute_status_evidence_due_by" ON "gallery_dispute" ("status", "evidence_due_by") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_dispute_gallery_order_id" ON "gallery_dispute" ("gallery_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_dispute_store_payment_id" ON "gallery_dispute" ("store_payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`alter table if exists "gallery_order" add column if not exists "provider_refunded_cents" integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gallery_order" drop column if exists "provider_refunded_cents";`);
    this.addSql(`drop table if exists "gallery_dispute" cascade;`);
  }

}
