import { BarsThree, Bolt, BuildingStorefront, Cash, Channels, ChartBar, CogSixTooth, House, PaperPlane, ShoppingCart, Tag, XMark } from "@medusajs/icons"
import { Button, Drawer, IconButton, Text } from "@medusajs/ui"
import { useEffect, useState, type ComponentType, type ReactNode } from "react"
import { NativeSelect } from "../../../shared/native-select"
import { Link, useRouter } from "../../../shared/router"
import { useSession } from "../session"

type NavItem = { to: string; label: string; icon: ComponentType<{ className?: string }> }

const NAV: NavItem[] = [
  { to: "/", label: "Overview", icon: House },
  { to: "/products", label: "Products", icon: Tag },
  { to: "/orders", label: "Orders", icon: ShoppingCart },
  { to: "/analytics", label: "Analytics", icon: ChartBar },
  { to: "/payouts", label: "Payouts", icon: Cash },
  { to: "/campaigns", label: "Campaigns", icon: PaperPlane },
  { to: "/channels", label: "Channels", icon: Channels },
  { to: "/webhooks", label: "Webhooks", icon: Bolt },
  { to: "/settings", label: "Settings", icon: CogSixTooth },
]

function isActive(path: string, to: string) {
  return to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`)
}

/** What the sidebar shows: the organization (and the switch between several), the pages, the member and log out. */
function SidebarContent() {
  const { path } = useRouter()
  const { session, logout, selectOrganization } = useSession()
  if (session.status !== "ready") return null
  const { profile, organization } = session
  return (
    <>
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
              className={`txt-compact-small-plus flex items-center gap-2 rounded-md px-2 py-1.5 max-lg:py-2.5 ${
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
    </>
  )
}

// Below Tailwind's `lg` (1024 px) the sidebar gives its width to the page: a top bar with a menu button opens it as a
// sheet (Medusa UI's Drawer, a Radix dialog: focus moves into it and stays there, Escape and the backdrop close it and
// focus returns to the button, which carries `aria-expanded`).
const WIDE = "(min-width: 1024px)"

/** The top bar of narrow screens: the menu button, and the organization's name. */
function MobileMenu() {
  const { path } = useRouter()
  const { session } = useSession()
  const [open, setOpen] = useState(false)
  // Going to a page closes the menu; so does widening the window to where the sidebar is shown.
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    const wide = window.matchMedia(WIDE)
    const close = () => wide.matches && setOpen(false)
    wide.addEventListener("change", close)
    return () => wide.removeEventListener("change", close)
  }, [])
  if (session.status !== "ready") return null
  return (
    <header className="bg-ui-bg-base border-ui-border-base sticky top-0 z-10 flex items-center gap-3 border-b px-3 py-2 lg:hidden">
      <Drawer open={open} onOpenChange={setOpen}>
        <Drawer.Trigger asChild>
          <IconButton variant="transparent" aria-label="Menu" data-testid="menu-button">
            <BarsThree />
          </IconButton>
        </Drawer.Trigger>
        <Drawer.Content
          aria-describedby={undefined}
          data-testid="menu"
          overlayProps={{ className: "z-50" }}
          className="bg-ui-bg-subtle inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto rounded-none border-0 border-r max-sm:inset-x-auto max-sm:left-0 max-sm:w-72 sm:right-auto sm:max-w-[85vw] data-[state=closed]:!slide-out-to-left-1/2 data-[state=open]:!slide-in-from-left-1/2"
        >
          <div className="border-ui-border-base flex items-center justify-between border-b px-4 py-2">
            <Drawer.Title className="txt-compact-small-plus">Menu</Drawer.Title>
            <Drawer.Close asChild>
              <IconButton variant="transparent" size="small" aria-label="Close menu">
                <XMark />
              </IconButton>
            </Drawer.Close>
          </div>
          <SidebarContent />
        </Drawer.Content>
      </Drawer>
      <Text size="small" weight="plus" className="min-w-0 truncate">
        {session.organization.name}
      </Text>
    </header>
  )
}

/** The signed-in frame: the sidebar, and the page in a main column like Medusa's admin; a menu on narrow screens. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <MobileMenu />
      <aside className="bg-ui-bg-subtle border-ui-border-base hidden w-60 shrink-0 flex-col border-r lg:flex">
        <SidebarContent />
      </aside>
      <main className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
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
