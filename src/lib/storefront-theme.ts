// How an artist's storefront settings (src/lib/organization-settings.ts) look on the gallery's artist page: each
// theme's colours and type, the colours an artist overrides, and the social links in a fixed order with their names.
// Pure.
import {
  SOCIAL_NETWORKS,
  type CustomColorName,
  type SocialNetwork,
  type StorefrontSettings,
  type StorefrontTheme,
} from "./organization-settings"

export type StorefrontPalette = Record<CustomColorName, string> & { font: "sans" | "serif" }

/**
 * The themes' colours: `background` and `text` of the artist's banner, `primary` its links, `secondary` its quieter
 * text, `accent` its rule and borders. Each pair of text and background reads at WCAG AA (4.5:1) or better.
 */
export const STOREFRONT_PALETTES: Record<StorefrontTheme, StorefrontPalette> = {
  classic: { background: "#ffffff", text: "#1f2937", primary: "#1d4ed8", secondary: "#4b5563", accent: "#d1d5db", font: "sans" },
  minimal: { background: "#fafafa", text: "#171717", primary: "#171717", secondary: "#525252", accent: "#e5e5e5", font: "sans" },
  bold: { background: "#fef3c7", text: "#1c1917", primary: "#9a3412", secondary: "#44403c", accent: "#f59e0b", font: "sans" },
  dark: { background: "#111827", text: "#f9fafb", primary: "#93c5fd", secondary: "#d1d5db", accent: "#374151", font: "sans" },
  gallery: { background: "#f5f1ea", text: "#292524", primary: "#7c2d12", secondary: "#57534e", accent: "#d6cfc4", font: "serif" },
}

/** The theme's palette with the artist's own colours in place of the theme's. */
export function storefrontPalette(settings: Pick<StorefrontSettings, "theme" | "custom_colors">): StorefrontPalette {
  const base = STOREFRONT_PALETTES[settings.theme] ?? STOREFRONT_PALETTES.classic
  const custom = Object.fromEntries(Object.entries(settings.custom_colors ?? {}).filter(([, value]) => Boolean(value)))
  return { ...base, ...custom }
}

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  website: "Website",
  instagram: "Instagram",
  facebook: "Facebook",
  x: "X",
  tiktok: "TikTok",
  youtube: "YouTube",
  pinterest: "Pinterest",
  behance: "Behance",
  dribbble: "Dribbble",
  linkedin: "LinkedIn",
  threads: "Threads",
  bluesky: "Bluesky",
}

/** The links an artist gave, in SOCIAL_NETWORKS' order (the website first), each with its network's name. */
export function socialLinkList(links: StorefrontSettings["social_links"]): { network: SocialNetwork; name: string; url: string }[] {
  return SOCIAL_NETWORKS.filter((network) => Boolean(links?.[network])).map((network) => ({
    network,
    name: NETWORK_NAMES[network],
    url: links[network] as string,
  }))
}
