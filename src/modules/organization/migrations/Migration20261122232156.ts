import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122232156 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "organization_settings" drop constraint if exists "organization_settings_organization_id_unique";`);
    this.addSql(`create table if not exists "organization_settings" ("id" text not null, "bio" text null, "social_links" jsonb null, "theme" text null, "custom_colors" jsonb null, "display_name" text null, "email" text null, "avatar_url" text null, "email_orders" boolean null, "email_marketing" boolean null, "email_digest" text check ("email_digest" in ('daily', 'weekly', 'none')) null, "organization_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "organization_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_organization_settings_organization_id_unique" ON "organization_settings" ("organization_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_organization_settings_deleted_at" ON "organization_settings" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "organization_settings" add constraint "organization_settings_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table if exists "organization" add column if not exists "expired_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "organization_settings" cascade;`);

    this.addSql(`alter table if exists "organization" drop column if exists "expired_at";`);
  }

}
