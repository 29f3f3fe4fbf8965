// The marketplaces an organization can connect (docs/marketplace-channels.md), and the words the routes answer with.

export const CHANNELS = ["etsy", "gumroad"] as const
export type Channel = (typeof CHANNELS)[number]

export const CHANNEL_LABELS: Record<Channel, string> = { etsy: "Etsy", gumroad: "Gumroad" }

export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && (CHANNELS as readonly string[]).includes(value)
}

/**
 * A connection's state: `connected` (tokens stored), `expired` (the marketplace refused our refresh token: tokens
 * forgotten, the owner connects again), `disconnected` (an owner disconnected it: tokens forgotten). A channel the
 * organization never connected is listed as `not_connected`.
 */
export const CONNECTION_STATUSES = ["connected", "expired", "disconnected"] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

/** Etsy's permissions Atelier asks for: read the shop and its listings (import), nothing else. */
export const ETSY_SCOPES = ["listings_r", "shops_r"] as const

export const CHANNEL_MESSAGES = {
  unknownChannel: (name: string) => `Unknown channel: ${name} (channels: ${CHANNELS.join(", ")})`,
  ownersOnly: "Only an owner of the organization can connect or disconnect marketplaces",
  /** What the artist reads: the setting is the operator's business, not theirs. */
  etsyNotConfigured: "Connecting Etsy is not available on this gallery yet: the gallery's team has to set it up first",
  /** What the server's log says to the operator meanwhile. */
  etsyNotConfiguredLog:
    "Etsy is not configured on this server: set ETSY_CLIENT_ID (the Etsy app's keystring), ETSY_SHARED_SECRET and " +
    "ETSY_REDIRECT_URI (this server's /api/channels/etsy/callback, registered with the Etsy app)",
  accessTokenRequired: "Access token required",
  tokenRefused: (channel: Channel) => `${CHANNEL_LABELS[channel]} refused this access token`,
  authorizationDenied: (channel: Channel) => `${CHANNEL_LABELS[channel]} authorization was not granted`,
  codeRefused: (channel: Channel) => `${CHANNEL_LABELS[channel]} refused the authorization code: connect again`,
  unavailable: (channel: Channel) => `${CHANNEL_LABELS[channel]} could not be reached; try again later`,
  notConnected: (channel: Channel) => `${CHANNEL_LABELS[channel]} is not connected to this organization`,
  expired: (channel: Channel) =>
    `The ${CHANNEL_LABELS[channel]} connection has expired (${CHANNEL_LABELS[channel]} refused to renew it): connect again`,
  shopTaken: (channel: Channel) => `This ${CHANNEL_LABELS[channel]} shop is already connected to another organization`,
  forbidden: "You can no longer connect marketplaces for this organization",
  codeRequired: "Missing authorization code: start connecting from Atelier",
} as const

/** The dashboard page the Etsy callback sends the owner back to: `{APP_URL}/settings/channels?channel=etsy&status=connected`. */
export const CHANNEL_SETTINGS_PATH = "/settings/channels"

export function channelConnectedUrl(appBaseUrl: string, channel: Channel): string {
  return `${appBaseUrl}${CHANNEL_SETTINGS_PATH}?channel=${channel}&status=connected`
}
