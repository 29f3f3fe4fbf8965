import { createHash } from "node:crypto"
import type { IUserModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { normalizeEmail } from "../../lib/email"
import {
  isPasswordResetActor,
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetEmail,
  passwordResetUrl,
  type PasswordResetActor,
} from "../../lib/passwords"
import { publicUrls } from "../../lib/public-urls"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { sendNotificationsOnce } from "../../workflows/common/notifications"

export const PASSWORD_RESET_TEMPLATE = "auth-password-reset"

/** What Medusa's `auth.password_reset` event carries (generateResetPasswordTokenWorkflow): the identifier typed, the token. */
export type PasswordResetRequested = { entity_id: string; actor_type: string; token: string }

/** The account the reset is for: an artist (member) or an administrator (Medusa user) with that email. */
async function accountOf(container: Pick<MedusaContainer, "resolve">, actor: PasswordResetActor, email: string) {
  if (actor === "member") {
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const [member] = await organizations.listMembers({ email }, { select: ["id", "email"], take: 1 })
    return member ?? null
  }
  const users: IUserModuleService = container.resolve(Modules.USER)
  const [user] = await users.listUsers({ email }, { select: ["id", "email"], take: 1 })
  return user ?? null
}

/**
 * Emails the link that sets a new password (docs/artist-dashboard.md, "Accounts"): to an artist, the dashboard's
 * reset page; to an administrator, Medusa admin's. Only for an existing account of that kind (Medusa emits the event
 * for any identity with that email: a reset asked as `member` for an administrator's email sends nothing), once per
 * token (the key is the token's hash, so a redelivered event sends nothing more). The link travels in the email's
 * content only: the notification row, which administrators can list, keeps no token.
 */
export async function sendPasswordResetEmail(
  container: Pick<MedusaContainer, "resolve">,
  event: PasswordResetRequested
): Promise<"sent" | "no_account"> {
  const actor = event.actor_type
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (!isPasswordResetActor(actor) || typeof event.entity_id !== "string" || typeof event.token !== "string") {
    logger.debug(`Password reset for actor "${actor}": no reset page, no email`)
    return "no_account"
  }
  const account = await accountOf(container, actor, normalizeEmail(event.entity_id))
  if (!account) return "no_account"
  const url = passwordResetUrl(publicUrls(process.env), actor, event.token)
  await sendNotificationsOnce(container, [
    {
      to: account.email,
      channel: "email",
      template: PASSWORD_RESET_TEMPLATE,
      trigger_type: "auth.password_reset",
      resource_type: actor,
      resource_id: account.id,
      receiver_id: account.id,
      idempotency_key: `${PASSWORD_RESET_TEMPLATE}:${createHash("sha256").update(event.token).digest("hex")}`,
      data: { actor_type: actor, expires_in_minutes: PASSWORD_RESET_TTL_MINUTES },
      content: passwordResetEmail({ actor, url }),
    },
  ])
  return "sent"
}
