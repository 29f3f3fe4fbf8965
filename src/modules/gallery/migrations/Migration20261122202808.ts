import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122202808 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_outbox_message" drop constraint if exists "gallery_outbox_message_key_unique";`);
    this.addSql(`create table if not exists "gallery_outbox_message" ("id" text not null, "key" text not null, "topic" text not null, "handler" text not null, "payload" jsonb not null, "attempts" integer not null default 0, "available_at" timestamptz not null, "delivered_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_outbox_message_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_outbox_message_key_unique" ON "gallery_outbox_message" ("key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_outbox_message_deleted_at" ON "gallery_outbox_message" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_outbox_message_available_at" ON "gallery_outbox_message" ("available_at") WHERE delivered_at IS NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gallery_outbox_message" cascade;`);
  }

}
