import {
  carrierTrackingUrl,
  deriveTrackingUrl,
  isAcceptedCarrier,
  isHttpsUrl,
  knownCarrier,
  linkableTrackingUrl,
  shownTrackingUrl,
  trackingUrlForCarrier,
} from "../tracking-url"

const UPS = "https://www.ups.com/track?tracknum="
const USPS = "https://tools.usps.com/go/TrackConfirmAction?tLabels="
const FEDEX = "https://www.fedex.com/fedextrack/?trknbr="

/** Custom carrier values that must never become a link. */
const UNSAFE_CARRIERS = [
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "http://parcels.example/track/1",
  "//parcels.example/track/1",
  "/track/1",
  "track/1",
  "DHL",
  "https://",
  "https:///path",
  "https:\\\\parcels.example/1",
  "https://parcels.example\\@evil.example/",
  "https://parcels.example/track 1",
  "https://parcels.example/\u0000",
  "https://parcels.example/\u2028x",
  "ftp://parcels.example/1",
]
describe("trackingUrlForCarrier", () => {
  it.each([
    ["UPS", UPS],
    ["ups", UPS],
    ["Ups", UPS],
    ["USPS", USPS],
    ["usps", USPS],
    ["FedEx", FEDEX],
    ["fedex", FEDEX],
    ["FEDEX", FEDEX],
    [" FedEx ", FEDEX],
  ])("carrier %p uses its template", (carrier, prefix) => {
    expect(trackingUrlForCarrier(carrier, "123456789012")).toBe(`${prefix}123456789012`)
  })

  it("uses the named carrier even when the number looks like another carrier's", () => {
    expect(trackingUrlForCarrier("FedEx", "1Z999AA10123456784")).toBe(`${FEDEX}1Z999AA10123456784`)
  })

  it("stores a custom carrier's https URL as given (trimmed)", () => {
    expect(trackingUrlForCarrier("https://dhl.example/track/123", "123")).toBe("https://dhl.example/track/123")
    expect(trackingUrlForCarrier(" https://dhl.example/t?n=1&x=%20 ", "1")).toBe("https://dhl.example/t?n=1&x=%20")
  })

  it("throws for a custom carrier that is not an https URL, so no unsafe link is ever stored", () => {
    for (const carrier of UNSAFE_CARRIERS) {
      expect(() => trackingUrlForCarrier(carrier, "123")).toThrow(RangeError)
    }
  })

  it("derives from the number when no carrier is given", () => {
    expect(trackingUrlForCarrier(undefined, "1Z999AA10123456784")).toBe(`${UPS}1Z999AA10123456784`)
    expect(trackingUrlForCarrier("", "94001000000000000000")).toBe(`${USPS}94001000000000000000`)
    expect(trackingUrlForCarrier("   ", "123456789012")).toBe(`${FEDEX}123456789012`)
  })

  it("trims and URL-encodes the tracking number", () => {
    expect(trackingUrlForCarrier("UPS", " 1Z 99&x=y ")).toBe(`${UPS}1Z%2099%26x%3Dy`)
    expect(carrierTrackingUrl("USPS", "a/b?c#d")).toBe(`${USPS}a%2Fb%3Fc%23d`)
  })
})

describe("deriveTrackingUrl", () => {
  const digits = (n: number) => "9".repeat(n)

  it("sends 1Z numbers to UPS, case-insensitively", () => {
    expect(deriveTrackingUrl("1Z999AA10123456784")).toBe(`${UPS}1Z999AA10123456784`)
    expect(deriveTrackingUrl("1z999aa10123456784")).toBe(`${UPS}1z999aa10123456784`)
    expect(deriveTrackingUrl("  1Z999AA10123456784  ")).toBe(`${UPS}1Z999AA10123456784`)
  })

  it("sends 20 to 22 digits to USPS", () => {
    expect(deriveTrackingUrl(digits(19))).toBe(`${FEDEX}${digits(19)}`)
    expect(deriveTrackingUrl(digits(20))).toBe(`${USPS}${digits(20)}`)
    expect(deriveTrackingUrl(digits(21))).toBe(`${USPS}${digits(21)}`)
    expect(deriveTrackingUrl(digits(22))).toBe(`${USPS}${digits(22)}`)
    expect(deriveTrackingUrl(digits(23))).toBe(`${FEDEX}${digits(23)}`)
    expect(deriveTrackingUrl(` ${digits(20)}\n`)).toBe(`${USPS}${digits(20)}`)
  })

  it("sends everything else to FedEx", () => {
    expect(deriveTrackingUrl("123456789012")).toBe(`${FEDEX}123456789012`)
    expect(deriveTrackingUrl(`${digits(10)} ${digits(10)}`)).toBe(`${FEDEX}${digits(10)}%20${digits(10)}`)
    expect(deriveTrackingUrl(`${digits(19)}A`)).toBe(`${FEDEX}${digits(19)}A`)
    expect(deriveTrackingUrl("Z1999")).toBe(`${FEDEX}Z1999`)
  })

  it("treats non-ASCII digits as not digits", () => {
    const arabicIndic = "٠".repeat(20)
    expect(deriveTrackingUrl(arabicIndic)).toBe(`${FEDEX}${encodeURIComponent(arabicIndic)}`)
  })
})

describe("knownCarrier", () => {
  it("normalises known carrier names", () => {
    expect(knownCarrier("usps")).toBe("USPS")
    expect(knownCarrier("Fedex")).toBe("FedEx")
    expect(knownCarrier("DHL")).toBeUndefined()
  })
})

describe("isAcceptedCarrier / isHttpsUrl", () => {
  it("accepts the known carriers in any case and absolute https URLs", () => {
    for (const carrier of ["UPS", "usps", " FedEx ", "https://parcels.example/track/1", "HTTPS://Parcels.Example/t?x=1#y"]) {
      expect(isAcceptedCarrier(carrier)).toBe(true)
    }
    expect(isHttpsUrl("https://user@parcels.example:8443/a")).toBe(true)
  })

  it.each(UNSAFE_CARRIERS)("refuses %p", (carrier) => {
    expect(isAcceptedCarrier(carrier)).toBe(false)
  })
})

describe("linkableTrackingUrl", () => {
  it("keeps https URLs and turns anything else into no link", () => {
    expect(linkableTrackingUrl(`${UPS}1Z1`)).toBe(`${UPS}1Z1`)
    expect(linkableTrackingUrl("https://parcels.example/track/1")).toBe("https://parcels.example/track/1")
    for (const stored of [...UNSAFE_CARRIERS, "", null, undefined]) expect(linkableTrackingUrl(stored)).toBeNull()
  })
})

describe("shownTrackingUrl", () => {
  it("shows a stored https URL, hides any other stored value, derives one when none is stored", () => {
    expect(shownTrackingUrl("https://parcels.example/track/1", "1Z1")).toBe("https://parcels.example/track/1")
    expect(shownTrackingUrl("javascript:alert(1)", "1Z1")).toBeNull()
    expect(shownTrackingUrl("DHL", "1Z1")).toBeNull()
    expect(shownTrackingUrl(null, "1Z1")).toBe(`${UPS}1Z1`)
    expect(shownTrackingUrl(null, null)).toBeNull()
  })
})
