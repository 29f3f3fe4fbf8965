import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123022142 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platform_webhook_delivery" drop constraint if exists "platform_webhook_delivery_endpoint_id_event_key_unique";`);
    this.addSql(`create table if not exists "platform_webhook_delivery" ("id" text not null, "endpoint_id" text not null, "organization_id" text not null, "event_id" text not null, "event_type" text not null, "event_key" text null, "payload" text not null, "status" text check ("status" in ('pending', 'succeeded', 'failed')) not null default 'pending', "attempt" integer not null default 0, "status_code" integer null, "duration_ms" integer null, "error" text null, "next_retry_at" timestamptz null, "last_attempt_at" timestamptz null, "delivered_at" timestamptz null, "redelivery_of" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platform_webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_webhook_delivery_deleted_at" ON "platform_webhook_delivery" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_webhook_delivery_next_retry_at" ON "platform_webhook_delivery" ("next_retry_at") WHERE status = 'pending' AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_webhook_delivery_endpoint_id_created_at" ON "platform_webhook_delivery" ("endpoint_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platform_webhook_delivery_endpoint_id_event_key_unique" ON "platform_webhook_delivery" ("endpoint_id", "event_key") WHERE event_key IS NOT NULL AND deleted_at IS NULL;`);

    this.addSql(`create table if not exists "platform_webhook_endpoint" ("id" text not null, "organization_id" text not null, "url" text not null, "description" text null, "events" text[] not null, "secret" text not null, "status" text check ("status" in ('enabled', 'disabled')) not null default 'enabled', "disabled_at" timestamptz null, "disabled_reason" text check ("disabled_reason" in ('manual', 'failing')) null, "disabled_notified_at" timestamptz null, "consecutive_failures" integer not null default 0, "failing_since" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platform_webhook_endpoint_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_webhook_endpoint_deleted_at" ON "platform_webhook_endpoint" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_webhook_endpoint_organization_id_created_at" ON "platform_webhook_endpoint" ("organization_id", "created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platform_webhook_delivery" cascade;`);

    this.addSql(`drop table if exists "platform_webhook_endpoint" cascade;`);
  }

}
