import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123022341 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "marketing_email_event" drop constraint if exists "marketing_email_event_svix_id_unique";`);
    this.addSql(`alter table if exists "marketing_campaign_recipient" drop constraint if exists "marketing_campaign_recipient_campaign_id_email_unique";`);
    this.addSql(`create table if not exists "marketing_campaign" ("id" text not null, "organization_id" text not null, "segment_id" text not null, "name" text not null, "subject" text not null, "content" text not null, "status" text check ("status" in ('draft', 'scheduled', 'sending', 'sent', 'failed')) not null default 'draft', "scheduled_at" timestamptz null, "send_started_at" timestamptz null, "sent_at" timestamptz null, "claimed_until" timestamptz null, "recipient_count" integer not null default 0, "sent_count" integer not null default 0, "failed_count" integer not null default 0, "delivered_count" integer not null default 0, "opened_count" integer not null default 0, "clicked_count" integer not null default 0, "bounced_count" integer not null default 0, "complained_count" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "marketing_campaign_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_campaign_deleted_at" ON "marketing_campaign" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_campaign_organization_id_created_at" ON "marketing_campaign" ("organization_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_campaign_status_scheduled_at" ON "marketing_campaign" ("status", "scheduled_at") WHERE deleted_at IS NULL AND status IN ('scheduled', 'sending');`);

    this.addSql(`create table if not exists "marketing_campaign_recipient" ("id" text not null, "campaign_id" text not null, "organization_id" text not null, "email" text not null, "status" text check ("status" in ('pending', 'sent', 'failed', 'skipped')) not null default 'pending', "attempts" integer not null default 0, "last_error" text null, "notification_id" text null, "message_id" text null, "sent_at" timestamptz null, "delivered_at" timestamptz null, "opened_at" timestamptz null, "clicked_at" timestamptz null, "bounced_at" timestamptz null, "complained_at" timestamptz null, "open_count" integer not null default 0, "click_count" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "marketing_campaign_recipient_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_campaign_recipient_deleted_at" ON "marketing_campaign_recipient" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_marketing_campaign_recipient_campaign_id_email_unique" ON "marketing_campaign_recipient" ("campaign_id", "email") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_campaign_recipient_campaign_id_status" ON "marketing_campaign_recipient" ("campaign_id", "status") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_campaign_recipient_message_id" ON "marketing_campaign_recipient" ("message_id") WHERE deleted_at IS NULL AND message_id IS NOT NULL;`);

    this.addSql(`create table if not exists "marketing_email_event" ("id" text not null, "svix_id" text not null, "type" text not null, "message_id" text null, "recipient_id" text null, "outcome" text check ("outcome" in ('applied', 'ignored')) not null, "occurred_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "marketing_email_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_email_event_deleted_at" ON "marketing_email_event" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_marketing_email_event_svix_id_unique" ON "marketing_email_event" ("svix_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "marketing_segment" ("id" text not null, "organization_id" text not null, "name" text not null, "filters" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "marketing_segment_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_segment_deleted_at" ON "marketing_segment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_marketing_segment_organization_id_created_at" ON "marketing_segment" ("organization_id", "created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "marketing_campaign" cascade;`);

    this.addSql(`drop table if exists "marketing_campaign_recipient" cascade;`);

    this.addSql(`drop table if exists "marketing_email_event" cascade;`);

    this.addSql(`drop table if exists "marketing_segment" cascade;`);
  }

}
