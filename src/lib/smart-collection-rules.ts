import { ARTWORK_TYPES, type ArtworkType } from "./artwork-types"

/**
 * Rules of smart and hybrid collections (spec part 2, Collection): which gallery products a collection shows.
 * Pure: validation, translation into database filters (evaluation happens in SQL, see queries/curation.ts), and
 * matching of one already-loaded product (used only for the bounded list of a hybrid's manual inclusions).
 *
 * Every collection shows gallery-eligible products only (active, gallery_eligible, organization approved), like
 * every public gallery view. So `gallery_eligible` and `is_active` may only be `true` (they restate what is always
 * enforced); `false` is refused with a message rather than silently producing an empty collection.
 */

export const RULE_KEYS = ["price_min", "price_max", "gallery_eligible", "is_active", "org_id", "org_ids", "product_type"] as const
export type RuleKey = (typeof RULE_KEYS)[number]

/** At most this many organizations in `org_ids`, and manual inclusions in a hybrid collection. */
export const MAX_RULE_ORG_IDS = 100
export const MAX_MANUAL_INCLUSIONS = 200

export type SmartCollectionRules = {
  price_min?: number
  price_max?: number
  gallery_eligible?: true
  is_active?: true
  org_id?: string
  org_ids?: string[]
  product_type?: ArtworkType
}

export type Validation<T> = { ok: true; value: T } | { ok: false; error: string }

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error: `Invalid rules: ${error}` })

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

/** Validates a rules object; returns it normalized (org ids trimmed and de-duplicated) or a readable error. */
export function validateCollectionRules(raw: unknown): Validation<SmartCollectionRules> {
  if (!isPlainObject(raw)) return fail("rules must be an object")
  const unknown = Object.keys(raw).filter((key) => !(RULE_KEYS as readonly string[]).includes(key))
  if (unknown.length) {
    return fail(`unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `'${k}'`).join(", ")} (allowed: ${RULE_KEYS.join(", ")})`)
  }
  const rules: SmartCollectionRules = {}
  for (const key of ["price_min", "price_max"] as const) {
    const value = raw[key]
    if (value === undefined) continue
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      return fail(`${key} must be a number of 0 or more`)
    }
    rules[key] = value
  }
  if (rules.price_min !== undefined && rules.price_max !== undefined && rules.price_min > rules.price_max) {
    return fail("price_min must not be greater than price_max")
  }
  for (const key of ["gallery_eligible", "is_active"] as const) {
    const value = raw[key]
    if (value === undefined) continue
    if (typeof value !== "boolean") return fail(`${key} must be a boolean`)
    if (!value) return fail(`${key} can only be true: collections show gallery-eligible, active products only`)
    rules[key] = true
  }
  if (raw.org_id !== undefined && raw.org_ids !== undefined) return fail("use either org_id or org_ids, not both")
  if (raw.org_id !== undefined) {
    if (!isNonEmptyString(raw.org_id)) return fail("org_id must be a non-empty string")
    rules.org_id = raw.org_id.trim()
  }
  if (raw.org_ids !== undefined) {
    const ids = raw.org_ids
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isNonEmptyString)) {
      return fail("org_ids must be a non-empty array of organization ids")
    }
    const unique = [...new Set(ids.map((id) => id.trim()))]
    if (unique.length > MAX_RULE_ORG_IDS) return fail(`org_ids may list at most ${MAX_RULE_ORG_IDS} organizations`)
    rules.org_ids = unique
  }
  if (raw.product_type !== undefined) {
    if (typeof raw.product_type !== "string" || !(ARTWORK_TYPES as readonly string[]).includes(raw.product_type)) {
      return fail(`product_type must be one of ${ARTWORK_TYPES.join(", ")}`)
    }
    rules.product_type = raw.product_type as ArtworkType
  }
  return { ok: true, value: rules }
}

/** A hybrid's manual inclusions: product ids, de-duplicated in their given order. */
export function validateManualInclusions(raw: unknown): Validation<string[]> {
  if (!Array.isArray(raw) || !raw.every(isNonEmptyString)) {
    return { ok: false, error: "manualInclusions must be an array of product ids" }
  }
  const unique = [...new Set(raw.map((id) => id.trim()))]
  if (unique.length > MAX_MANUAL_INCLUSIONS) {
    return { ok: false, error: `manualInclusions may list at most ${MAX_MANUAL_INCLUSIONS} products` }
  }
  return { ok: true, value: unique }
}

/** What the database must filter on to evaluate `rules` (always eligible products only). */
export type RuleProductFilters = {
  eligibleOnly: true
  /** Absent: any organization. One entry maps to listGalleryProducts' `org_id`. */
  org_ids?: string[]
  product_type?: ArtworkType
  price_min?: number
  price_max?: number
}

export function rulesToProductFilters(rules: SmartCollectionRules): RuleProductFilters {
  const orgIds = rules.org_ids ?? (rules.org_id ? [rules.org_id] : undefined)
  return {
    eligibleOnly: true,
    ...(orgIds ? { org_ids: orgIds } : {}),
    ...(rules.product_type ? { product_type: rules.product_type } : {}),
    ...(rules.price_min !== undefined ? { price_min: rules.price_min } : {}),
    ...(rules.price_max !== undefined ? { price_max: rules.price_max } : {}),
  }
}

export type RuleCandidate = {
  price: number | null
  org_id: string
  product_type: string
  is_active: boolean
  gallery_eligible: boolean
  org_gallery_approved: boolean
}

/**
 * Whether one loaded product matches `rules` — the same predicate as the SQL filters (a price bound excludes a
 * product without a price; bounds are inclusive). Used for the few products a hybrid lists by hand, never to scan.
 */
export function productMatchesRules(product: RuleCandidate, rules: SmartCollectionRules): boolean {
  if (!product.is_active || !product.gallery_eligible || !product.org_gallery_approved) return false
  const filters = rulesToProductFilters(rules)
  if (filters.org_ids && !filters.org_ids.includes(product.org_id)) return false
  if (filters.product_type && product.product_type !== filters.product_type) return false
  if (filters.price_min !== undefined && (product.price === null || product.price < filters.price_min)) return false
  if (filters.price_max !== undefined && (product.price === null || product.price > filters.price_max)) return false
  return true
}

/**
 * A hybrid collection's products: its manual inclusions first (in their listed order, those loaded, i.e. eligible),
 * then the rule matches not already included, at most `limit`.
 */
export function mergeHybridProducts<P extends { id: string }>(
  manualOrder: string[],
  manualProducts: P[],
  ruleMatches: P[],
  limit: number
): P[] {
  const byId = new Map(manualProducts.map((p) => [p.id, p]))
  const merged: P[] = []
  const seen = new Set<string>()
  for (const id of manualOrder) {
    const product = byId.get(id)
    if (product && !seen.has(id)) {
      merged.push(product)
      seen.add(id)
    }
  }
  for (const product of ruleMatches) {
    if (!seen.has(product.id)) {
      merged.push(product)
      seen.add(product.id)
    }
  }
  return merged.slice(0, Math.max(limit, 0))
}

/**
 * How many products a hybrid collection shows in all: the eligible manual inclusions plus every rule match, less
 * the manual inclusions that also match the rules (counted once).
 */
export function hybridCount(manualProducts: RuleCandidate[], ruleMatchCount: number, rules: SmartCollectionRules): number {
  const overlap = manualProducts.filter((p) => productMatchesRules(p, rules)).length
  return manualProducts.length + ruleMatchCount - overlap
}
