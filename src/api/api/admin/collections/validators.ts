import { z } from "@medusajs/framework/zod"
import { isValidSlug } from "../../../../lib/slug"
import {
  validateCollectionRules,
  validateManualInclusions,
  type SmartCollectionRules,
} from "../../../../lib/smart-collection-rules"
import { COLLECTION_TYPES, type CollectionType } from "../../../../modules/curation/models/collection"
import {
  asBody,
  booleanFromQuery,
  invalid,
  nonEmptyString,
  parseBoolean,
  parseDescription,
  parseImageUrl,
  type Body,
} from "../body-parsing"

export { MAX_DESCRIPTION_LENGTH, parseBoolean, parseImageUrl } from "../body-parsing"

// Bodies are read by hand rather than by a zod middleware: the spec fixes exact messages ("Name, slug, and type are
// required", "Product ID required") that a schema's generated messages would not give. Unknown extra fields are
// ignored. Query strings (filters only) use zod, in middlewares.ts.

export const COLLECTION_MESSAGES = {
  required: "Name, slug, and type are required",
  invalidType: `Type must be one of: ${COLLECTION_TYPES.join(", ")}`,
  invalidSlug: "Slug must be lowercase letters and digits separated by hyphens",
  slugTaken: "Collection with this slug already exists",
  rulesRequired: "Rules are required for smart and hybrid collections",
  rulesNotAllowed: "Rules apply only to smart and hybrid collections",
  manualInclusionsNotAllowed: "manualInclusions apply only to hybrid collections",
  immutable: "Slug and type cannot be changed",
  notFound: "Collection not found",
  productIdRequired: "Product ID required",
  productNotFound: "Product not found",
  productNotEligible: "Product not gallery eligible",
  alreadyInCollection: "Product already in collection",
  itemsManualOnly: "Items can only be added to manual collections; smart and hybrid collections compute theirs from rules",
  itemNotFound: "Collection item not found",
  reorderItemsRequired: "Items must be a non-empty array of {itemId, position}",
  reorderDuplicate: "Each item may appear only once",
  reorderForeign: "Some items do not belong to this collection",
  positionInvalid: "Position must be a whole number, 0 or more",
} as const

export const MAX_NAME_LENGTH = 200
export const MAX_SLUG_LENGTH = 100
export const MAX_POSITION = 1_000_000

const isAbsent = (value: unknown) => value === undefined || value === null || value === ""

function parseName(value: unknown): string {
  const name = nonEmptyString(value)
  if (!name) throw invalid(COLLECTION_MESSAGES.required)
  if (name.length > MAX_NAME_LENGTH) throw invalid(`Name must be at most ${MAX_NAME_LENGTH} characters`)
  return name
}

function parseRules(value: unknown): SmartCollectionRules {
  const result = validateCollectionRules(value)
  if (!result.ok) throw invalid(result.error)
  return result.value
}

function parseManualInclusions(value: unknown): string[] {
  const result = validateManualInclusions(value)
  if (!result.ok) throw invalid(result.error)
  return result.value
}

/** Accepts a hybrid's manualInclusions in the body or inside `rules` (the spec's hybrid shape reads both ways). */
function splitRules(body: Body): { rawRules: unknown; rawInclusions: unknown } {
  const rules = body.rules
  if (rules && typeof rules === "object" && !Array.isArray(rules) && "manualInclusions" in rules) {
    const { manualInclusions, ...rest } = rules as Body
    if (body.manualInclusions !== undefined && body.manualInclusions !== null) {
      throw invalid("Give manualInclusions once: in the body or in rules")
    }
    return { rawRules: rest, rawInclusions: manualInclusions }
  }
  return { rawRules: rules, rawInclusions: body.manualInclusions }
}

export type CreateCollectionInput = {
  slug: string
  name: string
  description: string | null
  type: CollectionType
  is_active: boolean
  featured_image: string | null
  rules: SmartCollectionRules | null
  manual_inclusions: string[] | null
}

/**
 * POST /api/admin/collections body. Order of checks: name, slug and type present (else "Name, slug, and type are
 * required"); type one of the enum; slug format; rules present and valid for smart/hybrid, absent for manual;
 * manualInclusions only for hybrid (also accepted inside `rules`, as the spec's hybrid shape can be read that way).
 */
export function parseCreateCollectionBody(raw: unknown): CreateCollectionInput {
  const body = asBody(raw)
  if (isAbsent(body.name) || isAbsent(body.slug) || isAbsent(body.type)) throw invalid(COLLECTION_MESSAGES.required)
  const name = parseName(body.name)
  if (typeof body.type !== "string" || !(COLLECTION_TYPES as readonly string[]).includes(body.type)) {
    throw invalid(COLLECTION_MESSAGES.invalidType)
  }
  const type = body.type as CollectionType
  if (typeof body.slug !== "string" || body.slug.length > MAX_SLUG_LENGTH || !isValidSlug(body.slug)) {
    throw invalid(COLLECTION_MESSAGES.invalidSlug)
  }
  const slug = body.slug
  const description = parseDescription(body.description)
  const is_active = body.isActive === undefined ? true : parseBoolean(body.isActive, "isActive")
  const featured_image = parseImageUrl(body.featuredImage)

  const { rawRules, rawInclusions } = splitRules(body)

  let rules: SmartCollectionRules | null = null
  if (type === "manual") {
    if (rawRules !== undefined && rawRules !== null) throw invalid(COLLECTION_MESSAGES.rulesNotAllowed)
  } else {
    if (rawRules === undefined || rawRules === null) throw invalid(COLLECTION_MESSAGES.rulesRequired)
    rules = parseRules(rawRules)
  }
  let manual_inclusions: string[] | null = null
  if (rawInclusions !== undefined && rawInclusions !== null) {
    if (type !== "hybrid") throw invalid(COLLECTION_MESSAGES.manualInclusionsNotAllowed)
    manual_inclusions = parseManualInclusions(rawInclusions)
  } else if (type === "hybrid") {
    manual_inclusions = []
  }
  return { slug, name, description, type, is_active, featured_image, rules, manual_inclusions }
}

export type UpdateCollectionInput = {
  name?: string
  description?: string | null
  is_active?: boolean
  featured_image?: string | null
  rules?: SmartCollectionRules
  manual_inclusions?: string[]
}

/**
 * PATCH /api/admin/collections/{id} body: optional name, description, isActive, featuredImage (spec), and, beyond
 * the spec, rules (smart/hybrid) and manualInclusions (hybrid) — checked against the type by the workflow. Slug and
 * type cannot change (400).
 */
export function parseUpdateCollectionBody(raw: unknown): UpdateCollectionInput {
  const body = asBody(raw)
  if (body.slug !== undefined || body.type !== undefined) throw invalid(COLLECTION_MESSAGES.immutable)
  const update: UpdateCollectionInput = {}
  if (body.name !== undefined) {
    const name = nonEmptyString(body.name)
    if (!name) throw invalid("Name cannot be empty")
    update.name = parseName(name)
  }
  if (body.description !== undefined) update.description = parseDescription(body.description)
  if (body.isActive !== undefined) update.is_active = parseBoolean(body.isActive, "isActive")
  if (body.featuredImage !== undefined) update.featured_image = parseImageUrl(body.featuredImage)
  const { rawRules, rawInclusions } = splitRules(body)
  if (rawRules !== undefined) {
    if (rawRules === null) throw invalid(COLLECTION_MESSAGES.rulesRequired)
    update.rules = parseRules(rawRules)
  }
  if (rawInclusions !== undefined) update.manual_inclusions = parseManualInclusions(rawInclusions)
  return update
}

function parsePosition(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_POSITION) {
    throw invalid(COLLECTION_MESSAGES.positionInvalid)
  }
  return value
}

/** POST /api/admin/collections/{id}/items: productId required; position optional (default: after the last item). */
export function parseAddItemBody(raw: unknown): { productId: string; position: number | null } {
  const body = asBody(raw)
  const productId = nonEmptyString(body.productId)
  if (!productId) throw invalid(COLLECTION_MESSAGES.productIdRequired)
  const position = body.position === undefined || body.position === null ? null : parsePosition(body.position)
  return { productId, position }
}

/** PATCH /api/admin/collections/{id}/items/reorder: items [{itemId, position}], non-empty, each item once. */
export function parseReorderBody(raw: unknown): { item_id: string; position: number }[] {
  const items = asBody(raw).items
  if (!Array.isArray(items) || items.length === 0 || items.length > 1000) {
    throw invalid(COLLECTION_MESSAGES.reorderItemsRequired)
  }
  const parsed = items.map((entry) => {
    const item = asBody(entry)
    const itemId = nonEmptyString(item.itemId)
    if (!itemId || item.position === undefined || item.position === null) {
      throw invalid(COLLECTION_MESSAGES.reorderItemsRequired)
    }
    return { item_id: itemId, position: parsePosition(item.position) }
  })
  if (new Set(parsed.map((item) => item.item_id)).size !== parsed.length) {
    throw invalid(COLLECTION_MESSAGES.reorderDuplicate)
  }
  return parsed
}

/** GET /api/admin/collections query. */
export const AdminListCollectionsQuery = z.object({
  is_active: booleanFromQuery.optional(),
  type: z.enum(COLLECTION_TYPES).optional(),
})
export type AdminListCollectionsQuery = z.infer<typeof AdminListCollectionsQuery>
