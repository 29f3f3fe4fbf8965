import { dashboardPageTitle, DASHBOARD_APP_TITLE, GALLERY_APP_TITLE, pageTitle } from "../page-title"

describe("pageTitle", () => {
  it("puts the page first and the app after it", () => {
    expect(pageTitle("Prints under $50", GALLERY_APP_TITLE)).toBe("Prints under $50 — Atelier Gallery")
    expect(pageTitle("  Desert\n Bloom ", GALLERY_APP_TITLE)).toBe("Desert Bloom — Atelier Gallery")
  })

  it("is the app's name alone for a page without a title", () => {
    for (const page of [null, undefined, "", "   "]) expect(pageTitle(page, GALLERY_APP_TITLE)).toBe("Atelier Gallery")
  })
})

describe("dashboardPageTitle", () => {
  it.each([
    ["/", "Overview"],
    ["", "Overview"],
    ["/products", "Products"],
    ["/products/", "Products"],
    ["/products/new", "New product"],
    ["/products/prod_1", "Product"],
    ["/orders/ord_1", "Order"],
    ["/campaigns/new", "New campaign"],
    ["/campaigns/segments/new", "Segment"],
    ["/campaigns/segments/seg_1", "Segment"],
    ["/campaigns/camp_1", "Campaign"],
    ["/settings/channels", "Channels"],
    ["/channels", "Channels"],
    ["/settings/api-keys", "API keys"],
    ["/reset-password", "Reset your password"],
    ["/no/such/page", "Page not found"],
  ])("%s is %s", (path, title) => {
    expect(dashboardPageTitle(path)).toBe(title)
    expect(pageTitle(dashboardPageTitle(path), DASHBOARD_APP_TITLE)).toBe(`${title} — Atelier Dashboard`)
  })
})

describe("dashboardPageTitle for who is there", () => {
  it("is the login for a visitor anywhere but the sign-up and the reset, and the new studio for a member without one", () => {
    expect(dashboardPageTitle("/orders", "anonymous")).toBe("Log in")
    expect(dashboardPageTitle("/signup", "anonymous")).toBe("Sign up")
    expect(dashboardPageTitle("/reset-password", "anonymous")).toBe("Reset your password")
    expect(dashboardPageTitle("/", "no-organization")).toBe("New studio")
    expect(dashboardPageTitle("/reset-password", "no-organization")).toBe("Reset your password")
    expect(dashboardPageTitle("/orders", "member")).toBe("Orders")
  })
})
