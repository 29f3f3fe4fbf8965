import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Test-only: the columns of Medusa's `order` table that the platform module's Migration20261123000500 indexes. That
 * migration creates an index on Medusa's own table, so the module's migrations cannot run in a database without the
 * Order module; platform.module.spec.ts runs this one first (it is not a migration of the module).
 */
export class Migration20000101000000_medusa_order_stub extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "order" ("id" text not null primary key, "sales_channel_id" text null, "is_draft_order" boolean not null default false, "created_at" timestamptz not null default now(), "deleted_at" timestamptz null);`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order" cascade;`)
  }
}
