import { countryChoices, countryName, countryOfLocale, isKnownCountry, ISO_COUNTRY_CODES } from "../countries"
import { COUNTRY_CODES } from "../shipping-rates"

describe("the storefront's country list", () => {
  it("is exactly the list shipping rates are validated against (Medusa's countries)", () => {
    expect([...ISO_COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES])
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(ISO_COUNTRY_CODES.length)
  })

  it("names countries in the shopper's language, the code when there is no name", () => {
    expect(countryName("FR")).toBe("France")
    expect(countryName("de", "de")).toBe("Deutschland")
    expect(countryName("XY")).toBe("XY")
    expect(countryName("ZZ")).toBe("ZZ")
    expect(countryName("FR", "not a locale!")).toBe("FR")
  })

  it("lists every country sorted by name, the code behind each", () => {
    const choices = countryChoices("en")
    expect(choices).toHaveLength(ISO_COUNTRY_CODES.length)
    expect(choices.find((choice) => choice.code === "US")).toEqual({ code: "US", name: "United States" })
    const names = choices.map((choice) => choice.name)
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare))
    expect(names.indexOf("Afghanistan")).toBe(0)
  })

  it("guesses the country of a language tag", () => {
    expect(countryOfLocale("en-GB")).toBe("GB")
    expect(countryOfLocale("fr")).toBe("FR")
    expect(countryOfLocale("en")).toBe("US")
    expect(countryOfLocale("es-419")).toBeNull() // Latin America: a region, not a country
    expect(countryOfLocale("")).toBeNull()
    expect(countryOfLocale(undefined)).toBeNull()
    expect(countryOfLocale("not a locale!")).toBeNull()
  })

  it("tells a listed country from anything else", () => {
    expect(isKnownCountry("fr")).toBe(true)
    expect(isKnownCountry("XX")).toBe(false)
    expect(isKnownCountry(null)).toBe(false)
  })
})
