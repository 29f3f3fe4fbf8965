import {
  DEFAULT_SETTINGS,
  isCustomColorName,
  isHexColor,
  isHttpsUrl,
  isSocialNetwork,
  isStorefrontTheme,
  sendsOrderEmails,
  settingsOf,
} from "../organization-settings"

describe("settingsOf", () => {
  it("answers the defaults when nothing is stored", () => {
    expect(settingsOf("storefront", null)).toEqual({ bio: "", social_links: {}, theme: "classic", custom_colors: {} })
    expect(settingsOf("account", undefined)).toEqual({ display_name: null, email: null, avatar_url: null })
    expect(settingsOf("notifications", {})).toEqual({ email_orders: true, email_marketing: false, email_digest: "weekly" })
  })

  it("keeps stored values (false included) and fills the rest with defaults, only the kind's fields", () => {
    const stored = { bio: "Painter", theme: null, email_orders: false, display_name: "Ada" }
    expect(settingsOf("storefront", stored)).toEqual({ ...DEFAULT_SETTINGS.storefront, bio: "Painter" })
    expect(settingsOf("notifications", stored)).toEqual({ ...DEFAULT_SETTINGS.notifications, email_orders: false })
    expect(settingsOf("account", stored)).toEqual({ display_name: "Ada", email: null, avatar_url: null })
  })
})

describe("sendsOrderEmails", () => {
  it("is on by default and off only when an owner turned it off", () => {
    expect(sendsOrderEmails(undefined)).toBe(true)
    expect(sendsOrderEmails({ email_orders: null })).toBe(true)
    expect(sendsOrderEmails({ email_orders: true })).toBe(true)
    expect(sendsOrderEmails({ email_orders: false })).toBe(false)
  })
})

describe("isHttpsUrl", () => {
  it.each(["https://example.com", "https://instagram.com/ada?x=1", "https://sub.example.co.uk/a/b#c"])("accepts %s", (url) => {
    expect(isHttpsUrl(url)).toBe(true)
  })
  it.each([
    "http://example.com",
    "example.com",
    "ftp://example.com",
    "javascript:alert(1)",
    "https://",
    "https://user:pw@example.com",
    "https://exa mple.com",
    "",
  ])("refuses %s", (url) => {
    expect(isHttpsUrl(url)).toBe(false)
  })
})

describe("isHexColor", () => {
  it.each(["#fff", "#FFF", "#1a2b3c", "#A0B1C2"])("accepts %s", (value) => expect(isHexColor(value)).toBe(true))
  it.each(["fff", "#ffff", "#12345", "#1234567", "#ggg", "red", "#fff "])("refuses %s", (value) => expect(isHexColor(value)).toBe(false))
})

describe("known values", () => {
  it("themes, networks and colour names", () => {
    expect(isStorefrontTheme("classic")).toBe(true)
    expect(isStorefrontTheme("neon")).toBe(false)
    expect(isSocialNetwork("instagram")).toBe(true)
    expect(isSocialNetwork("myspace")).toBe(false)
    expect(isCustomColorName("primary")).toBe(true)
    expect(isCustomColorName("border")).toBe(false)
  })
})
