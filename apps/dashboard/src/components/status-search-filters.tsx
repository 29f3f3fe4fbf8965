import { Button, Input } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { statusLabel } from "../../../shared/format"
import { NativeSelect } from "../../../shared/native-select"
import { useRouter } from "../../../shared/router"
import { Field } from "./field"

/**
 * A list page's filters kept in its URL (`status`, `search` and the position: `page` from 1, or `offset`), so that a
 * filtered list can be reloaded, shared and walked back through with the browser's history.
 */
export function useStatusSearchFilters<S extends string>({
  path,
  position,
  pageSize,
}: {
  path: string
  /** How the URL names the position: `page` (1, 2, ...) or `offset` (0, 20, ...). */
  position: "page" | "offset"
  pageSize: number
}) {
  const { query, go } = useRouter()
  const status = (query.get("status") as S | null) || null
  const search = query.get("search") ?? ""
  const offset =
    position === "page" ? (Math.max(1, Number(query.get("page") ?? 1) || 1) - 1) * pageSize : Math.max(0, Number(query.get("offset") ?? 0) || 0)
  const [draft, setDraft] = useState(search)
  useEffect(() => setDraft(search), [search])

  /** Goes to the list with `next` changed; any change of the filters goes back to the first page. */
  const apply = (next: { status?: string | null; search?: string; offset?: number }) => {
    const merged = { status, search, offset: 0, ...next }
    const params = new URLSearchParams()
    if (merged.status) params.set("status", merged.status)
    if (merged.search) params.set("search", merged.search)
    if (merged.offset > 0) params.set(position, String(position === "page" ? merged.offset / pageSize + 1 : merged.offset))
    const text = params.toString()
    go(text ? `${path}?${text}` : path)
  }
  return {
    status,
    search,
    offset,
    /** The page number the list route takes (1 for the first page). */
    page: offset / pageSize + 1,
    draft,
    setDraft,
    apply,
    filtered: Boolean(status || search),
    clear: () => apply({ status: null, search: "" }),
  }
}

export type StatusSearchFilterState = ReturnType<typeof useStatusSearchFilters>

/** The filter bar above a list: a status select (applied at once) and a search box (applied on submit). */
export function StatusSearchFilters({
  label,
  idPrefix,
  statuses,
  filters,
  errors,
  searchPlaceholder,
  widths,
}: {
  /** The form's accessible name, e.g. "Order filters". */
  label: string
  idPrefix: string
  statuses: readonly string[]
  filters: StatusSearchFilterState
  errors?: { status?: string; search?: string }
  searchPlaceholder: string
  widths: { status: string; search: string }
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    filters.apply({ search: filters.draft.trim() })
  }
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-wrap items-end gap-3 px-6 py-4">
      <div className={widths.status}>
        <Field id={`${idPrefix}-status`} label="Status" error={errors?.status}>
          <NativeSelect
            id={`${idPrefix}-status`}
            value={filters.status ?? ""}
            onChange={(e) => filters.apply({ status: e.target.value || null, search: filters.draft.trim() })}
          >
            <option value="">All statuses</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className={widths.search}>
        <Field id={`${idPrefix}-search`} label="Search" error={errors?.search}>
          <Input
            id={`${idPrefix}-search`}
            type="search"
            placeholder={searchPlaceholder}
            value={filters.draft}
            onChange={(e) => filters.setDraft(e.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" size="base" variant="secondary">
        Search
      </Button>
    </form>
  )
}
