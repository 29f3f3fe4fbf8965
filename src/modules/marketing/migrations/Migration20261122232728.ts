import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122232728 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "recoverable_cart" drop constraint if exists "recoverable_cart_organization_id_email_unique";`);
    this.addSql(`alter table if exists "email_suppression" drop constraint if exists "email_suppression_organization_id_email_unique";`);
    this.addSql(`create table if not exists "email_suppression" ("id" text not null, "organization_id" text not null, "email" text not null, "reason" text check ("reason" in ('unsubscribed', 'bounced', 'complained')) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "email_suppression_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_email_suppression_deleted_at" ON "email_suppression" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_email_suppression_organization_id_email_unique" ON "email_suppression" ("organization_id", "email") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "recoverable_cart" ("id" text not null, "organization_id" text not null, "email" text not null, "items" jsonb not null, "cart_total_cents" integer not null, "captured_at" timestamptz not null, "reminder_claimed_until" timestamptz null, "reminder_sent_at" timestamptz null, "purchased_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "recoverable_cart_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_recoverable_cart_deleted_at" ON "recoverable_cart" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_recoverable_cart_organization_id_email_unique" ON "recoverable_cart" ("organization_id", "email") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_recoverable_cart_captured_at" ON "recoverable_cart" ("captured_at") WHERE deleted_at IS NULL AND reminder_sent_at IS NULL AND purchased_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_suppression" cascade;`);

    this.addSql(`drop table if exists "recoverable_cart" cascade;`);
  }

}
