import { Badge, Checkbox, Input, Label, Select, Text } from "@medusajs/ui"
import { useEffect, useMemo, useState } from "react"
import { money } from "../../../apps/shared/format"
import { ARTWORK_TYPES } from "../../lib/artwork-types"
import { ApiError } from "../lib/api"
import { useCollectionPreview, useOrganizations } from "../lib/queries"
import { rulesFromDraft, type RuleDraft } from "../lib/rules"
import { Field } from "./field"
import { ProductThumb } from "./product-thumb"
import { ErrorState, LoadingState } from "./states"

/**
 * The rules of a smart or hybrid collection: kind of work, price range, organizations. Every product shown is
 * gallery eligible (active, eligible, organization approved); the rules narrow that down.
 */
export function RuleEditor({
  draft,
  onChange,
  error,
}: {
  draft: RuleDraft
  onChange: (draft: RuleDraft) => void
  error?: string | null
}) {
  const organizations = useOrganizations({ gallery_approved: "true" })
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch })
  const toggleOrg = (id: string, on: boolean) =>
    set({ orgIds: on ? [...draft.orgIds, id] : draft.orgIds.filter((orgId) => orgId !== id) })

  return (
    <div className="flex flex-col gap-y-4" data-testid="rule-editor">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Field id="rule-type" label="Kind of work">
          <Select value={draft.productType || "any"} onValueChange={(v) => set({ productType: v === "any" ? "" : (v as RuleDraft["productType"]) })}>
            <Select.Trigger id="rule-type">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="any">Originals and prints</Select.Item>
              {ARTWORK_TYPES.map((type) => (
                <Select.Item key={type} value={type}>
                  {type === "original" ? "Originals only" : "Prints only"}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </Field>
        <Field id="rule-price-min" label="Price from (USD)">
          <Input id="rule-price-min" inputMode="decimal" placeholder="any" value={draft.priceMin} onChange={(e) => set({ priceMin: e.target.value })} />
        </Field>
        <Field id="rule-price-max" label="Price up to (USD)">
          <Input id="rule-price-max" inputMode="decimal" placeholder="any" value={draft.priceMax} onChange={(e) => set({ priceMax: e.target.value })} />
        </Field>
      </div>
      <div className="flex flex-col gap-y-2">
        <Label size="small" weight="plus">
          Organizations <span className="font-normal text-ui-fg-subtle">(none ticked: every approved organization)</span>
        </Label>
        {organizations.isPending ? (
          <LoadingState rows={1} />
        ) : organizations.isError ? (
          <ErrorState error={organizations.error} onRetry={() => organizations.refetch()} />
        ) : (
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {organizations.data.organizations.map((o) => (
              <div key={o.id} className="flex items-center gap-x-2">
                <Checkbox id={`rule-org-${o.id}`} checked={draft.orgIds.includes(o.id)} onCheckedChange={(v) => toggleOrg(o.id, v === true)} />
                <Label htmlFor={`rule-org-${o.id}`} size="small">
                  {o.name}
                </Label>
              </div>
            ))}
          </div>
        )}
      </div>
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert" data-testid="rules-error">
          {error}
        </Text>
      )}
    </div>
  )
}

/**
 * What a smart or hybrid collection with these rules would show now (POST /api/admin/collections/preview), refreshed
 * as the rules change. A refusal is the API's message, shown next to the rules by `onError`.
 */
export function RulePreview({
  type,
  draft,
  manualInclusions,
  onError,
}: {
  type: "smart" | "hybrid"
  draft: RuleDraft
  manualInclusions?: string[]
  onError?: (message: string | null) => void
}) {
  const body = useMemo(
    () => ({ type, rules: rulesFromDraft(draft), ...(type === "hybrid" ? { manualInclusions: manualInclusions ?? [] } : {}) }),
    [type, draft, manualInclusions]
  )
  // Waits for typing to pause before asking.
  const [settled, setSettled] = useState(body)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), 300)
    return () => clearTimeout(timer)
  }, [body])
  const preview = useCollectionPreview(settled)
  const refusal = preview.error instanceof ApiError && preview.error.status === 400 ? preview.error.message : null
  useEffect(() => onError?.(refusal), [refusal, onError])

  return (
    <div className="flex flex-col gap-y-2" data-testid="rule-preview">
      <div className="flex items-center gap-x-2">
        <Text size="small" weight="plus">
          Live preview
        </Text>
        {preview.data && !preview.isError && (
          <Badge size="2xsmall" data-testid="preview-count">
            {preview.data.count} matching product{preview.data.count === 1 ? "" : "s"}
          </Badge>
        )}
      </div>
      {preview.isPending ? (
        <LoadingState rows={2} />
      ) : preview.isError ? (
        refusal ? (
          <Text size="small" className="text-ui-fg-subtle">
            Fix the rules to see the preview.
          </Text>
        ) : (
          <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
        )
      ) : preview.data.products.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle">
          No gallery product matches these rules yet.
        </Text>
      ) : (
        <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {preview.data.products.map((item) => (
            <li key={item.productId} className="flex items-center gap-x-3 rounded-md border px-3 py-2">
              <ProductThumb product={item.product} />
              <div className="min-w-0">
                <Text size="small" weight="plus" className="truncate">
                  {item.product?.name ?? item.productId}
                </Text>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {item.product?.organizations.name} · {money(item.product?.price)}
                </Text>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
