import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Each organization's return window (docs/returns.md): 30 days after shipment unless its owners set another. */
export class Migration20261129200500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "organization" add column if not exists "return_window_days" integer not null default 30;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "organization" drop column if exists "return_window_days";`);
  }

}
