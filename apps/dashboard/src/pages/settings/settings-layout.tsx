import { Container, Text } from "@medusajs/ui"
import { useEffect, useRef, type ReactNode } from "react"
import { Link, useRouter } from "../../../../shared/router"
import type { AsyncState } from "../../../../shared/use-async"
import { PageHeader } from "../../components/page-header"
import { ErrorState, LoadingState } from "../../components/states"
import { useOrganization } from "../../session"

export const SETTINGS_TABS = [
  ["/settings/storefront", "Storefront"],
  ["/settings/account", "Account"],
  ["/settings/notifications", "Notifications"],
  ["/settings/payouts", "Payouts"],
  ["/settings/shipping", "Shipping"],
  ["/settings/api-keys", "API keys"],
] as const

/** The settings pages: their tabs, and the note that only owners change settings. */
export function SettingsLayout({ children, ownerOnlyNote = true }: { children: ReactNode; ownerOnlyNote?: boolean }) {
  const { path } = useRouter()
  const organization = useOrganization()
  const tabs = useRef<HTMLElement>(null)
  // Where the tab row scrolls (a phone), the current tab is scrolled to its middle, in view.
  useEffect(() => {
    const nav = tabs.current
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    nav.scrollLeft += active.getBoundingClientRect().left - nav.getBoundingClientRect().left - (nav.clientWidth - active.offsetWidth) / 2
  }, [path])
  return (
    <Container className="p-0">
      <PageHeader title="Settings" subtitle={`${organization.name}'s storefront, account, notifications, payouts, shipping and API keys.`} />
      {/* Narrower than its tabs (a phone), the tab row scrolls sideways on its own. */}
      <nav ref={tabs} aria-label="Settings" className="border-ui-border-base flex gap-1 border-b px-6 max-lg:overflow-x-auto">
        {SETTINGS_TABS.map(([to, label]) => {
          const active = path === to
          return (
            <Link
              key={to}
              to={to}
              aria-current={active ? "page" : undefined}
              className={`txt-compact-small-plus shrink-0 whitespace-nowrap border-b-2 px-3 py-2 lg:-mb-px ${
                active ? "border-ui-fg-base text-ui-fg-base" : "text-ui-fg-subtle hover:text-ui-fg-base border-transparent"
              }`}
            >
              {label}
            </Link>
          )
        })}
      </nav>
      {ownerOnlyNote && !organization.isOwner && (
        <Text size="small" role="note" className="text-ui-fg-subtle px-6 pt-4">
          Only the organization's owners can change these settings; you can read them.
        </Text>
      )}
      <div className="divide-y">{children}</div>
    </Container>
  )
}

/** What a settings page shows of what it loads: the loading state, the error with a retry, or `children(data)`. */
export function LoadedSettings<T>({
  state,
  loadingLabel,
  errorTitle,
  children,
}: {
  state: AsyncState<T> & { reload: () => void }
  loadingLabel: string
  errorTitle: string
  children: (data: T) => ReactNode
}) {
  if (state.status === "loading") {
    return (
      <div className="p-6">
        <LoadingState label={loadingLabel} />
      </div>
    )
  }
  if (state.status === "error") return <ErrorState title={errorTitle} error={state.error} onRetry={state.reload} inline />
  return <>{children(state.data)}</>
}
