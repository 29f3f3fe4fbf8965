import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122232417 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_account" drop constraint if exists "sandbox_account_idempotency_key_unique";`);
    this.addSql(`create table if not exists "sandbox_account" ("id" text not null, "metadata" jsonb null, "charges_enabled" boolean not null default false, "payouts_enabled" boolean not null default false, "details_submitted" boolean not null default false, "transfers_active" boolean not null default false, "refresh_url" text null, "return_url" text null, "idempotency_key" text not null, "request_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "sandbox_account_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_sandbox_account_idempotency_key_unique" ON "sandbox_account" ("idempotency_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_account_deleted_at" ON "sandbox_account" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_account" cascade;`);
  }

}
