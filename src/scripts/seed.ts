import type { ExecArgs, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, FeatureFlag, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createRegionsWorkflow,
  createStockLocationsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { demoArtworkUrl, isDemoArtworkUrl } from "../lib/demo-artwork"
import { normalizeEmail } from "../lib/email"
import { storeRename } from "../lib/store-name"
import { imageBaseUrl } from "../lib/file-storage"
import type { StorefrontSettings } from "../lib/organization-settings"
import { canReceivePayouts } from "../lib/payout-onboarding"
import type { SmartCollectionRules } from "../lib/smart-collection-rules"
import { CURATION_MODULE } from "../modules/curation"
import type CurationModuleService from "../modules/curation/service"
import { ORGANIZATION_MODULE } from "../modules/organization"
import type { ArtworkType } from "../modules/organization/models/artist-product"
import type { OrganizationPlan } from "../modules/organization/models/organization"
import type OrganizationModuleService from "../modules/organization/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../modules/payments"
import { startPayoutOnboarding, syncConnectedAccount } from "../processes/settlement/connected-accounts"
import {
  createArtistProductsWorkflow,
  type ArtistProductInput,
} from "../workflows/artist-product/workflows/create-artist-products"
import { updateArtistProductWorkflow } from "../workflows/artist-product/workflows/update-artist-product"
import { addCollectionItemWorkflow } from "../workflows/curation/workflows/add-collection-item"
import { createCollectionWorkflow } from "../workflows/curation/workflows/create-collection"
import { createSpotlightWorkflow } from "../workflows/curation/workflows/create-spotlight"
import { createMemberAccountWorkflow } from "../workflows/member/workflows/create-member-account"
import { createOrganizationWorkflow } from "../workflows/organization/workflows/create-organization"
import { updateOrganizationSettingsWorkflow } from "../workflows/organization/workflows/update-organization-settings"
import { ensureOrderBookSetup } from "../workflows/order-book/utils/shipping-setup"

// ---------------------------------------------------------------------------------------------------
// Demo data (docs/architecture.md, "Demo data"): storefront builders, docs and tests rely on these names.
// ---------------------------------------------------------------------------------------------------

export const DEMO_PASSWORD = "atelier-demo"
export const DEMO_ADMIN_EMAIL = "admin@atelier.test"
export const DEMO_REGION_NAME = "United States"
export const DEMO_STOCK_LOCATION_NAME = "Atelier warehouse"
export const DEMO_PUBLISHABLE_KEY_TITLE = "Atelier storefronts"

export type DemoProduct = {
  handle: string
  title: string
  description: string
  status: "published" | "draft"
  product_type: ArtworkType
  gallery_eligible: boolean
  images: string[]
  sku: string
  /** USD, major unit. */
  price: number
  inventory: number
}

export type DemoOrganization = {
  slug: string
  name: string
  plan: OrganizationPlan
  gallery_approved: boolean
  /** Payout onboarding completed with the local gateway (an account that receives transfers). */
  payouts_onboarded: boolean
  member: { email: string; first_name: string; last_name: string }
  products: DemoProduct[]
}

/** A plain member (role `member`, not owner) of studio-north, to try the owner-only rules with. */
export const DEMO_PLAIN_MEMBER = {
  email: "member@atelier.test",
  first_name: "Mika",
  last_name: "Member",
  organization: "studio-north",
} as const

/**
 * A demo picture (src/lib/demo-artwork.ts), served by this server's image route: at PUBLIC_URL, else localhost:PORT,
 * as the server that will serve the data sees itself (run the seed with the server's environment).
 */
const image = (name: string) => demoArtworkUrl(imageBaseUrl(process.env), name)

/** Pictures an earlier seed gave the demo works: its fictional image host, or the image route of another address. */
const isEarlierDemoImage = (url: string) => url.startsWith("https://images.atelier.test/") || isDemoArtworkUrl(url)

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    slug: "studio-north",
    name: "Studio North",
    plan: "starter",
    gallery_approved: true,
    payouts_onboarded: true,
    member: { email: "north@atelier.test", first_name: "Nora", last_name: "North" },
    products: [
      {
        handle: "studio-north-original",
        title: "Fjord at First Light",
        description: "Oil on linen, 80 x 60 cm. One of a kind, signed on the back.",
        status: "published",
        product_type: "original",
        gallery_eligible: true,
        images: [image("fjord-first-light"), image("fjord-first-light-detail")],
        sku: "NORTH-ORIG-001",
        price: 1250.0,
        inventory: 1,
      },
      {
        handle: "studio-north-print",
        title: "Fjord at First Light (Giclée print)",
        description: "Archival giclée print on cotton rag paper, 40 x 30 cm.",
        status: "published",
        product_type: "print",
        gallery_eligible: true,
        images: [image("fjord-print")],
        sku: "NORTH-PRINT-001",
        price: 34.99,
        inventory: 50,
      },
      {
        handle: "studio-north-draft",
        title: "Untitled Study (work in progress)",
        description: "A study not yet released for sale.",
        status: "draft",
        product_type: "print",
        gallery_eligible: true,
        images: [image("untitled-study")],
        sku: "NORTH-DRAFT-001",
        price: 28.75,
        inventory: 10,
      },
      {
        handle: "studio-north-not-eligible",
        title: "Harbor Postcard Set",
        description: "Six postcards, sold only in the studio's own storefront.",
        status: "published",
        product_type: "print",
        gallery_eligible: false,
        images: [image("harbor-postcards")],
        sku: "NORTH-CARDS-001",
        price: 19.99,
        inventory: 25,
      },
    ],
  },
  {
    slug: "studio-south",
    name: "Studio South",
    plan: "growth",
    gallery_approved: true,
    payouts_onboarded: true,
    member: { email: "south@atelier.test", first_name: "Sol", last_name: "South" },
    products: [
      {
        handle: "studio-south-original",
        title: "Desert Bloom",
        description: "Acrylic on canvas, 100 x 100 cm. One of a kind.",
        status: "published",
        product_type: "original",
        gallery_eligible: true,
        images: [image("desert-bloom"), image("desert-bloom-wall")],
        sku: "SOUTH-ORIG-001",
        price: 2400.0,
        inventory: 1,
      },
      {
        handle: "studio-south-print",
        title: "Desert Bloom (Fine art print)",
        description: "Pigment print on matte paper, 50 x 50 cm.",
        status: "published",
        product_type: "print",
        gallery_eligible: true,
        images: [image("desert-bloom-print")],
        sku: "SOUTH-PRINT-001",
        price: 45.5,
        inventory: 50,
      },
    ],
  },
  {
    slug: "studio-east",
    name: "Studio East",
    plan: "pro",
    gallery_approved: true,
    payouts_onboarded: true,
    member: { email: "east@atelier.test", first_name: "Eli", last_name: "East" },
    products: [
      {
        handle: "studio-east-print",
        title: "Morning Market (Risograph print)",
        description: "Two-colour risograph print, A4, open edition.",
        status: "published",
        product_type: "print",
        gallery_eligible: true,
        images: [image("morning-market")],
        sku: "EAST-PRINT-001",
        price: 12.95,
        inventory: 500,
      },
    ],
  },
  {
    slug: "studio-pending",
    name: "Studio Pending",
    plan: "starter",
    gallery_approved: false,
    payouts_onboarded: false,
    member: { email: "pending@atelier.test", first_name: "Pat", last_name: "Pending" },
    products: [
      {
        handle: "studio-pending-print",
        title: "Quiet Hours (Linocut print)",
        description: "Hand-pulled linocut, 30 x 40 cm, edition of 100.",
        status: "published",
        product_type: "print",
        gallery_eligible: true,
        images: [image("quiet-hours")],
        sku: "PENDING-PRINT-001",
        price: 29.99,
        inventory: 40,
      },
    ],
  },
]

/**
 * The gallery's demo curation (what the gallery's home shows): a hand-picked collection, a smart one, a spotlight on
 * an artist, and the approved studios' storefront settings (their artist pages). Created when missing; an artist's
 * own settings are never overwritten.
 */
export type DemoCollection = {
  slug: string
  name: string
  description: string
  featured_image: string
} & ({ type: "manual"; items: string[] } | { type: "smart"; rules: SmartCollectionRules })

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    slug: "editors-picks",
    name: "Editor's picks",
    description: "Three works the gallery keeps coming back to: a fjord at dawn in oil, a desert bloom in print and a market morning in two colours.",
    featured_image: image("fjord-first-light"),
    type: "manual",
    items: ["studio-north-original", "studio-south-print", "studio-east-print"],
  },
  {
    slug: "prints-under-50",
    name: "Prints under $50",
    description: "Every print in the gallery at $50 or less, as the artists add them.",
    featured_image: image("morning-market"),
    type: "smart",
    rules: { product_type: "print", price_max: 50 },
  },
]

export const DEMO_SPOTLIGHT = {
  organization: "studio-south",
  title: "Studio South: the desert in full colour",
  description: "Sol South paints desert plants in bloom on canvases a metre wide, outdoors first and then in the studio. The originals, and prints at a friendlier size.",
  featured_image: image("desert-bloom-wall"),
} as const

export type DemoStorefront = Pick<StorefrontSettings, "bio" | "social_links" | "theme"> &
  Partial<Pick<StorefrontSettings, "custom_colors">>

/** The storefront settings of the approved demo studios (their artist pages in the gallery), by slug. */
export const DEMO_STOREFRONTS: Record<string, DemoStorefront> = {
  "studio-north": {
    bio: "Nora North paints the fjords of the northern coast at first light, in oil on linen, and prints them in the studio on cotton rag paper.",
    social_links: { website: "https://studio-north.example", instagram: "https://www.instagram.com/studio.north.example" },
    theme: "gallery",
  },
  "studio-south": {
    bio: "Desert plants in full bloom, in acrylic on large canvases. Every original is one of a kind; the prints are pigment on matte paper.",
    social_links: { website: "https://studio-south.example", instagram: "https://www.instagram.com/studio.south.example" },
    theme: "bold",
    custom_colors: { primary: "#9a3412" },
  },
  "studio-east": {
    bio: "Risograph prints of markets and streets, two colours at a time, in open editions.",
    social_links: { website: "https://studio-east.example" },
    theme: "minimal",
  },
}

// ---------------------------------------------------------------------------------------------------

type Counter = { created: string[]; existing: string[] }
export type SeedSummary = Record<
  | "store"
  | "region"
  | "stock_location"
  | "admin_user"
  | "members"
  | "organizations"
  | "publishable_key"
  | "products"
  | "product_images"
  | "payout_accounts"
  | "collections"
  | "spotlights"
  | "storefronts",
  Counter
>

function newSummary(): SeedSummary {
  const c = (): Counter => ({ created: [], existing: [] })
  return {
    store: c(),
    region: c(),
    stock_location: c(),
    admin_user: c(),
    members: c(),
    organizations: c(),
    publishable_key: c(),
    products: c(),
    product_images: c(),
    payout_accounts: c(),
    collections: c(),
    spotlights: c(),
    storefronts: c(),
  }
}

type AuthIdentity = { id: string; app_metadata?: Record<string, unknown> | null }

/** The emailpass auth identity of this email: the existing one, or a new one registered as Medusa's CLI does. */
async function ensureEmailpassIdentity(container: MedusaContainer, email: string, password: string): Promise<AuthIdentity> {
  const auth = container.resolve(Modules.AUTH)
  const [providerIdentity] = await auth.listProviderIdentities({ provider: "emailpass", entity_id: email }, { take: 1 })
  if (providerIdentity) {
    return (await auth.retrieveAuthIdentity(providerIdentity.auth_identity_id as string)) as AuthIdentity
  }
  const { success, authIdentity, error } = await auth.register("emailpass", { body: { email, password } })
  if (!success || !authIdentity) throw new Error(`Could not register ${email}: ${error ?? "unknown error"}`)
  return authIdentity as AuthIdentity
}

/** Binds an identity to an actor (`<actor>_id` in app_metadata) when it is not bound yet. */
async function bindIdentity(container: MedusaContainer, identity: AuthIdentity, key: string, value: string) {
  if (identity.app_metadata?.[key] === value) return
  const auth = container.resolve(Modules.AUTH)
  await auth.updateAuthIdentities({ id: identity.id, app_metadata: { ...(identity.app_metadata ?? {}), [key]: value } })
}

async function ensureAdminUser(container: MedusaContainer, summary: SeedSummary) {
  const users = container.resolve(Modules.USER)
  const [existing] = await users.listUsers({ email: DEMO_ADMIN_EMAIL }, { take: 1 })
  if (existing) {
    const identity = await ensureEmailpassIdentity(container, DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
    await bindIdentity(container, identity, "user_id", existing.id)
    summary.admin_user.existing.push(DEMO_ADMIN_EMAIL)
    return
  }
  // As `medusa user` does: with RBAC on, the administrator gets the super admin role.
  let roles: string[] = []
  if (FeatureFlag.isFeatureEnabled("rbac")) {
    const rbac = container.resolve(Modules.RBAC) as { listRbacRoles(filter: object): Promise<{ id: string }[]> }
    const [superAdmin] = await rbac.listRbacRoles({ id: "role_super_admin" })
    if (superAdmin) roles = [superAdmin.id]
  }
  const identity = await ensureEmailpassIdentity(container, DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
  await createUserAccountWorkflow(container).run({
    input: {
      authIdentityId: identity.id,
      userData: { email: DEMO_ADMIN_EMAIL, first_name: "Gallery", last_name: "Administrator", roles },
    },
  })
  summary.admin_user.created.push(DEMO_ADMIN_EMAIL)
}

async function ensureMember(
  container: MedusaContainer,
  member: DemoOrganization["member"],
  summary: SeedSummary
): Promise<string> {
  const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const email = normalizeEmail(member.email)
  const [existing] = await service.listMembers({ email }, { take: 1 })
  const identity = await ensureEmailpassIdentity(container, email, DEMO_PASSWORD)
  if (existing) {
    await bindIdentity(container, identity, "member_id", existing.id)
    summary.members.existing.push(email)
    return existing.id
  }
  const { result } = await createMemberAccountWorkflow(container).run({
    input: { authIdentityId: identity.id, member: { ...member, email } },
  })
  summary.members.created.push(email)
  return result.id
}

async function ensureOrganization(
  container: MedusaContainer,
  org: DemoOrganization,
  memberId: string,
  summary: SeedSummary
): Promise<{ id: string; sales_channel_id: string }> {
  const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [existing] = await service.listOrganizations({ slug: org.slug }, { take: 1 })
  if (!existing) {
    const { result } = await createOrganizationWorkflow(container).run({
      input: {
        organization: { name: org.name, slug: org.slug, plan: org.plan, gallery_approved: org.gallery_approved },
        owner_member_id: memberId,
      },
    })
    summary.organizations.created.push(org.slug)
    return { id: result.id, sales_channel_id: result.sales_channel_id }
  }
  summary.organizations.existing.push(org.slug)
  const [membership] = await service.listMemberships({ member_id: memberId, organization_id: existing.id }, { take: 1 })
  if (!membership) await service.createMemberships({ member_id: memberId, organization_id: existing.id, role: "owner" })
  const { data } = await query.graph({ entity: "organization", fields: ["id", "sales_channel.id"], filters: { id: existing.id } })
  const salesChannelId = (data[0] as { sales_channel?: { id: string } | null } | undefined)?.sales_channel?.id
  if (!salesChannelId) throw new Error(`Organization ${org.slug} has no sales channel`)
  return { id: existing.id, sales_channel_id: salesChannelId }
}

/** The plain member of its organization (role `member`), created when missing. */
async function ensurePlainMember(
  container: MedusaContainer,
  organizationId: string,
  summary: SeedSummary
): Promise<void> {
  const { organization: _organization, ...member } = DEMO_PLAIN_MEMBER
  const memberId = await ensureMember(container, member, summary)
  const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const [membership] = await service.listMemberships({ member_id: memberId, organization_id: organizationId }, { take: 1 })
  if (!membership) await service.createMemberships({ member_id: memberId, organization_id: organizationId, role: "member" })
}

/**
 * Payout onboarding as an owner completes it with the local gateway: the account is created, its sandbox onboarding
 * submitted, and the resulting `account.updated` recorded. Under Stripe nothing is done (onboarding needs a person on
 * Stripe's page).
 */
async function ensurePayoutsOnboarded(container: MedusaContainer, organizationId: string, slug: string, summary: SeedSummary) {
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  if (payments.provider !== "local") return
  const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const organization = await service.retrieveOrganization(organizationId, {
    select: ["id", "stripe_account_id", "payouts_enabled", "transfers_active"],
  })
  const state = {
    stripeAccountId: organization.stripe_account_id,
    payoutsEnabled: organization.payouts_enabled,
    transfersActive: organization.transfers_active,
  }
  if (canReceivePayouts(state)) {
    summary.payout_accounts.existing.push(slug)
    return
  }
  const { accountId } = await startPayoutOnboarding(container, organizationId)
  const { refreshUrl: _refreshUrl, returnUrl: _returnUrl, ...account } = await payments.completeSandboxOnboarding(accountId)
  await syncConnectedAccount(container, { accountId, reportId: "evt_seed_onboarding", account })
  summary.payout_accounts.created.push(slug)
}

async function ensureRegion(container: MedusaContainer, summary: SeedSummary): Promise<string> {
  const regions = container.resolve(Modules.REGION)
  const [existing] = await regions.listRegions({ name: DEMO_REGION_NAME }, { take: 1 })
  if (existing) {
    summary.region.existing.push(DEMO_REGION_NAME)
    return existing.id
  }
  const { result } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: DEMO_REGION_NAME, currency_code: "usd", countries: ["us"], payment_providers: ["pp_system_default"] },
      ],
    },
  })
  summary.region.created.push(DEMO_REGION_NAME)
  return result[0].id
}

async function ensureStockLocation(container: MedusaContainer, summary: SeedSummary): Promise<string> {
  const locations = container.resolve(Modules.STOCK_LOCATION)
  const [existing] = await locations.listStockLocations({ name: DEMO_STOCK_LOCATION_NAME }, { take: 1 })
  if (existing) {
    summary.stock_location.existing.push(DEMO_STOCK_LOCATION_NAME)
    return existing.id
  }
  const { result } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: DEMO_STOCK_LOCATION_NAME,
          address: { address_1: "1 Gallery Way", city: "New York", province: "NY", postal_code: "10001", country_code: "US" },
        },
      ],
    },
  })
  summary.stock_location.created.push(DEMO_STOCK_LOCATION_NAME)
  return result[0].id
}

async function ensurePublishableKey(container: MedusaContainer, salesChannelIds: string[], summary: SeedSummary) {
  const apiKeys = container.resolve(Modules.API_KEY)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  let [key] = await apiKeys.listApiKeys({ title: DEMO_PUBLISHABLE_KEY_TITLE, type: "publishable" }, { take: 1 })
  if (key) {
    summary.publishable_key.existing.push(DEMO_PUBLISHABLE_KEY_TITLE)
  } else {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: DEMO_PUBLISHABLE_KEY_TITLE, type: "publishable", created_by: "" }] },
    })
    key = result[0]
    summary.publishable_key.created.push(DEMO_PUBLISHABLE_KEY_TITLE)
  }
  const { data } = await query.graph({ entity: "api_key", fields: ["id", "sales_channels.id"], filters: { id: key.id } })
  const linked = new Set(((data[0]?.sales_channels ?? []) as ({ id: string } | null)[]).map((sc) => sc?.id))
  const add = salesChannelIds.filter((id) => !linked.has(id))
  if (add.length) await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add } })
  return key.token
}

/**
 * The store named Atelier (src/lib/store-name.ts), USD as its default currency, the demo region and warehouse as its
 * defaults (only what is missing).
 */
async function ensureStoreDefaults(container: MedusaContainer, regionId: string, locationId: string, summary: SeedSummary) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "store",
    fields: ["id", "name", "default_region_id", "default_location_id", "supported_currencies.currency_code", "supported_currencies.is_default"],
  })
  const store = data[0] as
    | {
        id: string
        name: string | null
        default_region_id: string | null
        default_location_id: string | null
        supported_currencies: { currency_code: string; is_default: boolean }[] | null
      }
    | undefined
  if (!store) throw new Error("Medusa has no store (the server creates it on first boot)")
  const currencies = store.supported_currencies ?? []
  const usdIsDefault = currencies.some((c) => c.currency_code === "usd" && c.is_default)
  const update: {
    name?: string
    supported_currencies?: { currency_code: string; is_default: boolean }[]
    default_region_id?: string
    default_location_id?: string
  } = {}
  if (!usdIsDefault) {
    update.supported_currencies = [
      { currency_code: "usd", is_default: true },
      ...currencies.filter((c) => c.currency_code !== "usd").map((c) => ({ currency_code: c.currency_code, is_default: false })),
    ]
  }
  const name = storeRename(store.name)
  if (name) update.name = name
  if (!store.default_region_id) update.default_region_id = regionId
  if (!store.default_location_id) update.default_location_id = locationId
  if (!Object.keys(update).length) {
    summary.store.existing.push(store.id)
    return
  }
  await updateStoresWorkflow(container).run({ input: { selector: { id: store.id }, update } })
  summary.store.created.push(`${store.id} (${Object.keys(update).join(", ")})`)
}

function toArtistProductInput(product: DemoProduct): ArtistProductInput {
  return {
    title: product.title,
    handle: product.handle,
    description: product.description,
    status: product.status,
    images: product.images,
    product_type: product.product_type,
    gallery_eligible: product.gallery_eligible,
    variants: [{ title: "Standard", sku: product.sku, price: product.price, inventory_quantity: product.inventory }],
  }
}

async function ensureProducts(
  container: MedusaContainer,
  organizationId: string,
  org: DemoOrganization,
  summary: SeedSummary
) {
  const products = container.resolve(Modules.PRODUCT)
  const handles = org.products.map((p) => p.handle)
  const existing = await products.listProducts({ handle: handles }, { select: ["id", "handle"], relations: ["images"] })
  const existingHandles = new Set(existing.map((p) => p.handle))
  const missing = org.products.filter((p) => !existingHandles.has(p.handle))
  summary.products.existing.push(...handles.filter((h) => existingHandles.has(h)))
  for (const product of existing) await ensureDemoImages(container, product, org, summary)
  if (!missing.length) return
  await createArtistProductsWorkflow(container).run({
    // Stocked at the organization's own location, where it ships from (docs/shipping.md).
    input: { organization_id: organizationId, products: missing.map(toArtistProductInput) },
  })
  summary.products.created.push(...missing.map((p) => p.handle))
}

/**
 * A demo work's pictures, when an earlier seed gave it others (the fictional host of older seeds, or this server
 * under another address): replaced by today's, through the same workflow as an artist's edit. Pictures an artist
 * chose instead are left alone.
 */
async function ensureDemoImages(
  container: MedusaContainer,
  product: { id: string; handle: string; images?: { url: string; rank?: number | null }[] | null },
  org: DemoOrganization,
  summary: SeedSummary
) {
  const demo = org.products.find((p) => p.handle === product.handle)
  if (!demo) return
  const current = [...(product.images ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((i) => i.url)
  const same = current.length === demo.images.length && current.every((url, i) => url === demo.images[i])
  if (same || !current.every(isEarlierDemoImage)) {
    summary.product_images.existing.push(product.handle)
    return
  }
  await updateArtistProductWorkflow(container).run({ input: { product_id: product.id, images: demo.images } })
  summary.product_images.created.push(product.handle)
}

/** A demo collection, by slug, with its items when it is created (an administrator's later edits are kept). */
async function ensureCollection(container: MedusaContainer, demo: DemoCollection, summary: SeedSummary) {
  const curation: CurationModuleService = container.resolve(CURATION_MODULE)
  const [existing] = await curation.listGalleryCollections({ slug: demo.slug }, { take: 1, select: ["id"] })
  if (existing) {
    summary.collections.existing.push(demo.slug)
    return
  }
  const { result: collection } = await createCollectionWorkflow(container).run({
    input: {
      slug: demo.slug,
      name: demo.name,
      description: demo.description,
      type: demo.type,
      is_active: true,
      featured_image: demo.featured_image,
      rules: demo.type === "smart" ? demo.rules : null,
      manual_inclusions: null,
    },
  })
  if (demo.type === "manual") {
    const products = await container.resolve(Modules.PRODUCT).listProducts({ handle: demo.items }, { select: ["id", "handle"] })
    const idOf = new Map(products.map((p) => [p.handle, p.id]))
    for (const [position, handle] of demo.items.entries()) {
      const productId = idOf.get(handle)
      if (!productId) throw new Error(`Demo collection ${demo.slug}: no product ${handle}`)
      await addCollectionItemWorkflow(container).run({ input: { collection_id: collection.id, product_id: productId, position } })
    }
  }
  summary.collections.created.push(demo.slug)
}

/** The demo spotlight, by organization and title, published now without an expiry. */
async function ensureSpotlight(container: MedusaContainer, organizationId: string, summary: SeedSummary) {
  const curation: CurationModuleService = container.resolve(CURATION_MODULE)
  const [existing] = await curation.listGallerySpotlights(
    { organization_id: organizationId, title: DEMO_SPOTLIGHT.title },
    { take: 1, select: ["id"] }
  )
  if (existing) {
    summary.spotlights.existing.push(DEMO_SPOTLIGHT.title)
    return
  }
  await createSpotlightWorkflow(container).run({
    input: {
      organization_id: organizationId,
      title: DEMO_SPOTLIGHT.title,
      description: DEMO_SPOTLIGHT.description,
      featured_image: DEMO_SPOTLIGHT.featured_image,
      is_active: true,
      published_at: new Date(),
      expires_at: null,
    },
  })
  summary.spotlights.created.push(DEMO_SPOTLIGHT.title)
}

/** A demo studio's storefront settings, only when it has never saved any (its owner's choices are kept). */
async function ensureStorefront(container: MedusaContainer, organizationId: string, slug: string, summary: SeedSummary) {
  const settings = DEMO_STOREFRONTS[slug]
  if (!settings) return
  const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  if (await service.findOrganizationSettings(organizationId)) {
    summary.storefronts.existing.push(slug)
    return
  }
  await updateOrganizationSettingsWorkflow(container).run({ input: { organization_id: organizationId, changes: settings } })
  summary.storefronts.created.push(slug)
}

/** The demo curation and artist pages (DEMO_COLLECTIONS, DEMO_SPOTLIGHT, DEMO_STOREFRONTS), after the products. */
async function ensureShowcase(container: MedusaContainer, organizations: { org: DemoOrganization; id: string }[], summary: SeedSummary) {
  for (const { org, id } of organizations) await ensureStorefront(container, id, org.slug, summary)
  for (const collection of DEMO_COLLECTIONS) await ensureCollection(container, collection, summary)
  const spotlighted = organizations.find(({ org }) => org.slug === DEMO_SPOTLIGHT.organization)
  if (!spotlighted) throw new Error(`Demo spotlight: no organization ${DEMO_SPOTLIGHT.organization}`)
  await ensureSpotlight(container, spotlighted.id, summary)
}

/**
 * Creates whatever of the demo data is missing, looked up by natural keys (slug, email, handle, name,
 * title); what exists is left untouched, so a second run changes nothing. `showcase: false` leaves out the demo
 * curation and storefront settings (ensureShowcase), for tests that start from no collection, spotlight or settings.
 */
export async function seedDemoData(
  container: MedusaContainer,
  { showcase = true }: { showcase?: boolean } = {}
): Promise<SeedSummary & { publishable_key_token: string }> {
  const summary = newSummary()
  const regionId = await ensureRegion(container, summary)
  const locationId = await ensureStockLocation(container, summary)
  await ensureAdminUser(container, summary)

  const organizations: { org: DemoOrganization; id: string; sales_channel_id: string }[] = []
  for (const org of DEMO_ORGANIZATIONS) {
    const memberId = await ensureMember(container, org.member, summary)
    const created = await ensureOrganization(container, org, memberId, summary)
    organizations.push({ org, ...created })
  }
  const salesChannelIds = organizations.map((o) => o.sales_channel_id)
  const token = await ensurePublishableKey(container, salesChannelIds, summary)

  // The Medusa order book's shipping setup (docs/order-book.md), before the products: it creates the default shipping
  // profile when there is none, which products need for Medusa fulfilments.
  await ensureOrderBookSetup(container)
  for (const { org, id } of organizations) await ensureProducts(container, id, org, summary)
  for (const { org, id } of organizations) {
    if (org.payouts_onboarded) await ensurePayoutsOnboarded(container, id, org.slug, summary)
    if (org.slug === DEMO_PLAIN_MEMBER.organization) await ensurePlainMember(container, id, summary)
  }
  if (showcase) await ensureShowcase(container, organizations, summary)
  await ensureStoreDefaults(container, regionId, locationId, summary)
  return { ...summary, publishable_key_token: token }
}

function formatSummary(summary: SeedSummary): string {
  return (Object.keys(summary) as (keyof SeedSummary)[])
    .map((key) =>
      key === "store"
        ? `store defaults (name, usd, region, location): ${summary.store.created.length ? "set" : "already set"}`
        : key === "product_images"
          ? `demo pictures: ${summary[key].created.length} products moved to this server's images, ${summary[key].existing.length} unchanged`
          : `${key}: ${summary[key].created.length} created, ${summary[key].existing.length} already there`
    )
    .join("\n  ")
}

/** `npm run seed` (= `medusa exec ./src/scripts/seed.ts`). */
export default async function seed({ container }: Pick<ExecArgs, "container">) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const { publishable_key_token, ...summary } = await seedDemoData(container)
  logger.info(
    `Atelier demo data (password for every account: ${DEMO_PASSWORD}):\n  ${formatSummary(summary)}\n` +
      `  publishable API key (x-publishable-api-key for /store): ${publishable_key_token}`
  )
}
