import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The local gateway's disputes (models/sandbox-dispute.ts): one per charge. */
export class Migration20261129210500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "sandbox_dispute" ("id" text not null, "payment_intent_id" text not null, "charge_id" text not null, "amount" integer not null, "currency" text not null, "reason" text not null, "status" text check ("status" in ('needs_response', 'under_review', 'won', 'lost')) not null default 'needs_response', "evidence_due_by" timestamptz not null, "closed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sandbox_dispute_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_dispute_charge_id_unique" ON "sandbox_dispute" ("charge_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_dispute_deleted_at" ON "sandbox_dispute" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_dispute" cascade;`);
  }

}
