import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Per-artist shipping address changes (models/artist-order-address-change.ts). */
export class Migration20261128153055 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "gallery_artist_order_address_change" ("id" text not null, "artist_order_id" text not null, "previous_address" jsonb null, "new_address" jsonb not null, "changed_at" timestamptz not null, "client_address" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_artist_order_address_change_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_address_change_deleted_at" ON "gallery_artist_order_address_change" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_address_change_artist_order_id_changed_at" ON "gallery_artist_order_address_change" ("artist_order_id", "changed_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gallery_artist_order_address_change" cascade;`);
  }

}
