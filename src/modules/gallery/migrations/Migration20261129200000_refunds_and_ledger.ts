import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Refunds (models/refund.ts) and the organizations' ledger (models/ledger-entry.ts, docs/payouts-ledger.md). The
 * ledger is append-only: a trigger refuses every UPDATE and DELETE. Sales, transfers and reversals recorded before
 * the ledger existed are written into it once, from the payouts and store payments that recorded them.
 */
export class Migration20261129200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_payout" add column if not exists "held_at" timestamptz null, add column if not exists "held_reason" text null;`);
    this.addSql(`alter table if exists "gallery_artist_order_item" add column if not exists "refunded_quantity" integer not null default 0;`);
    this.addSql(`alter table if exists "gallery_artist_order" add column if not exists "refunded_cents" integer not null default 0, add column if not exists "refunded_shipping_cents" integer not null default 0, add column if not exists "refunded_share_cents" integer not null default 0, add column if not exists "refunded_merchandise_cents" integer not null default 0;`);
    this.addSql(`alter table if exists "gallery_order" add column if not exists "refunded_merchandise_cents" integer not null default 0;`);

    this.addSql(`create table if not exists "gallery_refund" ("id" text not null, "gallery_order_id" text not null, "artist_order_id" text not null, "organization_id" text not null, "source" text check ("source" in ('artist', 'admin', 'return', 'provider')) not null, "reason" text not null, "items" jsonb not null, "merchandise_cents" integer not null, "shipping_cents" integer not null, "gallery_fee_cents" integer not null, "processing_fee_cents" integer not null, "amount_cents" integer not null, "artist_share_cents" integer not null, "payout_action" text check ("payout_action" in ('reversal', 'reduction', 'none')) not null, "status" text check ("status" in ('pending', 'succeeded', 'failed')) not null default 'pending', "provider_refund_id" text null, "reversal_id" text null, "return_id" text null, "requested_by" text null, "failure_reason" text null, "refunded_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_refund_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_refund_deleted_at" ON "gallery_refund" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_refund_artist_order_id" ON "gallery_refund" ("artist_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_refund_gallery_order_id" ON "gallery_refund" ("gallery_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_refund_status" ON "gallery_refund" ("status") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_return" ("id" text not null, "gallery_order_id" text not null, "artist_order_id" text not null, "organization_id" text not null, "items" jsonb not null, "reason" text not null, "status" text check ("status" in ('requested', 'accepted', 'refused', 'received')) not null default 'requested', "instructions" text null, "refusal_reason" text null, "client_address" text null, "requested_at" timestamptz not null, "accepted_at" timestamptz null, "refused_at" timestamptz null, "received_at" timestamptz null, "refund_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_return_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_return_deleted_at" ON "gallery_return" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_return_artist_order_id_requested_at" ON "gallery_return" ("artist_order_id", "requested_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_return_organization_id_status" ON "gallery_return" ("organization_id", "status") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "gallery_ledger_entry" ("id" text not null, "entry_key" text not null, "organization_id" text not null, "kind" text check ("kind" in ('sale_earned', 'shipping_earned', 'plan_fee', 'transfer_sent', 'transfer_reduced', 'refund_reversal', 'dispute_reversal', 'adjustment')) not null, "amount_cents" integer not null, "earned_cents" integer not null, "sent_cents" integer not null, "currency_code" text not null default 'usd', "gallery_order_id" text null, "artist_order_id" text null, "store_payment_id" text null, "payout_id" text null, "refund_id" text null, "dispute_id" text null, "reference" text null, "description" text not null, "occurred_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "gallery_ledger_entry_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_gallery_ledger_entry_entry_key_unique" ON "gallery_ledger_entry" ("entry_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_ledger_entry_deleted_at" ON "gallery_ledger_entry" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_ledger_entry_organization_id_occurred_at_id" ON "gallery_ledger_entry" ("organization_id", "occurred_at", "id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_ledger_entry_gallery_order_id" ON "gallery_ledger_entry" ("gallery_order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_ledger_entry_store_payment_id" ON "gallery_ledger_entry" ("store_payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE OR REPLACE FUNCTION gallery_ledger_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'gallery_ledger_entry is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
      END $$;`);
    this.addSql(`DROP TRIGGER IF EXISTS "gallery_ledger_entry_append_only" ON "gallery_ledger_entry";`);
    this.addSql(`CREATE TRIGGER "gallery_ledger_entry_append_only" BEFORE UPDATE OR DELETE ON "gallery_ledger_entry" FOR EACH ROW EXECUTE FUNCTION gallery_ledger_entry_append_only();`);

    // What happened before the ledger: each paid artist order's earnings, each payout's transfer and reversal, each
    // store sale with its fee and destination charge (ids derived from the records, so re-running adds nothing).
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id, artist_order_id, description, occurred_at)
      SELECT 'led_sale_' || ao.id, 'sale_earned:' || ao.id, ao.organization_id, 'sale_earned', ao.payout_cents - ao.shipping_cents, ao.payout_cents - ao.shipping_cents, 0, ao.gallery_order_id, ao.id, 'Gallery sale', ao.paid_at
      FROM gallery_artist_order ao WHERE ao.paid_at IS NOT NULL AND ao.payout_cents - ao.shipping_cents > 0 AND ao.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id, artist_order_id, description, occurred_at)
      SELECT 'led_ship_' || ao.id, 'shipping_earned:' || ao.id, ao.organization_id, 'shipping_earned', ao.shipping_cents, ao.shipping_cents, 0, ao.gallery_order_id, ao.id, 'Gallery sale shipping', ao.paid_at
      FROM gallery_artist_order ao WHERE ao.paid_at IS NOT NULL AND ao.shipping_cents > 0 AND ao.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id, artist_order_id, payout_id, reference, description, occurred_at)
      SELECT 'led_tr_' || p.id, 'transfer_sent:' || p.id, p.organization_id, 'transfer_sent', p.amount_cents, 0, p.amount_cents, p.gallery_order_id, p.artist_order_id, p.id, p.transfer_id, 'Transfer to your account', p.transferred_at
      FROM gallery_payout p WHERE p.transfer_id IS NOT NULL AND p.transferred_at IS NOT NULL AND p.amount_cents > 0 AND p.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id, artist_order_id, payout_id, reference, description, occurred_at)
      SELECT 'led_rev_' || p.id, 'refund_reversal:' || p.id, p.organization_id, 'refund_reversal', p.amount_cents, -p.amount_cents, -p.amount_cents, p.gallery_order_id, p.artist_order_id, p.id, p.reversal_id, 'Transfer reversed: order cancelled', p.reversed_at
      FROM gallery_payout p WHERE p.status = 'reversed' AND p.reversed_at IS NOT NULL AND p.amount_cents > 0 AND p.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id, artist_order_id, payout_id, description, occurred_at)
      SELECT 'led_red_' || p.id, 'transfer_reduced:' || p.id, p.organization_id, 'transfer_reduced', p.amount_cents, -p.amount_cents, 0, p.gallery_order_id, p.artist_order_id, p.id, 'Payout cancelled: order cancelled', coalesce(o.cancelled_at, p.updated_at)
      FROM gallery_payout p JOIN gallery_order o ON o.id = p.gallery_order_id
      WHERE p.status = 'failed' AND p.transfer_id IS NULL AND o.status = 'cancelled' AND p.amount_cents > 0 AND p.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, store_payment_id, reference, description, occurred_at)
      SELECT 'led_ssale_' || s.id, 'sale_earned:' || s.id, s.organization_id, 'sale_earned', s.subtotal_cents, s.subtotal_cents, 0, s.id, s.payment_intent_id, 'Store sale', s.paid_at
      FROM store_payment s WHERE s.status = 'paid' AND s.paid_at IS NOT NULL AND s.subtotal_cents > 0 AND s.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, store_payment_id, reference, description, occurred_at)
      SELECT 'led_sship_' || s.id, 'shipping_earned:' || s.id, s.organization_id, 'shipping_earned', s.shipping_cents, s.shipping_cents, 0, s.id, s.payment_intent_id, 'Store sale shipping', s.paid_at
      FROM store_payment s WHERE s.status = 'paid' AND s.paid_at IS NOT NULL AND s.shipping_cents > 0 AND s.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, store_payment_id, reference, description, occurred_at)
      SELECT 'led_sfee_' || s.id, 'plan_fee:' || s.id, s.organization_id, 'plan_fee', s.platform_fee_cents, -s.platform_fee_cents, 0, s.id, s.payment_intent_id, 'Plan fee', s.paid_at
      FROM store_payment s WHERE s.status = 'paid' AND s.paid_at IS NOT NULL AND s.platform_fee_cents > 0 AND s.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
    this.addSql(`INSERT INTO gallery_ledger_entry (id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, store_payment_id, reference, description, occurred_at)
      SELECT 'led_str_' || s.id, 'transfer_sent:' || s.id, s.organization_id, 'transfer_sent', s.subtotal_cents + s.shipping_cents - s.platform_fee_cents, 0, s.subtotal_cents + s.shipping_cents - s.platform_fee_cents, s.id, s.payment_intent_id, 'Store sale paid to your account', s.paid_at
      FROM store_payment s WHERE s.status = 'paid' AND s.paid_at IS NOT NULL AND s.subtotal_cents + s.shipping_cents - s.platform_fee_cents > 0 AND s.deleted_at IS NULL
      ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "gallery_ledger_entry" cascade;`);
    this.addSql(`drop function if exists gallery_ledger_entry_append_only();`);
    this.addSql(`drop table if exists "gallery_refund" cascade;`);
    this.addSql(`drop table if exists "gallery_return" cascade;`);
    this.addSql(`alter table if exists "gallery_artist_order" drop column if exists "refunded_cents", drop column if exists "refunded_shipping_cents", drop column if exists "refunded_share_cents", drop column if exists "refunded_merchandise_cents";`);
    this.addSql(`alter table if exists "gallery_order" drop column if exists "refunded_merchandise_cents";`);
    this.addSql(`alter table if exists "gallery_artist_order_item" drop column if exists "refunded_quantity";`);
    this.addSql(`alter table if exists "gallery_payout" drop column if exists "held_at", drop column if exists "held_reason";`);
  }

}
