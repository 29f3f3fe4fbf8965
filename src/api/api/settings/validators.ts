import { z } from "@medusajs/framework/zod"
import { MAX_RETURN_WINDOW_DAYS, RETURN_MESSAGES } from "../../../lib/returns"
import { isValidEmail, normalizeEmail } from "../../../lib/email"
import {
  CUSTOM_COLOR_NAMES,
  EMAIL_DIGEST_FREQUENCIES,
  isCustomColorName,
  isHexColor,
  isHttpsUrl,
  isSocialNetwork,
  SETTINGS_LIMITS,
  SOCIAL_NETWORKS,
  STOREFRONT_THEMES,
} from "../../../lib/organization-settings"
import { isSafeText } from "../../../lib/safe-text"
import { optionalText } from "../../utils/validation"

// PUT bodies change only the fields they carry: an absent field stays as it is, `null` puts its default back
// (docs/settings-and-guest-workspaces.md). Unknown fields are refused, so a typo is never silently ignored.

const orgId = optionalText(100, "org_id must be a string of at most 100 characters")

/** A string (trimmed, safe characters, at most `max`), null to reset, or absent. */
function settingText(max: number, message: string) {
  return z
    .string({ error: message })
    .refine(isSafeText, { message, abort: true })
    .trim()
    .refine((value) => value.length <= max, { message })
    .nullable()
    .optional()
}

function httpsUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value.length <= SETTINGS_LIMITS.url && isSafeText(value) && isHttpsUrl(value), { message })
}

const httpsUrlMessage = (field: string) => `${field} must be an https URL of at most ${SETTINGS_LIMITS.url} characters`

/**
 * An object whose keys are among `isKnown` and whose values pass `value`; each bad entry is reported at its own path
 * (`social_links.instagram`), with the field's message.
 */
function namedMap(field: string, isKnown: (key: string) => boolean, known: readonly string[], value: z.ZodType<string>, valueMessage: string) {
  return z
    .record(z.string(), z.unknown(), { error: `${field} must be an object` })
    .transform((entries, ctx) => {
      const result: Record<string, string> = {}
      for (const [key, raw] of Object.entries(entries)) {
        if (!isKnown(key)) {
          ctx.addIssue({ code: "custom", message: `${field} has an unknown key "${key}" (known: ${known.join(", ")})`, path: [key] })
          return z.NEVER
        }
        const parsed = value.safeParse(raw)
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: valueMessage, path: [key] })
          return z.NEVER
        }
        result[key] = parsed.data
      }
      return result
    })
    .nullable()
    .optional()
}

export const StorefrontSettingsBody = z
  .object({
    org_id: orgId,
    bio: settingText(SETTINGS_LIMITS.bio, `bio must be a string of at most ${SETTINGS_LIMITS.bio} characters`),
    social_links: namedMap(
      "social_links",
      isSocialNetwork,
      SOCIAL_NETWORKS,
      httpsUrl(httpsUrlMessage("Each social link")),
      httpsUrlMessage("Each social link")
    ),
    theme: z.enum(STOREFRONT_THEMES, { error: `theme must be one of: ${STOREFRONT_THEMES.join(", ")}` }).nullable().optional(),
    custom_colors: namedMap(
      "custom_colors",
      isCustomColorName,
      CUSTOM_COLOR_NAMES,
      z
        .string()
        .refine(isHexColor)
        .transform((value) => value.toLowerCase()),
      "Each custom colour must be a hex colour (#rgb or #rrggbb)"
    ),
  })
  .strict()
export type StorefrontSettingsBody = z.infer<typeof StorefrontSettingsBody>

const EMAIL_MESSAGE = `email must be a valid email address of at most ${SETTINGS_LIMITS.email} characters`

export const AccountSettingsBody = z
  .object({
    org_id: orgId,
    display_name: settingText(SETTINGS_LIMITS.displayName, `display_name must be a string of at most ${SETTINGS_LIMITS.displayName} characters`),
    email: z
      .string({ error: EMAIL_MESSAGE })
      .trim()
      .refine((value) => value.length <= SETTINGS_LIMITS.email && isValidEmail(value), { message: EMAIL_MESSAGE })
      .transform(normalizeEmail)
      .nullable()
      .optional(),
    avatar_url: httpsUrl(httpsUrlMessage("avatar_url")).nullable().optional(),
  })
  .strict()
export type AccountSettingsBody = z.infer<typeof AccountSettingsBody>

export const NotificationSettingsBody = z
  .object({
    org_id: orgId,
    email_orders: z.boolean({ error: "email_orders must be a boolean" }).nullable().optional(),
    email_marketing: z.boolean({ error: "email_marketing must be a boolean" }).nullable().optional(),
    email_digest: z
      .enum(EMAIL_DIGEST_FREQUENCIES, { error: `email_digest must be one of: ${EMAIL_DIGEST_FREQUENCIES.join(", ")}` })
      .nullable()
      .optional(),
  })
  .strict()
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>

/** PUT /api/settings/returns: the organization's return window in days after shipment (docs/returns.md). */
export const ReturnSettingsBody = z.object({
  org_id: orgId,
  return_window_days: z
    .number({ error: RETURN_MESSAGES.windowInvalid })
    .int(RETURN_MESSAGES.windowInvalid)
    .min(0, RETURN_MESSAGES.windowInvalid)
    .max(MAX_RETURN_WINDOW_DAYS, RETURN_MESSAGES.windowInvalid),
})
export type ReturnSettingsBody = z.output<typeof ReturnSettingsBody>
