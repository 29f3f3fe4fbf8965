import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123022743 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "channel_oauth_state" drop constraint if exists "channel_oauth_state_state_digest_unique";`);
    this.addSql(`alter table if exists "channel_listing" drop constraint if exists "channel_listing_organization_id_channel_listing_id_unique";`);
    this.addSql(`alter table if exists "channel_connection" drop constraint if exists "channel_connection_channel_shop_id_unique";`);
    this.addSql(`alter table if exists "channel_connection" drop constraint if exists "channel_connection_organization_id_channel_unique";`);
    this.addSql(`create table if not exists "channel_connection" ("id" text not null, "organization_id" text not null, "channel" text check ("channel" in ('etsy', 'gumroad')) not null, "status" text check ("status" in ('connected', 'expired', 'disconnected')) not null, "account_id" text null, "shop_id" text not null, "shop_name" text null, "access_token" text null, "refresh_token" text null, "access_token_expires_at" timestamptz null, "connected_by" text not null, "connected_at" timestamptz not null, "disconnected_at" timestamptz null, "refreshed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "channel_connection_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_channel_connection_deleted_at" ON "channel_connection" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_channel_connection_organization_id_channel_unique" ON "channel_connection" ("organization_id", "channel") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_channel_connection_channel_shop_id_unique" ON "channel_connection" ("channel", "shop_id") WHERE deleted_at IS NULL AND status = 'connected';`);

    this.addSql(`create table if not exists "channel_listing" ("id" text not null, "organization_id" text not null, "channel" text check ("channel" in ('etsy', 'gumroad')) not null, "listing_id" text not null, "product_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "channel_listing_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_channel_listing_deleted_at" ON "channel_listing" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_channel_listing_organization_id_channel_listing_id_unique" ON "channel_listing" ("organization_id", "channel", "listing_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "channel_oauth_state" ("id" text not null, "state_digest" text not null, "channel" text check ("channel" in ('etsy', 'gumroad')) not null, "organization_id" text not null, "member_id" text not null, "code_verifier" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "channel_oauth_state_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_channel_oauth_state_deleted_at" ON "channel_oauth_state" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_channel_oauth_state_state_digest_unique" ON "channel_oauth_state" ("state_digest") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_channel_oauth_state_expires_at" ON "channel_oauth_state" ("expires_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "channel_connection" cascade;`);

    this.addSql(`drop table if exists "channel_listing" cascade;`);

    this.addSql(`drop table if exists "channel_oauth_state" cascade;`);
  }

}
