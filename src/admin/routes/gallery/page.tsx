import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Buildings, ChartBar, ShoppingBag, Sparkles, Star } from "@medusajs/icons"
import { Container, Text } from "@medusajs/ui"
import type { ComponentType, ReactNode } from "react"
import { Link } from "react-router-dom"
import { money } from "../../../../apps/shared/format"
import { GalleryPage, PageHeader } from "../../components/page-header"
import { ErrorState, LoadingState } from "../../components/states"
import { useAnalytics, useCollections, useOrganizations, useSpotlights } from "../../lib/queries"
import { spotlightState } from "../../lib/spotlight-window"

function Tile({ to, icon: Icon, title, children }: { to: string; icon: ComponentType; title: string; children: ReactNode }) {
  return (
    <Link to={to} className="block">
      <Container className="flex h-full flex-col gap-y-2 px-6 py-4 transition-colors hover:bg-ui-bg-base-hover">
        <div className="flex items-center gap-x-2 text-ui-fg-subtle">
          <Icon />
          <Text size="small" weight="plus">
            {title}
          </Text>
        </div>
        {children}
      </Container>
    </Link>
  )
}

function Figure({ value, caption }: { value: ReactNode; caption: string }) {
  return (
    <div>
      <Text size="xlarge" weight="plus">
        {value}
      </Text>
      <Text size="small" className="text-ui-fg-subtle">
        {caption}
      </Text>
    </div>
  )
}

/** /app/gallery: the gallery at a glance, one tile per page of the section. */
const GalleryOverviewPage = () => {
  const pending = useOrganizations({ gallery_approved: "false" })
  const collections = useCollections()
  const spotlights = useSpotlights()
  const analytics = useAnalytics({})
  const queries = [pending, collections, spotlights, analytics]
  const failed = queries.find((q) => q.isError)

  return (
    <GalleryPage>
      <Container className="p-0">
        <PageHeader title="Gallery" description="Artists, curation, orders and figures of the Atelier gallery." />
      </Container>
      {failed ? (
        <Container className="p-0">
          <ErrorState error={failed.error} onRetry={() => queries.forEach((q) => q.refetch())} />
        </Container>
      ) : queries.some((q) => q.isPending) ? (
        <Container className="p-0">
          <LoadingState rows={3} />
        </Container>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          <Tile to="/gallery/organizations" icon={Buildings} title="Organizations">
            <Figure value={pending.data?.count ?? 0} caption="waiting for gallery approval" />
          </Tile>
          <Tile to="/gallery/collections" icon={Sparkles} title="Collections">
            <Figure
              value={collections.data?.collections.filter((c) => c.isActive).length ?? 0}
              caption={`active of ${collections.data?.collections.length ?? 0}`}
            />
          </Tile>
          <Tile to="/gallery/spotlights" icon={Star} title="Spotlights">
            <Figure
              value={spotlights.data?.spotlights.filter((s) => spotlightState(s) === "live").length ?? 0}
              caption="live now"
            />
          </Tile>
          <Tile to="/gallery/orders" icon={ShoppingBag} title="Gallery orders">
            <Figure value={analytics.data?.analytics.overview.totalOrders ?? 0} caption="paid in the last 30 days" />
          </Tile>
          <Tile to="/gallery/analytics" icon={ChartBar} title="Analytics">
            <Figure value={money(analytics.data?.analytics.overview.totalRevenue)} caption="revenue in the last 30 days" />
          </Tile>
        </div>
      )}
    </GalleryPage>
  )
}

export const config = defineRouteConfig({ label: "Gallery", icon: Sparkles, rank: 1 })

export default GalleryOverviewPage
