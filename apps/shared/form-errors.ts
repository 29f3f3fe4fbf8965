// Showing an API error next to the form field it is about, for the two apps and the admin extension (src/admin
// imports this file too: docs/admin-extension.md). Atelier names the refused field in the error: the SDK's
// `AtelierApiError.field` in the apps, the X-Error-Field header (`ApiError.field`) in the admin: `email`,
// `shippingAddress.city`, `items.0.position`. A form maps those names onto its own fields and shows anything else
// above the form. The same placement serves the browser's own check of a form with the shared schemas
// (src/lib/form-schemas.ts), which names every refused field at once. Pure.

type ErrorLike = { message?: unknown; field?: unknown }

/** Each field's message, and the message about the form as a whole (an error the form has no field for). */
export type FormErrors<F extends string = string> = { fields: Partial<Record<F, string>>; form: string | null }

export const noErrors: FormErrors<never> = { fields: {}, form: null }

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  const message = typeof error === "object" && error !== null ? (error as ErrorLike).message : undefined
  return typeof message === "string" ? message : String(error)
}

/**
 * Places `error` on the form field its `field` names. From the full path (`shippingAddress.city`) down to its first
 * segment (`shippingAddress`), the first path that `aliases` maps onto a form field, or that is itself one of
 * `fields`, wins: the exact field, else the longest dotted prefix. `aliases` is for forms whose inputs are named
 * differently from the body (the admin's rules editor shows `manualInclusions` under `rules`). Unknown fields, and
 * errors without one, go to the form; no error (null, undefined) is no errors.
 */
export function formErrorsOf<F extends string>(
  error: unknown,
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {}
): FormErrors<F> {
  if (error === null || error === undefined) return { fields: {}, form: null }
  const message = messageOf(error)
  const field = typeof error === "object" ? (error as ErrorLike).field : undefined
  const target = typeof field === "string" && field ? fieldOf(field, fields, aliases) : undefined
  if (target === undefined) return { fields: {}, form: message }
  return { fields: { [target]: message } as Partial<Record<F, string>>, form: null }
}

/** The form field a dotted path lands on (exact, else its longest prefix, aliases first), or undefined. */
function fieldOf<F extends string>(field: string, fields: readonly F[], aliases: Partial<Record<string, F>>): F | undefined {
  const segments = field.split(".")
  for (let length = segments.length; length > 0; length--) {
    const path = segments.slice(0, length).join(".")
    const alias = Object.prototype.hasOwnProperty.call(aliases, path) ? aliases[path] : undefined
    const target = alias ?? fields.find((name) => name === path)
    if (target !== undefined) return target
  }
  return undefined
}

/** A failed check's issues, as zod's `safeParse` gives them (the shared schemas of src/lib/form-schemas.ts). */
export type Issue = { path: readonly PropertyKey[]; message: string }

/**
 * Every field's message at once, from the issues of checking the form's values against a shared schema before
 * sending: each issue goes to the field its path lands on (as `formErrorsOf` places the server's field; the first
 * message of a field wins), an issue about no field of the form becomes the form's message. `prefix` is the
 * schema's place in the body (`shippingAddress`).
 */
export function formErrorsOfIssues<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {},
  prefix?: string
): FormErrors<F> {
  const result: FormErrors<F> = { fields: {}, form: null }
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== undefined && part !== "").join(".")
    const target = path ? fieldOf(path, fields, aliases) : undefined
    if (target === undefined) result.form ??= issue.message
    else if (result.fields[target] === undefined) result.fields[target] = issue.message
  }
  return result
}

/** Whether there is anything to show. */
export const hasErrors = (errors: FormErrors): boolean => errors.form !== null || Object.keys(errors.fields).length > 0
