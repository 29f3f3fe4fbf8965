import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121225705 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_collection_item" drop constraint if exists "gallery_collection_item_collection_id_product_id_unique";`);
    this.addSql(`alter table if exists "gallery_collection" drop constraint if exists "gallery_collection_slug_unique";`);
    this.addSql(`create table if not exists "gallery_collection" ("id" text not null, "slug" text not null, "name" text not null, "description" text null, "type" text check ("type" in ('manual', 'smart', 'hybrid')) not null, "is_active" boolean not null default true, "featured_image" text null, "rules" jsonb null, "manual_inclusions" text[] null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_collection_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_collection_slug_unique" ON "gallery_collection" ("slug") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_collection_deleted_at" ON "gallery_collection" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_collection_is_active_type" ON "gallery_collection" ("is_active", "type") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_collection_item" ("id" text not null, "product_id" text not null, "position" integer not null, "collection_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_collection_item_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_collection_item_collection_id" ON "gallery_collection_item" ("collection_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_collection_item_deleted_at" ON "gallery_collection_item" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_collection_item_collection_id_product_id_unique" ON "gallery_collection_item" ("collection_id", "product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_collection_item_collection_id_position" ON "gallery_collection_item" ("collection_id", "position") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_collection_item_product_id" ON "gallery_collection_item" ("product_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_spotlight" ("id" text not null, "organization_id" text not null, "title" text not null, "description" text null, "featured_image" text null, "is_active" boolean not null default true, "published_at" timestamptz not null, "expires_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_spotlight_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_spotlight_deleted_at" ON "gallery_spotlight" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_spotlight_is_active_published_at" ON "gallery_spotlight" ("is_active", "published_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_spotlight_organization_id" ON "gallery_spotlight" ("organization_id") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "gallery_collection_item" add constraint "gallery_collection_item_collection_id_foreign" foreign key ("collection_id") references "gallery_collection" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gallery_collection_item" drop constraint if exists "gallery_collection_item_collection_id_foreign";`);

    this.addSql(`drop table if exists "gallery_collection" cascade;`);

    this.addSql(`drop table if exists "gallery_collection_item" cascade;`);

    this.addSql(`drop table if exists "gallery_spotlight" cascade;`);
  }

}
