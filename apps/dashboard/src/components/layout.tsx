import { Bolt, BuildingStorefront, Channels, ChartBar, CogSixTooth, House, PaperPlane, ShoppingCart, Tag } from "@medusajs/icons"
import { Button, Text } from "@medusajs/ui"
import type { ComponentType, ReactNode } from "react"
import { NativeSelect } from "../../../shared/native-select"
import { Link, useRouter } from "../../../shared/router"
import { useSession } from "../session"

type NavItem = { to: string; label: string; icon: ComponentType<{ className?: string }> }

const NAV: NavItem[] = [
  { to: "/", label: "Overview", icon: House },
  { to: "/products", label: "Products", icon: Tag },
  { to: "/orders", label: "Orders", icon: ShoppingCart },
  { to: "/analytics", label: "Analytics", icon: ChartBar },
  { to: "/campaigns", label: "Campaigns", icon: PaperPlane },
  { to: "/channels", label: "Channels", icon: Channels },
  { to: "/webhooks", label: "Webhooks", icon: Bolt },
  { to: "/settings", label: "Settings", icon: CogSixTooth },
]

function isActive(path: string, to: string) {
  return to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`)
}

function Sidebar() {
  const { path } = useRouter()
  const { session, logout, selectOrganization } = useSession()
  if (session.status !== "ready") return null
  const { profile, organization } = session
  return (
    <aside className="bg-ui-bg-subtle border-ui-border-base flex w-60 shrink-0 flex-col border-r">
      <div className="border-ui-border-base flex flex-col gap-2 border-b px-4 py-4">
        <div className="flex items-center gap-2">
          <div className="bg-ui-bg-base shadow-borders-base flex size-7 items-center justify-center rounded-md">
            <BuildingStorefront className="text-ui-fg-subtle" />
          </div>
          <div className="min-w-0">
            <Text size="small" weight="plus" className="truncate" data-testid="organization-name">
              {organization.name}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {organization.role === "owner" ? "Owner" : "Member"} · Atelier
            </Text>
          </div>
        </div>
        {profile.organizations.length > 1 && (
          <NativeSelect aria-label="Organization" value={organization.id} onChange={(e) => selectOrganization(e.target.value)}>
            {profile.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </div>
      <nav aria-label="Dashboard" className="flex flex-1 flex-col gap-0.5 px-3 py-3">
        {NAV.map(({ to, label, icon: Icon }) => {
          const active = isActive(path, to)
          return (
            <Link
              key={to}
              to={to}
              aria-current={active ? "page" : undefined}
              className={`txt-compact-small-plus flex items-center gap-2 rounded-md px-2 py-1.5 ${
                active ? "bg-ui-bg-base shadow-elevation-card-rest text-ui-fg-base" : "text-ui-fg-subtle hover:bg-ui-bg-subtle-hover"
              }`}
            >
              <Icon className={active ? "text-ui-fg-base" : "text-ui-fg-muted"} />
              {label}
            </Link>
          )
        })}
      </nav>
      <div className="border-ui-border-base flex flex-col gap-2 border-t px-4 py-3">
        <Text size="xsmall" className="text-ui-fg-subtle truncate" data-testid="member-email">
          {profile.member.email}
        </Text>
        <Button variant="secondary" size="small" onClick={() => void logout()}>
          Log out
        </Button>
      </div>
    </aside>
  )
}

/** The signed-in frame: the sidebar, and the page in a main column like Medusa's admin. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen">
      <Sidebar />
      <main className="min-w-0 flex-1 px-6 py-6">
        <div className="mx-auto flex max-w-6xl flex-col gap-4">{children}</div>
      </main>
    </div>
  )
}

/** The frame of the pages before the dashboard proper (log in, sign up, create the organization). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="flex w-full max-w-sm flex-col gap-6">{children}</div>
    </main>
  )
}
