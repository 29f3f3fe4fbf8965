import { z } from "@medusajs/framework/zod"
import { isValidSlug } from "../../../../lib/slug"
import {
  validateCollectionRules,
  validateManualInclusions,
  type SmartCollectionRules,
} from "../../../../lib/smart-collection-rules"
import { COLLECTION_TYPES, type CollectionType } from "../../../../modules/curation/models/collection"
import { safeJson, text } from "../../../utils/validation"
import { booleanField, booleanFromQuery, descriptionField, imageUrlField, isAbsent } from "../fields"

// The spec fixes messages ("Name, slug, and type are required", "Product ID required"); unknown extra fields are
// ignored.

export const COLLECTION_MESSAGES = {
  required: "Name, slug, and type are required",
  invalidType: `Type must be one of: ${COLLECTION_TYPES.join(", ")}`,
  invalidSlug: "Slug must be lowercase letters and digits separated by hyphens",
  slugTaken: "Collection with this slug already exists",
  rulesRequired: "Rules are required for smart and hybrid collections",
  rulesNotAllowed: "Rules apply only to smart and hybrid collections",
  rulesInvalid: "Invalid rules: values must not contain NUL characters or unpaired surrogates",
  manualInclusionsNotAllowed: "manualInclusions apply only to hybrid collections",
  manualInclusionsTwice: "Give manualInclusions once: in the body or in rules",
  immutable: "Slug and type cannot be changed",
  nameEmpty: "Name cannot be empty",
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
export const MAX_REORDER_ITEMS = 1000
const MAX_ID_LENGTH = 100

const nameField = (invalid: string) =>
  text(MAX_NAME_LENGTH, { invalid, tooLong: `Name must be at most ${MAX_NAME_LENGTH} characters` })

const slugField = text(MAX_SLUG_LENGTH, COLLECTION_MESSAGES.invalidSlug, { trim: false }).refine(isValidSlug, {
  message: COLLECTION_MESSAGES.invalidSlug,
})

const positionField = z
  .number({ error: COLLECTION_MESSAGES.positionInvalid })
  .int({ error: COLLECTION_MESSAGES.positionInvalid })
  .min(0, { error: COLLECTION_MESSAGES.positionInvalid })
  .max(MAX_POSITION, { error: COLLECTION_MESSAGES.positionInvalid })

type RawRules = { rules?: unknown; manualInclusions?: unknown }
type RuleIssue = { message: string; path: string[] }

/** A hybrid's manualInclusions may come in the body or inside `rules` (the spec's hybrid shape reads both ways). */
function splitRules(body: RawRules): { rawRules: unknown; rawInclusions: unknown } | RuleIssue {
  const { rules } = body
  if (rules && typeof rules === "object" && !Array.isArray(rules) && "manualInclusions" in rules) {
    const { manualInclusions, ...rest } = rules as Record<string, unknown>
    if (body.manualInclusions !== undefined && body.manualInclusions !== null) {
      return { message: COLLECTION_MESSAGES.manualInclusionsTwice, path: ["manualInclusions"] }
    }
    return { rawRules: rest, rawInclusions: manualInclusions }
  }
  return { rawRules: rules, rawInclusions: body.manualInclusions }
}

function parsedRules(raw: unknown): SmartCollectionRules | RuleIssue {
  const result = validateCollectionRules(raw)
  return result.ok ? result.value : { message: result.error, path: ["rules"] }
}

function parsedInclusions(raw: unknown): string[] | RuleIssue {
  const result = validateManualInclusions(raw)
  return result.ok ? result.value : { message: result.error, path: ["manualInclusions"] }
}

const isIssue = (value: unknown): value is RuleIssue =>
  typeof value === "object" && value !== null && "message" in value && "path" in value

/** Adds `issue` to the body's zod issues; the transform then answers z.NEVER (a 400 naming issue.path). */
function refuse(ctx: z.RefinementCtx, issue: RuleIssue): never {
  ctx.addIssue({ code: "custom", ...issue })
  return z.NEVER
}

/**
 * The rules and manualInclusions a new collection of `type` has (creation and preview share these checks and
 * messages): rules required for smart and hybrid and refused for manual; manualInclusions only for hybrid (default
 * none); else the first problem.
 */
function rulesOfType(
  type: CollectionType,
  body: RawRules
): { rules: SmartCollectionRules | null; manual_inclusions: string[] | null } | RuleIssue {
  const split = splitRules(body)
  if (isIssue(split)) return split
  const hasRules = split.rawRules !== undefined && split.rawRules !== null
  let rules: SmartCollectionRules | null = null
  if (type === "manual") {
    if (hasRules) return { message: COLLECTION_MESSAGES.rulesNotAllowed, path: ["rules"] }
  } else {
    if (!hasRules) return { message: COLLECTION_MESSAGES.rulesRequired, path: ["rules"] }
    const parsed = parsedRules(split.rawRules)
    if (isIssue(parsed)) return parsed
    rules = parsed
  }
  let manual_inclusions: string[] | null = type === "hybrid" ? [] : null
  if (split.rawInclusions !== undefined && split.rawInclusions !== null) {
    if (type !== "hybrid") {
      return { message: COLLECTION_MESSAGES.manualInclusionsNotAllowed, path: ["manualInclusions"] }
    }
    const parsed = parsedInclusions(split.rawInclusions)
    if (isIssue(parsed)) return parsed
    manual_inclusions = parsed
  }
  return { rules, manual_inclusions }
}

const rawRulesFields = {
  rules: safeJson(COLLECTION_MESSAGES.rulesInvalid),
  manualInclusions: safeJson(COLLECTION_MESSAGES.rulesInvalid),
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

const present = z.unknown().refine((value) => !isAbsent(value), { message: COLLECTION_MESSAGES.required })

/**
 * POST /api/admin/collections body. Order of checks: name, slug and type present (else "Name, slug, and type are
 * required"); name; type one of the enum; slug format; description, isActive, featuredImage; rules present and
 * valid for smart/hybrid, absent for manual; manualInclusions only for hybrid.
 */
export const CreateCollectionBody = z
  .looseObject({ name: present, slug: present, type: present })
  .pipe(
    z
      .object({
        name: nameField(COLLECTION_MESSAGES.required),
        type: z.enum(COLLECTION_TYPES, { error: COLLECTION_MESSAGES.invalidType }),
        slug: slugField,
        description: descriptionField,
        isActive: booleanField("isActive").optional(),
        featuredImage: imageUrlField(),
        ...rawRulesFields,
      })
      .transform((body, ctx): CreateCollectionInput => {
        const checked = rulesOfType(body.type, body)
        if (isIssue(checked)) return refuse(ctx, checked)
        const { rules, manual_inclusions } = checked
        return {
          slug: body.slug,
          name: body.name,
          description: body.description,
          type: body.type,
          is_active: body.isActive ?? true,
          featured_image: body.featuredImage,
          rules,
          manual_inclusions,
        }
      })
  )
export type CreateCollectionBody = z.output<typeof CreateCollectionBody>

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
export const UpdateCollectionBody = z
  .object({
    slug: z.undefined({ error: COLLECTION_MESSAGES.immutable }),
    type: z.undefined({ error: COLLECTION_MESSAGES.immutable }),
    name: nameField(COLLECTION_MESSAGES.nameEmpty).optional(),
    description: descriptionField.optional(),
    isActive: booleanField("isActive").optional(),
    featuredImage: imageUrlField().optional(),
    ...rawRulesFields,
  })
  .transform((body, ctx): UpdateCollectionInput => {
    const fail = (issue: RuleIssue) => refuse(ctx, issue)
    // Fields that were not sent stay unchanged.
    const update: UpdateCollectionInput = {}
    if (body.name !== undefined) update.name = body.name
    if (body.description !== undefined) update.description = body.description
    if (body.isActive !== undefined) update.is_active = body.isActive
    if (body.featuredImage !== undefined) update.featured_image = body.featuredImage
    const split = splitRules(body)
    if (isIssue(split)) return fail(split)
    if (split.rawRules !== undefined) {
      if (split.rawRules === null) return fail({ message: COLLECTION_MESSAGES.rulesRequired, path: ["rules"] })
      const parsed = parsedRules(split.rawRules)
      if (isIssue(parsed)) return fail(parsed)
      update.rules = parsed
    }
    if (split.rawInclusions !== undefined) {
      const parsed = parsedInclusions(split.rawInclusions)
      if (isIssue(parsed)) return fail(parsed)
      update.manual_inclusions = parsed
    }
    return update
  })
export type UpdateCollectionBody = z.output<typeof UpdateCollectionBody>

/** POST /api/admin/collections/{id}/items: productId required; position optional (default: after the last item). */
export const AddCollectionItemBody = z.object({
  productId: text(MAX_ID_LENGTH, COLLECTION_MESSAGES.productIdRequired),
  position: positionField.nullish().transform((position) => position ?? null),
})
export type AddCollectionItemBody = z.output<typeof AddCollectionItemBody>

const reorderEntry = z.object(
  {
    itemId: text(MAX_ID_LENGTH, COLLECTION_MESSAGES.reorderItemsRequired),
    position: z
      .unknown()
      .refine((value) => value !== undefined && value !== null, { message: COLLECTION_MESSAGES.reorderItemsRequired, abort: true })
      .pipe(positionField),
  },
  { error: COLLECTION_MESSAGES.reorderItemsRequired }
)

/** PATCH /api/admin/collections/{id}/items/reorder: items [{itemId, position}], 1 to 1000 of them, each item once. */
export const ReorderCollectionItemsBody = z.object({
  items: z
    .array(z.unknown(), { error: COLLECTION_MESSAGES.reorderItemsRequired })
    .min(1, { error: COLLECTION_MESSAGES.reorderItemsRequired })
    .max(MAX_REORDER_ITEMS, { error: COLLECTION_MESSAGES.reorderItemsRequired })
    .transform((entries) => entries.map((entry) => (entry && typeof entry === "object" && !Array.isArray(entry) ? entry : {})))
    .pipe(z.array(reorderEntry))
    .transform((items) => items.map((item) => ({ item_id: item.itemId, position: item.position })))
    .refine((items) => new Set(items.map((item) => item.item_id)).size === items.length, {
      message: COLLECTION_MESSAGES.reorderDuplicate,
    }),
})
export type ReorderCollectionItemsBody = z.output<typeof ReorderCollectionItemsBody>

/** GET /api/admin/collections query. */
export const AdminListCollectionsQuery = z.strictObject({
  is_active: booleanFromQuery.optional(),
  type: z.enum(COLLECTION_TYPES).optional(),
})
export type AdminListCollectionsQuery = z.infer<typeof AdminListCollectionsQuery>

export const PREVIEW_LIMIT_DEFAULT = 24
export const PREVIEW_LIMIT_MAX = 100

export const PREVIEW_MESSAGES = {
  typeRuled: "Type must be smart or hybrid: a manual collection has no rules to preview",
  limit: `Limit must be a whole number from 1 to ${PREVIEW_LIMIT_MAX}`,
} as const

export type PreviewCollectionInput = {
  type: Exclude<CollectionType, "manual">
  rules: SmartCollectionRules
  manual_inclusions: string[]
  limit: number
}

/**
 * POST /api/admin/collections/preview body (the admin's rule editor): type smart or hybrid, rules and a hybrid's
 * manualInclusions as POST /api/admin/collections takes them, checked with the same messages, so the editor shows
 * what saving would answer; limit (default 24, at most 100) products are returned.
 */
export const PreviewCollectionBody = z
  .object({
    type: z.enum(["smart", "hybrid"], { error: PREVIEW_MESSAGES.typeRuled }),
    limit: z
      .number({ error: PREVIEW_MESSAGES.limit })
      .int({ error: PREVIEW_MESSAGES.limit })
      .min(1, { error: PREVIEW_MESSAGES.limit })
      .max(PREVIEW_LIMIT_MAX, { error: PREVIEW_MESSAGES.limit })
      .optional(),
    ...rawRulesFields,
  })
  .transform((body, ctx): PreviewCollectionInput => {
    const checked = rulesOfType(body.type, body)
    if (isIssue(checked)) return refuse(ctx, checked)
    // rulesOfType refuses a smart or hybrid type without rules, so rules is set here.
    const rules = checked.rules as SmartCollectionRules
    return { type: body.type, rules, manual_inclusions: checked.manual_inclusions ?? [], limit: body.limit ?? PREVIEW_LIMIT_DEFAULT }
  })
export type PreviewCollectionBody = z.output<typeof PreviewCollectionBody>
