import { DEMO_ARTWORKS, demoArtworkName, demoArtworkSvg, demoArtworkUrl, isDemoArtworkUrl } from "../demo-artwork"

describe("demo artwork", () => {
  const names = Object.keys(DEMO_ARTWORKS)

  it("draws every demo picture as a 1200 x 900 SVG, the same picture every time", () => {
    for (const name of names) {
      const svg = demoArtworkSvg(name)!
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="900" viewBox="[\d. ]+">/)
      expect(svg.endsWith("</svg>")).toBe(true)
      expect(demoArtworkSvg(name)).toBe(svg)
      // No text (fonts differ from machine to machine), no reference to anything outside the drawing.
      expect(svg).not.toMatch(/<text|href=|url\((?!#)/)
    }
  })

  it("draws different works differently, and a print, a detail and a wall view of the same work around it", () => {
    const svgs = names.map((name) => demoArtworkSvg(name))
    expect(new Set(svgs).size).toBe(names.length)
    const work = demoArtworkSvg("desert-bloom")!.replace(/^<svg[^>]*>|<\/svg>$/g, "")
    expect(demoArtworkSvg("desert-bloom-print")).toContain(work)
    expect(demoArtworkSvg("desert-bloom-wall")).toContain(work)
    expect(demoArtworkSvg("fjord-first-light-detail")).toContain(demoArtworkSvg("fjord-first-light")!.replace(/^<svg[^>]*>|<\/svg>$/g, ""))
  })

  it("knows only its own pictures", () => {
    expect(demoArtworkSvg("harbour-at-dusk")).toBeNull()
    expect(demoArtworkSvg("toString")).toBeNull()
    expect(demoArtworkSvg("__proto__")).toBeNull()
  })

  it("names a picture by its file name (.webp only)", () => {
    expect(demoArtworkName("desert-bloom.webp")).toBe("desert-bloom")
    expect(demoArtworkName("desert-bloom.png")).toBeNull()
    expect(demoArtworkName("desert-bloom")).toBeNull()
    expect(demoArtworkName("constructor.webp")).toBeNull()
    expect(demoArtworkName("../desert-bloom.webp")).toBeNull()
  })

  it("builds and recognises the pictures' URLs on any server", () => {
    expect(demoArtworkUrl("http://localhost:9000/api/gallery/images/", "quiet-hours")).toBe(
      "http://localhost:9000/api/gallery/images/demo/quiet-hours.webp"
    )
    expect(isDemoArtworkUrl("https://atelier.example/api/gallery/images/demo/quiet-hours.webp")).toBe(true)
    expect(isDemoArtworkUrl("http://localhost:7001/api/gallery/images/demo/morning-market.webp")).toBe(true)
    expect(isDemoArtworkUrl("http://localhost:9000/api/gallery/images/1732800000000-harbour.png")).toBe(false)
    expect(isDemoArtworkUrl("https://images.example/demo/quiet-hours.webp")).toBe(false)
  })
})
