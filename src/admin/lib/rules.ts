import type { ArtworkType } from "../../lib/artwork-types"
import type { SmartCollectionRules } from "../../lib/smart-collection-rules"

/**
 * The rule editor's form state <-> a smart or hybrid collection's `rules` (src/lib/smart-collection-rules.ts, which
 * the API validates with). Pure. Prices are typed text; what is not a number is sent as typed, so the API answers
 * its own message ("Invalid rules: price_min must be a number of 0 or more") next to the editor.
 */
export type RuleDraft = {
  productType: "" | ArtworkType
  priceMin: string
  priceMax: string
  /** Empty: any organization. */
  orgIds: string[]
}

export const EMPTY_RULE_DRAFT: RuleDraft = { productType: "", priceMin: "", priceMax: "", orgIds: [] }

export function draftFromRules(rules: SmartCollectionRules | null | undefined): RuleDraft {
  if (!rules) return { ...EMPTY_RULE_DRAFT }
  return {
    productType: rules.product_type ?? "",
    priceMin: rules.price_min === undefined ? "" : String(rules.price_min),
    priceMax: rules.price_max === undefined ? "" : String(rules.price_max),
    orgIds: rules.org_ids ?? (rules.org_id ? [rules.org_id] : []),
  }
}

function price(text: string): number | string | undefined {
  const trimmed = text.trim()
  if (!trimmed) return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : trimmed
}

/** The rules body of a draft (only what is set; `{}` matches every gallery-eligible product). */
export function rulesFromDraft(draft: RuleDraft): Record<string, unknown> {
  const rules: Record<string, unknown> = {}
  if (draft.productType) rules.product_type = draft.productType
  const min = price(draft.priceMin)
  const max = price(draft.priceMax)
  if (min !== undefined) rules.price_min = min
  if (max !== undefined) rules.price_max = max
  if (draft.orgIds.length) rules.org_ids = [...draft.orgIds]
  return rules
}

/** A one-line reading of rules for lists ("Prints, 0-50 USD, 2 organizations"). */
export function describeRules(rules: SmartCollectionRules | null | undefined, orgNames: Map<string, string> = new Map()): string {
  if (!rules) return "No rules"
  const parts: string[] = []
  if (rules.product_type) parts.push(rules.product_type === "original" ? "Originals" : "Prints")
  if (rules.price_min !== undefined && rules.price_max !== undefined) parts.push(`${rules.price_min}–${rules.price_max} USD`)
  else if (rules.price_min !== undefined) parts.push(`from ${rules.price_min} USD`)
  else if (rules.price_max !== undefined) parts.push(`up to ${rules.price_max} USD`)
  const orgIds = rules.org_ids ?? (rules.org_id ? [rules.org_id] : [])
  if (orgIds.length === 1) parts.push(orgNames.get(orgIds[0]) ?? "1 organization")
  else if (orgIds.length > 1) parts.push(`${orgIds.length} organizations`)
  return parts.length ? parts.join(", ") : "All eligible products"
}
