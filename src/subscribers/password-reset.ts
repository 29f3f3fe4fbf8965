import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { AuthWorkflowEvents } from "@medusajs/framework/utils"
import { sendPasswordResetEmail, type PasswordResetRequested } from "../processes/accounts/password-reset-email"

/**
 * `POST /auth/{member|user}/emailpass/reset-password` made a reset token (Medusa's event): email the link that sets
 * a new password. The route answers 201 whether or not the account exists; only the account's own address is emailed.
 */
export default async function passwordResetHandler({ event, container }: SubscriberArgs<PasswordResetRequested>) {
  await sendPasswordResetEmail(container, event.data)
}

export const config: SubscriberConfig = {
  event: AuthWorkflowEvents.PASSWORD_RESET,
  context: { subscriberId: "atelier-password-reset-email" },
}
