import { carrierTrackingUrl, deriveTrackingUrl, knownCarrier, trackingUrlForCarrier } from "../tracking-url"

const UPS = "https://www.ups.com/track?tracknum="
const USPS = "https://tools.usps.com/go/TrackConfirmAction?tLabels="
const FEDEX = "https://www.fedex.com/fedextrack/?trknbr="

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

  it("stores a custom carrier value as given", () => {
    expect(trackingUrlForCarrier("https://dhl.example/track/123", "123")).toBe("https://dhl.example/track/123")
    expect(trackingUrlForCarrier("DHL", "JD014600003828")).toBe("DHL")
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
