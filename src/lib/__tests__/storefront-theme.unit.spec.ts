import { STOREFRONT_THEMES } from "../organization-settings"
import { socialLinkList, storefrontPalette, STOREFRONT_PALETTES } from "../storefront-theme"

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

describe("storefront themes", () => {
  it("has a palette for every theme whose text, links and quieter text read at WCAG AA", () => {
    expect(Object.keys(STOREFRONT_PALETTES).sort()).toEqual([...STOREFRONT_THEMES].sort())
    for (const [theme, palette] of Object.entries(STOREFRONT_PALETTES)) {
      for (const color of [palette.text, palette.primary, palette.secondary]) {
        expect({ theme, color, ok: contrast(color, palette.background) >= 4.5 }).toEqual({ theme, color, ok: true })
      }
    }
  })

  it("lets the artist's own colours replace the theme's, leaving the others", () => {
    expect(storefrontPalette({ theme: "bold", custom_colors: { primary: "#1f2937", background: "" } })).toEqual({
      ...STOREFRONT_PALETTES.bold,
      primary: "#1f2937",
    })
    expect(storefrontPalette({ theme: "gallery", custom_colors: {} })).toEqual(STOREFRONT_PALETTES.gallery)
  })
})

describe("socialLinkList", () => {
  it("lists the given links in a fixed order (website first) with their networks' names", () => {
    expect(
      socialLinkList({ bluesky: "https://bsky.app/profile/a", website: "https://a.example", x: "", instagram: "https://instagram.com/a" })
    ).toEqual([
      { network: "website", name: "Website", url: "https://a.example" },
      { network: "instagram", name: "Instagram", url: "https://instagram.com/a" },
      { network: "bluesky", name: "Bluesky", url: "https://bsky.app/profile/a" },
    ])
    expect(socialLinkList({})).toEqual([])
  })
})
