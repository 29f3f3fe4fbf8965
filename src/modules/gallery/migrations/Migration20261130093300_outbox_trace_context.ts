import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The trace an outbox message continues (docs/operations.md, "Traces"): the W3C `traceparent` / `tracestate` and the
 * request id of the work that queued it. Null for messages queued before, or by work with neither.
 */
export class Migration20261130093300 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_outbox_message" add column if not exists "trace_context" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gallery_outbox_message" drop column if exists "trace_context";`);
  }

}
