import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121224446 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_payout" drop constraint if exists "gallery_payout_artist_order_id_unique";`);
    this.addSql(`alter table if exists "gallery_artist_order" drop constraint if exists "gallery_artist_order_gallery_order_id_organization_id_unique";`);
    this.addSql(`alter table if exists "gallery_order" drop constraint if exists "gallery_order_payment_intent_id_unique";`);
    this.addSql(`alter table if exists "gallery_order" drop constraint if exists "gallery_order_public_id_unique";`);
    this.addSql(`alter table if exists "gallery_cart_item" drop constraint if exists "gallery_cart_item_session_id_product_id_unique";`);
    this.addSql(`create table if not exists "gallery_cart_item" ("id" text not null, "session_id" text not null, "product_id" text not null, "quantity" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_cart_item_pkey" primary key ("id"), constraint gallery_cart_item_quantity_range check (quantity BETWEEN 1 AND 99));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_cart_item_deleted_at" ON "gallery_cart_item" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_cart_item_session_id_product_id_unique" ON "gallery_cart_item" ("session_id", "product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_cart_item_updated_at" ON "gallery_cart_item" ("updated_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_order" ("id" text not null, "public_id" text not null, "status" text check ("status" in ('pending', 'paid', 'processing', 'partially_shipped', 'shipped', 'delivered', 'cancelled')) not null default 'pending', "email" text not null, "shipping_option" text check ("shipping_option" in ('single_address', 'per_artist')) not null, "shipping_address" jsonb null, "subtotal_cents" integer not null, "gallery_fee_cents" integer not null, "stripe_fee_cents" integer not null, "total_cents" integer not null, "currency_code" text not null default 'usd', "payment_intent_id" text null, "transfer_group" text not null, "cart_session_id" text not null, "referral_session_id" text null, "payment_failure" text null, "paid_at" timestamptz null, "cancelled_at" timestamptz null, "refund_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_order_public_id_unique" ON "gallery_order" ("public_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_order_payment_intent_id_unique" ON "gallery_order" ("payment_intent_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_deleted_at" ON "gallery_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_status_created_at" ON "gallery_order" ("status", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_paid_at" ON "gallery_order" ("paid_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_created_at" ON "gallery_order" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_artist_order" ("id" text not null, "organization_id" text not null, "artist_name" text not null, "status" text check ("status" in ('pending', 'paid', 'processing', 'shipped', 'delivered')) not null default 'pending', "subtotal_cents" integer not null, "payout_cents" integer not null, "shipping_address" jsonb null, "carrier" text null, "tracking_number" text null, "tracking_url" text null, "shipped_at" timestamptz null, "delivered_at" timestamptz null, "paid_at" timestamptz null, "gallery_order_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_artist_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_gallery_order_id" ON "gallery_artist_order" ("gallery_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_deleted_at" ON "gallery_artist_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_artist_order_gallery_order_id_organization_id_unique" ON "gallery_artist_order" ("gallery_order_id", "organization_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_organization_id_status_created_at" ON "gallery_artist_order" ("organization_id", "status", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_organization_id_paid_at" ON "gallery_artist_order" ("organization_id", "paid_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_paid_at" ON "gallery_artist_order" ("paid_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_artist_order_item" ("id" text not null, "product_id" text not null, "variant_id" text null, "product_name" text not null, "quantity" integer not null, "price_cents" integer not null, "image" text null, "artist_order_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_artist_order_item_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_item_artist_order_id" ON "gallery_artist_order_item" ("artist_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_item_deleted_at" ON "gallery_artist_order_item" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_item_product_id" ON "gallery_artist_order_item" ("product_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_order_transition" ("id" text not null, "gallery_order_id" text not null, "artist_order_id" text null, "from_status" text null, "to_status" text not null, "occurred_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_order_transition_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_transition_deleted_at" ON "gallery_order_transition" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_transition_gallery_order_id" ON "gallery_order_transition" ("gallery_order_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_payout" ("id" text not null, "artist_order_id" text not null, "gallery_order_id" text not null, "organization_id" text not null, "amount_cents" integer not null, "status" text check ("status" in ('pending', 'transferred', 'reversed', 'failed')) not null default 'pending', "destination" text null, "transfer_id" text null, "reversal_id" text null, "failure_reason" text null, "transferred_at" timestamptz null, "reversed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_payout_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_payout_artist_order_id_unique" ON "gallery_payout" ("artist_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_payout_deleted_at" ON "gallery_payout" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_payout_status" ON "gallery_payout" ("status") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_payout_gallery_order_id" ON "gallery_payout" ("gallery_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_payout_organization_id" ON "gallery_payout" ("organization_id") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "gallery_artist_order" add constraint "gallery_artist_order_gallery_order_id_foreign" foreign key ("gallery_order_id") references "gallery_order" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table if exists "gallery_artist_order_item" add constraint "gallery_artist_order_item_artist_order_id_foreign" foreign key ("artist_order_id") references "gallery_artist_order" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gallery_artist_order" drop constraint if exists "gallery_artist_order_gallery_order_id_foreign";`);

    this.addSql(`alter table if exists "gallery_artist_order_item" drop constraint if exists "gallery_artist_order_item_artist_order_id_foreign";`);

    this.addSql(`drop table if exists "gallery_cart_item" cascade;`);

    this.addSql(`drop table if exists "gallery_order" cascade;`);

    this.addSql(`drop table if exists "gallery_artist_order" cascade;`);

    this.addSql(`drop table if exists "gallery_artist_order_item" cascade;`);

    this.addSql(`drop table if exists "gallery_order_transition" cascade;`);

    this.addSql(`drop table if exists "gallery_payout" cascade;`);
  }

}
