// The countries a shopper can ship to, named for people: the ISO 3166-1 alpha-2 codes Medusa knows (its
// `defaultCountries`, against which shipping rates are validated: COUNTRY_CODES in shipping-rates.ts), written out
// here so that a browser app can list them without loading Medusa's utils (a unit test keeps the two lists equal).
// Names come from the browser's own Intl data, in the shopper's language. Pure.

export const ISO_COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW
`
  .trim()
  .split(/\s+/)

const KNOWN = new Set(ISO_COUNTRY_CODES)
const displayNames = new Map<string, Intl.DisplayNames | null>()

function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null
    try {
      names = new Intl.DisplayNames([locale, "en"], { type: "region", fallback: "code" })
    } catch {
      // An engine without region names, or a malformed locale: the codes themselves are shown.
    }
    displayNames.set(locale, names)
  }
  return displayNames.get(locale) ?? null
}

/**
 * A country's name in `locale` ("FR" -> "France"); the code itself for a code we do not list (Intl would name "ZZ"
 * "Unknown Region") or when the engine has no name for it.
 */
export function countryName(code: string, locale = "en"): string {
  const upper = code.toUpperCase()
  if (!KNOWN.has(upper)) return upper
  try {
    return namesIn(locale)?.of(upper) ?? upper
  } catch {
    return upper
  }
}

/** Every country as a select lists it: sorted by its name in `locale`, the ISO code behind it. */
export function countryChoices(locale = "en"): Array<{ code: string; name: string }> {
  const collator = new Intl.Collator(locale)
  return ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name)
  )
}

/**
 * The country a language tag points to, when it is one we list: its region ("en-GB" -> "GB"), else the likeliest
 * region of its language by Unicode's likely subtags ("fr" -> "FR", "en" -> "US"); null otherwise. A guess, for a
 * default the shopper sees and can change.
 */
export function countryOfLocale(locale: string | null | undefined): string | null {
  if (!locale) return null
  try {
    const region = new Intl.Locale(locale).maximize().region
    return region && KNOWN.has(region) ? region : null
  } catch {
    return null
  }
}

/** Whether `code` is a country this list has (any case). */
export function isKnownCountry(code: string | null | undefined): code is string {
  return typeof code === "string" && KNOWN.has(code.toUpperCase())
}
