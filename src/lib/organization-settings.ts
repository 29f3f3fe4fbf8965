// An organization's settings (spec 2 "Settings", 4.2): storefront, account and notifications. Pure rules: the known
// values, the validation predicates the routes' schemas use, and the defaults a stored row falls back to.

export const SETTINGS_KINDS = ["storefront", "account", "notifications"] as const
export type SettingsKind = (typeof SETTINGS_KINDS)[number]

export const STOREFRONT_THEMES = ["classic", "minimal", "bold", "dark", "gallery"] as const
export type StorefrontTheme = (typeof STOREFRONT_THEMES)[number]

/** The networks `social_links` may name, each pointing to an https URL. `website` is the artist's own site. */
export const SOCIAL_NETWORKS = [
  "website",
  "instagram",
  "facebook",
  "x",
  "tiktok",
  "youtube",
  "pinterest",
  "behance",
  "dribbble",
  "linkedin",
  "threads",
  "bluesky",
] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

/** The colours a storefront theme lets an artist override in `custom_colors`. */
export const CUSTOM_COLOR_NAMES = ["primary", "secondary", "accent", "background", "text"] as const
export type CustomColorName = (typeof CUSTOM_COLOR_NAMES)[number]

export const EMAIL_DIGEST_FREQUENCIES = ["daily", "weekly", "none"] as const
export type EmailDigestFrequency = (typeof EMAIL_DIGEST_FREQUENCIES)[number]

export const SETTINGS_LIMITS = { bio: 2000, displayName: 100, url: 2048, email: 254 } as const

export type StorefrontSettings = {
  bio: string
  social_links: Partial<Record<SocialNetwork, string>>
  theme: StorefrontTheme
  custom_colors: Partial<Record<CustomColorName, string>>
}
export type AccountSettings = { display_name: string | null; email: string | null; avatar_url: string | null }
export type NotificationSettings = { email_orders: boolean; email_marketing: boolean; email_digest: EmailDigestFrequency }

export type SettingsByKind = { storefront: StorefrontSettings; account: AccountSettings; notifications: NotificationSettings }
export type AllSettings = StorefrontSettings & AccountSettings & NotificationSettings

/**
 * What an organization that never saved a setting gets. Stored rows hold only what an owner set (a column is null
 * until then, and a PUT of `null` puts the default back), so changing a default here changes it for everyone who
 * kept it.
 */
export const DEFAULT_SETTINGS: SettingsByKind = {
  storefront: { bio: "", social_links: {}, theme: "classic", custom_colors: {} },
  account: { display_name: null, email: null, avatar_url: null },
  notifications: { email_orders: true, email_marketing: false, email_digest: "weekly" },
}

export const SETTINGS_FIELDS = {
  storefront: ["bio", "social_links", "theme", "custom_colors"],
  account: ["display_name", "email", "avatar_url"],
  notifications: ["email_orders", "email_marketing", "email_digest"],
} as const satisfies { [K in SettingsKind]: readonly (keyof AllSettings)[] }

/** A stored row: each field null (or absent) until an owner sets it. */
export type StoredSettings = { [F in keyof AllSettings]?: AllSettings[F] | null }

/** The settings of one kind as the routes answer them: stored values, defaults where none is stored. */
export function settingsOf<K extends SettingsKind>(kind: K, stored: StoredSettings | null | undefined): SettingsByKind[K] {
  const defaults = DEFAULT_SETTINGS[kind] as Record<string, unknown>
  const result: Record<string, unknown> = {}
  for (const field of SETTINGS_FIELDS[kind]) {
    const value = stored?.[field]
    result[field] = value === null || value === undefined ? defaults[field] : value
  }
  return result as SettingsByKind[K]
}

/** Whether the owners of an organization get its new-order emails (the default when nothing is stored). */
export function sendsOrderEmails(stored: Pick<StoredSettings, "email_orders"> | null | undefined): boolean {
  return stored?.email_orders ?? DEFAULT_SETTINGS.notifications.email_orders
}

/** How often the owners of an organization get the sales digest (the default when nothing is stored). */
export function digestFrequencyOf(stored: Pick<StoredSettings, "email_digest"> | null | undefined): EmailDigestFrequency {
  return stored?.email_digest ?? DEFAULT_SETTINGS.notifications.email_digest
}

/** An absolute https URL with a host (no credentials); other schemes, http included, are refused. */
export function isHttpsUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password && !/\s/.test(value)
}

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

/** `#rgb` or `#rrggbb` (either case). */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value)
}

export function isStorefrontTheme(value: string): value is StorefrontTheme {
  return (STOREFRONT_THEMES as readonly string[]).includes(value)
}

export function isSocialNetwork(value: string): value is SocialNetwork {
  return (SOCIAL_NETWORKS as readonly string[]).includes(value)
}

export function isCustomColorName(value: string): value is CustomColorName {
  return (CUSTOM_COLOR_NAMES as readonly string[]).includes(value)
}
