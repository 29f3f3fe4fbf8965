import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122235222 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platform_sandbox_organization" drop constraint if exists "platform_sandbox_organization_sandbox_organization_id_unique";`);
    this.addSql(`alter table if exists "platform_sandbox_organization" drop constraint if exists "platform_sandbox_organization_organization_id_unique";`);
    this.addSql(`alter table if exists "platform_api_key" drop constraint if exists "platform_api_key_hash_unique";`);
    this.addSql(`create table if not exists "platform_api_key" ("id" text not null, "organization_id" text not null, "data_organization_id" text not null, "name" text not null, "prefix" text not null, "hash" text not null, "scopes" text[] not null, "environment" text check ("environment" in ('live', 'sandbox')) not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platform_api_key_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_api_key_deleted_at" ON "platform_api_key" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platform_api_key_hash_unique" ON "platform_api_key" ("hash") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_api_key_organization_id_created_at" ON "platform_api_key" ("organization_id", "created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "platform_sandbox_organization" ("id" text not null, "organization_id" text not null, "sandbox_organization_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platform_sandbox_organization_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platform_sandbox_organization_deleted_at" ON "platform_sandbox_organization" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platform_sandbox_organization_organization_id_unique" ON "platform_sandbox_organization" ("organization_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platform_sandbox_organization_sandbox_organization_id_unique" ON "platform_sandbox_organization" ("sandbox_organization_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platform_api_key" cascade;`);

    this.addSql(`drop table if exists "platform_sandbox_organization" cascade;`);
  }

}
