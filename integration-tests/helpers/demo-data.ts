import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { demoArtworkUrl } from "../../src/lib/demo-artwork"
import { imageBaseUrl } from "../../src/lib/file-storage"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from "../../src/scripts/seed"
import { login, type Api } from "./accounts"

/**
 * Runs the demo seed (src/scripts/seed.ts) and returns the container's pg connection. Without its showcase (demo
 * collections, spotlight and storefront settings) unless asked: the suites start from none of those.
 */
export async function seedDemo(container: MedusaContainer, { showcase = false }: { showcase?: boolean } = {}): Promise<Knex> {
  const pg: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await seedDemoData(container, { showcase })
  return pg
}

/** The URL the seed gives a demo picture (src/lib/demo-artwork.ts), e.g. `demoImage("fjord-print")`. */
export const demoImage = (name: string) => demoArtworkUrl(imageBaseUrl(process.env), name)

/** handle -> product id, for the given handles (those that exist). */
export async function productIdsByHandle(container: MedusaContainer, handles: readonly string[]) {
  const ids: Record<string, string> = {}
  const products = await container.resolve(Modules.PRODUCT).listProducts({ handle: [...handles] }, { select: ["id", "handle"] })
  for (const p of products) ids[p.handle] = p.id
  return ids
}

/** slug -> organization (id, name, slug), for the given slugs (those that exist). */
export async function organizationsBySlug(container: MedusaContainer, slugs: readonly string[]) {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const bySlug: Record<string, { id: string; name: string; slug: string }> = {}
  for (const o of await organizations.listOrganizations({ slug: [...slugs] })) {
    bySlug[o.slug] = { id: o.id, name: o.name, slug: o.slug }
  }
  return bySlug
}

/** slug -> organization id, for the given slugs (those that exist). */
export async function orgIdsBySlug(container: MedusaContainer, slugs: readonly string[]) {
  const ids: Record<string, string> = {}
  for (const o of Object.values(await organizationsBySlug(container, slugs))) ids[o.slug] = o.id
  return ids
}

/** The demo administrator's token. */
export const loginDemoAdmin = (api: Api) => login(api, "user", DEMO_ADMIN_EMAIL, DEMO_PASSWORD)

/** A demo artist's token (e.g. north@atelier.test). */
export const loginDemoMember = (api: Api, email: string) => login(api, "member", email, DEMO_PASSWORD)

/** The buyer the checkout and fulfilment suites order as. */
export const COLLECTOR_EMAIL = "ada@collector.test"
export const COLLECTOR_ADDRESS = {
  name: "Ada Collector",
  line1: "12 Gallery Road",
  line2: "Apt 3",
  city: "Portland",
  state: "OR",
  postal_code: "97201",
  country: "US",
}
