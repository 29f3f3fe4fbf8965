import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121225700 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "referral_conversion" drop constraint if exists "referral_conversion_referral_id_order_id_unique";`);
    this.addSql(`create table if not exists "referral" ("id" text not null, "organization_id" text not null, "session_id" text not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "referral_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_deleted_at" ON "referral" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_session_id" ON "referral" ("session_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_organization_id_created_at" ON "referral" ("organization_id", "created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "referral_conversion" ("id" text not null, "order_id" text not null, "order_type" text check ("order_type" in ('gallery', 'store')) not null, "amount_cents" integer not null, "converted_at" timestamptz not null, "referral_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "referral_conversion_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_conversion_referral_id" ON "referral_conversion" ("referral_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_conversion_deleted_at" ON "referral_conversion" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_referral_conversion_referral_id_order_id_unique" ON "referral_conversion" ("referral_id", "order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_conversion_order_id" ON "referral_conversion" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_referral_conversion_converted_at" ON "referral_conversion" ("converted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "referral_conversion" add constraint "referral_conversion_referral_id_foreign" foreign key ("referral_id") references "referral" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "referral_conversion" drop constraint if exists "referral_conversion_referral_id_foreign";`);

    this.addSql(`drop table if exists "referral" cascade;`);

    this.addSql(`drop table if exists "referral_conversion" cascade;`);
  }

}
