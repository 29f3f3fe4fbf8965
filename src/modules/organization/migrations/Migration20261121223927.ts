import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121223927 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "membership" drop constraint if exists "membership_member_id_organization_id_unique";`);
    this.addSql(`alter table if exists "organization" drop constraint if exists "organization_slug_unique";`);
    this.addSql(`alter table if exists "member" drop constraint if exists "member_email_unique";`);
    this.addSql(`create table if not exists "member" ("id" text not null, "email" text not null, "first_name" text null, "last_name" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "member_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_member_email_unique" ON "member" ("email") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_member_deleted_at" ON "member" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "organization" ("id" text not null, "name" text not null, "slug" text not null, "plan" text check ("plan" in ('starter', 'growth', 'pro')) not null default 'starter', "founding_artist_since" timestamptz null, "gallery_approved" boolean not null default false, "stripe_account_id" text null, "is_guest" boolean not null default false, "expires_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "organization_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_organization_slug_unique" ON "organization" ("slug") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_organization_deleted_at" ON "organization" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_organization_gallery_approved" ON "organization" ("gallery_approved") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "membership" ("id" text not null, "role" text check ("role" in ('owner', 'member')) not null default 'member', "member_id" text not null, "organization_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "membership_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_membership_member_id" ON "membership" ("member_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_membership_organization_id" ON "membership" ("organization_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_membership_deleted_at" ON "membership" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_membership_member_id_organization_id_unique" ON "membership" ("member_id", "organization_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "artist_product" ("id" text not null, "gallery_eligible" boolean not null default false, "product_type" text check ("product_type" in ('original', 'print')) not null default 'print', "featured" boolean not null default false, "archived_at" timestamptz null, "organization_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "artist_product_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_artist_product_organization_id" ON "artist_product" ("organization_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_artist_product_deleted_at" ON "artist_product" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_artist_product_organization_id_gallery_eligible" ON "artist_product" ("organization_id", "gallery_eligible") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "membership" add constraint "membership_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table if exists "membership" add constraint "membership_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table if exists "artist_product" add constraint "artist_product_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "membership" drop constraint if exists "membership_member_id_foreign";`);

    this.addSql(`alter table if exists "membership" drop constraint if exists "membership_organization_id_foreign";`);

    this.addSql(`alter table if exists "artist_product" drop constraint if exists "artist_product_organization_id_foreign";`);

    this.addSql(`drop table if exists "member" cascade;`);

    this.addSql(`drop table if exists "organization" cascade;`);

    this.addSql(`drop table if exists "membership" cascade;`);

    this.addSql(`drop table if exists "artist_product" cascade;`);
  }

}
