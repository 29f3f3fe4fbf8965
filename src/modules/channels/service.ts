import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import {
  type ChannelKeyring,
  createChannelKeyring,
  openSecret,
  parseChannelKey,
  sealSecret,
  SealedSecretError,
} from "../../lib/channel-crypto"
import type { ChannelModuleOptions } from "../../lib/channel-environment"
import { fromEtsyListing, fromGumroadProduct, type ImportedListing } from "../../lib/channel-listings"
import {
  isWellFormedState,
  needsTokenRefresh,
  oauthStateDigest,
  oauthStateExpiresAt,
  oauthStateOutcome,
  type OAuthStateOutcome,
  tokenExpiresAt,
} from "../../lib/channel-oauth"
import { type Channel, CHANNEL_MESSAGES, CHANNELS, type ConnectionStatus } from "../../lib/channels"
import { sqlManager } from "../common/sql-manager"
import { ChannelConnection } from "./models/channel-connection"
import { ChannelListing } from "./models/channel-listing"
import { ChannelOauthState } from "./models/channel-oauth-state"
import { EtsyProvider, type MarketplaceShop, type TokenSet } from "./providers/etsy"
import { GumroadProvider } from "./providers/gumroad"
import { ChannelConflictError, ChannelProviderError } from "./providers/http"

/** What `GET /api/channels` shows of a connection: never a token. */
export type ConnectionView = {
  channel: Channel
  status: ConnectionStatus | "not_connected"
  shop_id: string | null
  shop_name: string | null
  connected_at: Date | null
  disconnected_at: Date | null
}

/** A claimed, valid state: who started the authorization, for which organization, with which PKCE verifier. */
export type PendingAuthorization = {
  channel: Channel
  organizationId: string
  memberId: string
  state: string
  codeVerifier: string
}

/**
 * What a disconnection did at the marketplace: `revoked` (it confirmed), `failed` (it did not: the owner can revoke
 * there), `not_supported` (Etsy has no revocation endpoint: the tokens are forgotten and expire unused), `none`
 * (no token was stored).
 */
export type Revocation = "revoked" | "failed" | "not_supported" | "none"

type ConnectionRow = {
  id: string
  status: ConnectionStatus
  shop_id: string
  access_token: string | null
  refresh_token: string | null
  access_token_expires_at: Date | string | null
}

type Access = { kind: "ok"; accessToken: string; shopId: string } | { kind: "not_connected" } | { kind: "expired" }

const STATE_CONTEXT = (digest: string) => `oauth_state:${digest}:code_verifier`
const TOKEN_CONTEXT = (organizationId: string, channel: Channel, field: "access_token" | "refresh_token") =>
  `${organizationId}:${channel}:${field}`

/** Pending states are deleted a day after they expired (whether used or not). */
const STATE_RETENTION = "1 day"

const conflict = (message: string) => new ChannelConflictError(message)

function isUniqueViolation(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  return code === "23505" || name === "UniqueConstraintViolationException"
}

/**
 * Channels module (docs/marketplace-channels.md): an organization's connections to marketplaces (Etsy by OAuth 2.0
 * with PKCE, Gumroad by access token), the pending OAuth states, and the listings imported from them. Tokens and PKCE
 * verifiers are stored only sealed with AES-256-GCM (src/lib/channel-crypto.ts); they leave this service only towards
 * the marketplace that issued them.
 */
class ChannelsModuleService extends MedusaService({
  ChannelConnection,
  ChannelOauthState,
  ChannelListing,
}) {
  private readonly keyring: ChannelKeyring
  private readonly etsy: EtsyProvider | null
  private readonly gumroad: GumroadProvider

  constructor(dependencies: Record<string, unknown>, options: ChannelModuleOptions) {
    // MedusaService reads the container; the options are this module's own (medusa-config.ts, readChannelEnvironment).
    super(dependencies, options)
    this.keyring = createChannelKeyring(
      parseChannelKey(options.encryptionKey),
      options.previousEncryptionKeys.map((key) => parseChannelKey(key, "CHANNEL_ENCRYPTION_PREVIOUS_KEYS"))
    )
    const { etsy } = options
    this.etsy = etsy.clientId
      ? new EtsyProvider({ ...etsy, clientId: etsy.clientId, allowInsecureRequests: options.allowInsecureRequests })
      : null
    this.gumroad = new GumroadProvider(options.gumroad)
  }

  /** Etsy needs the server's app credentials (ETSY_CLIENT_ID); Gumroad needs nothing but the owner's token. */
  isConfigured(channel: Channel): boolean {
    return channel === "gumroad" || this.etsy !== null
  }

  private requireEtsy(): EtsyProvider {
    if (!this.etsy) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, CHANNEL_MESSAGES.etsyNotConfigured)
    return this.etsy
  }

  /**
   * Starts an Etsy authorization for a member acting for an organization: a new state and PKCE verifier, stored for
   * the callback (the state as its digest, the verifier sealed), and the URL that sends the browser to Etsy.
   */
  @InjectManager()
  async startEtsyAuthorization(
    input: { organizationId: string; memberId: string; now: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ url: string }> {
    const { state, codeVerifier, url } = await this.requireEtsy().newAuthorization()
    const digest = oauthStateDigest(state)
    const manager = sqlManager(sharedContext)
    await manager.execute(
      `DELETE FROM channel_oauth_state WHERE expires_at < ?::timestamptz - interval '${STATE_RETENTION}'`,
      [input.now.toISOString()]
    )
    await manager.execute(
      `INSERT INTO channel_oauth_state
         (id, state_digest, channel, organization_id, member_id, code_verifier, expires_at, created_at, updated_at)
       VALUES (?, ?, 'etsy', ?, ?, ?, ?, now(), now())`,
      [
        generateEntityId(undefined, "chst"),
        digest,
        input.organizationId,
        input.memberId,
        sealSecret(this.keyring, codeVerifier, STATE_CONTEXT(digest)),
        oauthStateExpiresAt(input.now).toISOString(),
      ]
    )
    return { url }
  }

  /**
   * Claims the state a callback brought back, once: the first callback with it marks it used (one statement, so two
   * racing callbacks cannot both claim it), whatever the outcome after that. `ok` gives the pending authorization.
   */
  @InjectManager()
  async claimOAuthState(
    given: unknown,
    now: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ outcome: OAuthStateOutcome; authorization?: PendingAuthorization }> {
    if (!isWellFormedState(given)) return { outcome: oauthStateOutcome(given, null, now) }
    const digest = oauthStateDigest(given)
    const manager = sqlManager(sharedContext)
    const [claimed] = (await manager.execute(
      `UPDATE channel_oauth_state SET used_at = ?, updated_at = now()
        WHERE state_digest = ? AND used_at IS NULL AND deleted_at IS NULL
        RETURNING channel, organization_id, member_id, code_verifier, expires_at`,
      [now.toISOString(), digest]
    )) as { channel: Channel; organization_id: string; member_id: string; code_verifier: string; expires_at: Date | string }[]
    if (!claimed) {
      const [spent] = (await manager.execute(
        `SELECT expires_at FROM channel_oauth_state WHERE state_digest = ? AND deleted_at IS NULL`,
        [digest]
      )) as { expires_at: Date | string }[]
      const record = spent ? { expires_at: new Date(spent.expires_at), claimed: false } : null
      return { outcome: oauthStateOutcome(given, record, now) }
    }
    const outcome = oauthStateOutcome(given, { expires_at: new Date(claimed.expires_at), claimed: true }, now)
    if (outcome !== "ok") return { outcome }
    return {
      outcome,
      authorization: {
        channel: claimed.channel,
        organizationId: claimed.organization_id,
        memberId: claimed.member_id,
        state: given,
        codeVerifier: openSecret(this.keyring, claimed.code_verifier, STATE_CONTEXT(digest)).plaintext,
      },
    }
  }

  /**
   * Completes a claimed Etsy authorization: the callback's code exchanged (with the PKCE verifier) for tokens, the
   * account's shop read, the connection stored. 400 when Etsy sent an error instead of a code or refuses the code.
   */
  async connectEtsy(input: {
    authorization: PendingAuthorization
    callback: URLSearchParams
    now: Date
  }): Promise<ConnectionView> {
    const etsy = this.requireEtsy()
    const { authorization } = input
    let tokens: TokenSet
    try {
      tokens = await etsy.exchangeCode(input.callback, authorization.state, authorization.codeVerifier)
    } catch (error) {
      if (error instanceof ChannelProviderError && error.kind === "denied") {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, CHANNEL_MESSAGES.authorizationDenied("etsy"))
      }
      if (error instanceof ChannelProviderError && error.kind === "refused") {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, CHANNEL_MESSAGES.codeRefused("etsy"))
      }
      throw error
    }
    const shop = await this.shopOrRefused("etsy", () => etsy.shop(tokens.accessToken))
    return this.saveConnection({
      organizationId: authorization.organizationId,
      memberId: authorization.memberId,
      channel: "etsy",
      shop,
      tokens,
      now: input.now,
    })
  }

  /** Connects Gumroad with an owner's access token, once Gumroad has accepted it (400 otherwise, nothing stored). */
  async connectGumroad(input: { organizationId: string; memberId: string; accessToken: string; now: Date }): Promise<ConnectionView> {
    const shop = await this.shopOrRefused("gumroad", () => this.gumroad.shop(input.accessToken))
    return this.saveConnection({
      organizationId: input.organizationId,
      memberId: input.memberId,
      channel: "gumroad",
      shop,
      tokens: { accessToken: input.accessToken, refreshToken: null, expiresIn: undefined },
      now: input.now,
    })
  }

  private async shopOrRefused(channel: Channel, read: () => Promise<MarketplaceShop>): Promise<MarketplaceShop> {
    try {
      return await read()
    } catch (error) {
      if (error instanceof ChannelProviderError && error.kind === "refused") {
        throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, CHANNEL_MESSAGES.tokenRefused(channel)), {
          field: "access_token",
        })
      }
      throw error
    }
  }

  /**
   * Stores a connection (one statement: an upsert on organization and channel, so reconnecting replaces the tokens
   * and shop). 409 when the shop is connected to another organization.
   */
  @InjectManager()
  protected async saveConnection(
    input: {
      organizationId: string
      memberId: string
      channel: Channel
      shop: MarketplaceShop
      tokens: TokenSet
      now: Date
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ConnectionView> {
    const { organizationId, channel, tokens, shop, now } = input
    try {
      await sqlManager(sharedContext).execute(
        `INSERT INTO channel_connection AS c
           (id, organization_id, channel, status, account_id, shop_id, shop_name, access_token, refresh_token,
            access_token_expires_at, connected_by, connected_at, created_at, updated_at)
         VALUES (?, ?, ?, 'connected', ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
         ON CONFLICT (organization_id, channel) WHERE deleted_at IS NULL DO UPDATE SET
           status = 'connected', account_id = excluded.account_id, shop_id = excluded.shop_id,
           shop_name = excluded.shop_name, access_token = excluded.access_token, refresh_token = excluded.refresh_token,
           access_token_expires_at = excluded.access_token_expires_at, connected_by = excluded.connected_by,
           connected_at = excluded.connected_at, disconnected_at = NULL, refreshed_at = NULL, updated_at = now()`,
        [
          generateEntityId(undefined, "chcon"),
          organizationId,
          channel,
          shop.accountId,
          shop.shopId,
          shop.shopName,
          sealSecret(this.keyring, tokens.accessToken, TOKEN_CONTEXT(organizationId, channel, "access_token")),
          tokens.refreshToken
            ? sealSecret(this.keyring, tokens.refreshToken, TOKEN_CONTEXT(organizationId, channel, "refresh_token"))
            : null,
          tokenExpiresAt(now, tokens.expiresIn)?.toISOString() ?? null,
          input.memberId,
          now.toISOString(),
        ]
      )
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CHANNEL_MESSAGES.shopTaken(channel))
      throw error
    }
    const views = await this.listConnections(organizationId, sharedContext)
    return views.find((view) => view.channel === channel)!
  }

  /** One entry per marketplace Atelier supports, in CHANNELS order (`not_connected` for one never connected). */
  @InjectManager()
  async listConnections(
    organizationId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ConnectionView[]> {
    const rows = (await sqlManager(sharedContext).execute(
      `SELECT channel, status, shop_id, shop_name, connected_at, disconnected_at
         FROM channel_connection WHERE organization_id = ? AND deleted_at IS NULL`,
      [organizationId]
    )) as { channel: Channel; status: ConnectionStatus; shop_id: string; shop_name: string | null; connected_at: Date | string; disconnected_at: Date | string | null }[]
    return CHANNELS.map((channel): ConnectionView => {
      const row = rows.find((r) => r.channel === channel)
      if (!row) return { channel, status: "not_connected", shop_id: null, shop_name: null, connected_at: null, disconnected_at: null }
      return {
        channel,
        status: row.status,
        shop_id: row.shop_id,
        shop_name: row.shop_name,
        connected_at: new Date(row.connected_at),
        disconnected_at: row.disconnected_at ? new Date(row.disconnected_at) : null,
      }
    })
  }

  /**
   * Disconnects: the tokens are forgotten first (committed whatever the marketplace says), then revoked where the
   * marketplace offers it. Disconnecting what is not connected changes nothing and answers the same.
   */
  async disconnect(input: { organizationId: string; channel: Channel; now: Date }): Promise<{ connection: ConnectionView; revocation: Revocation }> {
    const forgotten = await this.forgetTokens(input.organizationId, input.channel, "disconnected", input.now)
    let revocation: Revocation = "none"
    if (forgotten !== null) {
      revocation = input.channel === "gumroad" ? ((await this.gumroad.revoke(forgotten)) ? "revoked" : "failed") : "not_supported"
    }
    const views = await this.listConnections(input.organizationId)
    return { connection: views.find((view) => view.channel === input.channel)!, revocation }
  }

  /**
   * Clears a connection's tokens and sets its status (`disconnected` by an owner, `expired` when the marketplace
   * refused them). Returns the access token it held (to revoke it), null when none was stored or readable.
   */
  @InjectTransactionManager()
  protected async forgetTokens(
    organizationId: string,
    channel: Channel,
    status: Exclude<ConnectionStatus, "connected">,
    now: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string | null> {
    const manager = sqlManager(sharedContext)
    const [row] = (await manager.execute(
      `SELECT access_token FROM channel_connection WHERE organization_id = ? AND channel = ? AND deleted_at IS NULL FOR UPDATE`,
      [organizationId, channel]
    )) as { access_token: string | null }[]
    if (!row) return null
    await manager.execute(
      `UPDATE channel_connection SET status = ?, access_token = NULL, refresh_token = NULL,
         access_token_expires_at = NULL, disconnected_at = COALESCE(disconnected_at, ?), updated_at = now()
       WHERE organization_id = ? AND channel = ? AND deleted_at IS NULL`,
      [status, now.toISOString(), organizationId, channel]
    )
    if (!row.access_token) return null
    try {
      return openSecret(this.keyring, row.access_token, TOKEN_CONTEXT(organizationId, channel, "access_token")).plaintext
    } catch {
      // Sealed with a key no longer configured: nothing to revoke with; it is forgotten all the same.
      return null
    }
  }

  /**
   * The connection's access token, ready to use: renewed first when it has expired (Etsy rotates the refresh token,
   * and the new one replaces it in the same transaction). 409 when not connected, or when the marketplace refuses to
   * renew it (the connection is then `expired` and its tokens forgotten).
   */
  async accessFor(
    organizationId: string,
    channel: Channel,
    now: Date,
    options: { forceRefresh?: boolean } = {}
  ): Promise<{ accessToken: string; shopId: string }> {
    const access = await this.lockedAccess(organizationId, channel, now, options.forceRefresh === true)
    if (access.kind === "expired") throw conflict(CHANNEL_MESSAGES.expired(channel))
    if (access.kind === "not_connected") throw conflict(CHANNEL_MESSAGES.notConnected(channel))
    return { accessToken: access.accessToken, shopId: access.shopId }
  }

  // Under the connection's row lock, so that two requests never both spend the same (single-use) refresh token; the
  // refresh call is bounded by PROVIDER_TIMEOUT_MS. A refusal is returned, not thrown, so that marking the connection
  // expired commits.
  @InjectTransactionManager()
  protected async lockedAccess(
    organizationId: string,
    channel: Channel,
    now: Date,
    forceRefresh: boolean,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<Access> {
    const manager = sqlManager(sharedContext)
    const [row] = (await manager.execute(
      `SELECT id, status, shop_id, access_token, refresh_token, access_token_expires_at
         FROM channel_connection WHERE organization_id = ? AND channel = ? AND deleted_at IS NULL FOR UPDATE`,
      [organizationId, channel]
    )) as ConnectionRow[]
    if (!row || row.status === "disconnected") return { kind: "not_connected" }
    if (row.status === "expired" || !row.access_token) return { kind: "expired" }

    const accessContext = TOKEN_CONTEXT(organizationId, channel, "access_token")
    const refreshContext = TOKEN_CONTEXT(organizationId, channel, "refresh_token")
    let access: { plaintext: string; rotated: boolean }
    let refresh: { plaintext: string; rotated: boolean } | null
    try {
      access = openSecret(this.keyring, row.access_token, accessContext)
      refresh = row.refresh_token ? openSecret(this.keyring, row.refresh_token, refreshContext) : null
    } catch (error) {
      // Sealed with a key no longer configured (or altered): unusable, so the owner must connect again.
      if (error instanceof SealedSecretError) return this.expire(manager, row.id, now)
      throw error
    }
    const expiresAt = row.access_token_expires_at ? new Date(row.access_token_expires_at) : null

    if (needsTokenRefresh(expiresAt, now) || (forceRefresh && refresh)) {
      if (channel !== "etsy" || !refresh) return this.expire(manager, row.id, now)
      let tokens: TokenSet
      try {
        tokens = await this.requireEtsy().refresh(refresh.plaintext)
      } catch (error) {
        if (error instanceof ChannelProviderError && error.kind === "refused") return this.expire(manager, row.id, now)
        throw error
      }
      await this.storeTokens(manager, row.id, {
        access: sealSecret(this.keyring, tokens.accessToken, accessContext),
        // Etsy always rotates; should an answer lack a new refresh token, the current one is kept.
        refresh: sealSecret(this.keyring, tokens.refreshToken ?? refresh.plaintext, refreshContext),
        expiresAt: tokenExpiresAt(now, tokens.expiresIn),
        refreshedAt: now,
      })
      return { kind: "ok", accessToken: tokens.accessToken, shopId: row.shop_id }
    }

    // Sealed with a previous key: sealed again with the current one, so that old keys can be retired.
    if (access.rotated || refresh?.rotated) {
      await this.storeTokens(manager, row.id, {
        access: sealSecret(this.keyring, access.plaintext, accessContext),
        refresh: refresh ? sealSecret(this.keyring, refresh.plaintext, refreshContext) : null,
        expiresAt,
        refreshedAt: null,
      })
    }
    return { kind: "ok", accessToken: access.plaintext, shopId: row.shop_id }
  }

  private async storeTokens(
    manager: SqlEntityManager,
    id: string,
    tokens: { access: string; refresh: string | null; expiresAt: Date | null; refreshedAt: Date | null }
  ) {
    await manager.execute(
      `UPDATE channel_connection SET access_token = ?, refresh_token = ?, access_token_expires_at = ?,
         refreshed_at = COALESCE(?, refreshed_at), updated_at = now() WHERE id = ?`,
      [tokens.access, tokens.refresh, tokens.expiresAt?.toISOString() ?? null, tokens.refreshedAt?.toISOString() ?? null, id]
    )
  }

  private async expire(manager: SqlEntityManager, id: string, now: Date): Promise<Access> {
    await manager.execute(
      `UPDATE channel_connection SET status = 'expired', access_token = NULL, refresh_token = NULL,
         access_token_expires_at = NULL, disconnected_at = ?, updated_at = now() WHERE id = ?`,
      [now.toISOString(), id]
    )
    return { kind: "expired" }
  }

  /**
   * The connected shop's listings as Atelier will import them (Etsy: active listings; Gumroad: published products),
   * each listing once. A token the marketplace refuses expires the connection (409).
   */
  async fetchListings(organizationId: string, channel: Channel, now: Date): Promise<ImportedListing[]> {
    const read = async (forceRefresh: boolean) => {
      const { accessToken, shopId } = await this.accessFor(organizationId, channel, now, { forceRefresh })
      return channel === "etsy" ? this.requireEtsy().listings(accessToken, shopId) : this.gumroad.listings(accessToken)
    }
    const refused = (error: unknown) => error instanceof ChannelProviderError && error.kind === "refused"
    let raw: unknown[]
    try {
      // An Etsy access token refused before its recorded expiry (clock skew, revoked at Etsy) gets one refresh.
      raw = await read(false).catch((error) => (refused(error) && channel === "etsy" ? read(true) : Promise.reject(error)))
    } catch (error) {
      if (refused(error)) {
        await this.forgetTokens(organizationId, channel, "expired", now)
        throw conflict(CHANNEL_MESSAGES.expired(channel))
      }
      throw error
    }
    const forSale = channel === "gumroad" ? raw.filter((p) => (p as { published?: unknown })?.published !== false) : raw
    const listings = new Map<string, ImportedListing>()
    for (const item of forSale) {
      const listing = channel === "etsy" ? fromEtsyListing(item) : fromGumroadProduct(item)
      if (listing && !listings.has(listing.listing_id)) listings.set(listing.listing_id, listing)
    }
    return [...listings.values()]
  }
}

export default ChannelsModuleService
