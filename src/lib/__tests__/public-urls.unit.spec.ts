import { publicServerUrl, publicUrls, readPublicUrls } from "../public-urls"

describe("public URLs", () => {
  it("are this server on localhost:9000 by default", () => {
    expect(publicUrls({})).toEqual({
      publicUrl: "http://localhost:9000",
      appUrl: "http://localhost:9000/dashboard",
      galleryUrl: "http://localhost:9000/gallery",
      adminUrl: "http://localhost:9000/app",
    })
  })

  it("follow PORT when PUBLIC_URL is unset: the dashboard too", () => {
    expect(publicUrls({ PORT: "7001" })).toEqual({
      publicUrl: "http://localhost:7001",
      appUrl: "http://localhost:7001/dashboard",
      galleryUrl: "http://localhost:7001/gallery",
      adminUrl: "http://localhost:7001/app",
    })
    expect(publicServerUrl({ PORT: " 7001 " })).toBe("http://localhost:7001")
  })

  it("take PUBLIC_URL over PORT (trailing slashes dropped, a path kept), and APP_URL for the dashboard", () => {
    expect(publicUrls({ PUBLIC_URL: "https://atelier.example/", PORT: "7001" })).toMatchObject({
      publicUrl: "https://atelier.example",
      appUrl: "https://atelier.example/dashboard",
    })
    expect(publicUrls({ PUBLIC_URL: "https://example.org/atelier//" }).publicUrl).toBe("https://example.org/atelier")
    expect(publicUrls({ PUBLIC_URL: "https://atelier.example", APP_URL: "https://app.atelier.example/" }).appUrl).toBe(
      "https://app.atelier.example"
    )
    // Blank values are unset.
    expect(publicUrls({ PUBLIC_URL: "  ", APP_URL: "", PORT: "" }).appUrl).toBe("http://localhost:9000/dashboard")
  })

  it("refuse malformed settings, naming them", () => {
    expect(readPublicUrls({ PUBLIC_URL: "atelier.example" })).toEqual({
      outcome: "refused",
      message: "PUBLIC_URL is not a valid URL: atelier.example",
    })
    expect(readPublicUrls({ APP_URL: "javascript:alert(1)" })).toEqual({
      outcome: "refused",
      message: 'APP_URL must be an http or https URL (got "javascript:alert(1)")',
    })
    expect(readPublicUrls({ APP_URL: "https://app.example/?x=1" })).toEqual({
      outcome: "refused",
      message: 'APP_URL must not have a query or a fragment (got "https://app.example/?x=1")',
    })
    expect(readPublicUrls({ PORT: "90000" })).toEqual({
      outcome: "refused",
      message: 'PORT must be a port number from 1 to 65535 (got "90000")',
    })
    expect(readPublicUrls({ PORT: "90000", PUBLIC_URL: "https://atelier.example" }).outcome).toBe("ok")
    expect(readPublicUrls({ PORT: "7001" })).toMatchObject({ outcome: "ok", publicUrl: "http://localhost:7001" })
  })
})
