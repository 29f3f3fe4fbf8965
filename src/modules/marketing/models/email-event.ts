import { model } from "@medusajs/framework/utils"

/**
 * An email provider event received by `POST /api/webhooks/email`, once per `svix-id` (the unique index de-duplicates
 * redeliveries). Recorded in the same transaction as its effect; `outcome` says whether it changed anything
 * (`applied`) or was acknowledged and ignored (`ignored`: unknown message, a type Atelier does not handle).
 */
export const EmailEvent = model
  .define("marketing_email_event", {
    id: model.id({ prefix: "eevt" }).primaryKey(),
    svix_id: model.text(),
    type: model.text(),
    message_id: model.text().nullable(),
    recipient_id: model.text().nullable(),
    outcome: model.enum(["applied", "ignored"]),
    occurred_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["svix_id"], unique: true }])
