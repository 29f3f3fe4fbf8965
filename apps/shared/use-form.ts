// The submit of a form, the same in every form of the two apps: check the values with the shared schema (every
// refused field's message at once, next to its field, nothing sent), then send, with the button busy meanwhile, and
// place the server's refusal on the field it names (apps/shared/form-errors.ts).
import { useCallback, useRef, useState, type FormEvent } from "react"
import { formErrorsOf, formErrorsOfIssues, noErrors, type FormErrors, type Issue } from "./form-errors"

/** What `safeParse` answers (zod's shape, without importing zod here). */
export type CheckResult = { success: true } | { success: false; error: { issues: readonly Issue[] } }

/** A check before sending: a shared schema's `safeParse` of the form's values (`prefix`: its place in the body). */
export type FormCheck = { result: CheckResult; prefix?: string } | CheckResult

export type SubmitOptions = {
  /** Checks run before sending, their issues shown together. */
  checks?: FormCheck[]
  /** Leave the button busy after a success (the page goes elsewhere). */
  keepBusy?: boolean
}

/**
 * `errors` to show, `busy` while sending, and `submit(send, options)`: runs the checks, then `send()`; answers
 * whether it was sent and succeeded. `onSubmit(send, options)` is the form's handler (prevents the page's reload).
 */
export function useForm<F extends string>(fields: readonly F[], aliases: Partial<Record<string, F>> = {}) {
  const [errors, setErrors] = useState<FormErrors<F>>(noErrors)
  const [busy, setBusy] = useState(false)
  const names = useRef({ fields, aliases })
  names.current = { fields, aliases }

  const submit = useCallback(async (send: () => Promise<unknown>, options: SubmitOptions = {}): Promise<boolean> => {
    const { fields, aliases } = names.current
    const issues: Issue[] = []
    const refused: FormErrors<F> = { fields: {}, form: null }
    for (const check of options.checks ?? []) {
      const { result, prefix } = "result" in check ? check : { result: check, prefix: undefined }
      if (result.success) continue
      const found = formErrorsOfIssues(result.error.issues, fields, aliases, prefix)
      refused.fields = { ...found.fields, ...refused.fields }
      refused.form ??= found.form
      issues.push(...result.error.issues)
    }
    if (issues.length) {
      setErrors(refused)
      return false
    }
    setBusy(true)
    setErrors(noErrors)
    try {
      await send()
      if (!options.keepBusy) setBusy(false)
      return true
    } catch (error) {
      setErrors(formErrorsOf(error, fields, aliases))
      setBusy(false)
      return false
    }
  }, [])

  const onSubmit = (send: () => Promise<unknown>, options?: SubmitOptions | (() => SubmitOptions)) => (event: FormEvent) => {
    event.preventDefault()
    void submit(send, typeof options === "function" ? options() : options)
  }

  return { errors, setErrors, busy, submit, onSubmit }
}
