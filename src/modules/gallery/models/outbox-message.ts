import { model } from "@medusajs/framework/utils"

/**
 * Transactional outbox: one row per (event, handler), written in the same statement as the state change that
 * causes it, so an event exists exactly when its change committed. A dispatcher claims a row with a lease
 * (`available_at` moves into the future), runs its handler and marks it delivered; a process that dies mid-way
 * leaves the row to be claimed again once the lease expires. Handlers are idempotent. See docs/crash-safety.md.
 */
export const OutboxMessage = model
  .define("gallery_outbox_message", {
    id: model.id({ prefix: "gobx" }).primaryKey(),
    /** `{handler}:{resource id}`: a replayed state change cannot queue the same work twice. */
    key: model.text().unique(),
    topic: model.text(),
    handler: model.text(),
    payload: model.json(),
    /**
     * The trace and request the message continues: `{traceparent?, tracestate?, request_id?}` of the work that queued
     * it; the dispatcher runs its handler inside them (docs/operations.md, "Traces").
     */
    trace_context: model.json().nullable(),
    attempts: model.number().default(0),
    /** When the row may next be claimed: now for new rows, the lease's end while claimed, the retry time after a failure. */
    available_at: model.dateTime(),
    delivered_at: model.dateTime().nullable(),
    last_error: model.text().nullable(),
  })
  .indexes([{ on: ["available_at"], where: "delivered_at IS NULL" }])
