import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react"
import type { MemberProfile } from "../../../src/sdk"
import { api, authApi, onUnauthorized, organizationStore, sdk } from "./api"

export type CurrentOrganization = MemberProfile["organizations"][number]

/**
 * Who is using the dashboard: nobody yet (`anonymous`: the login), a member without an organization (`no-organization`:
 * it creates one), or a member acting for one of its organizations (`ready`). `error`: the profile could not be read
 * for another reason than the token (the server is down): the app offers to try again.
 */
export type Session =
  | { status: "loading" }
  | { status: "anonymous"; notice: string | null }
  | { status: "error"; error: Error }
  | { status: "no-organization"; profile: MemberProfile }
  | { status: "ready"; profile: MemberProfile; organization: CurrentOrganization }

type SessionApi = {
  session: Session
  /** Reads the member's profile again (after logging in, creating an organization). */
  refresh: () => Promise<void>
  login: (email: string, password: string) => Promise<void>
  logout: () => Promise<void>
  selectOrganization: (id: string) => void
}

const SessionContext = createContext<SessionApi | null>(null)

function withOrganization(profile: MemberProfile): Session {
  const stored = organizationStore.get()
  const organization = profile.organizations.find((o) => o.id === stored) ?? profile.organizations[0]
  if (!organization) {
    organizationStore.set(null)
    return { status: "no-organization", profile }
  }
  // The header every dashboard call sends (X-Organization-ID) follows the chosen organization.
  organizationStore.set(organization.id)
  return { status: "ready", profile, organization }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: "loading" })

  const refresh = useCallback(async () => {
    if (!(await sdk.client.getToken())) return setSession({ status: "anonymous", notice: null })
    try {
      setSession(withOrganization(await api.members.me()))
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status === 401 || status === 403) {
        await sdk.client.clearToken()
        setSession({ status: "anonymous", notice: status === 401 ? "Your session has ended: log in again." : (error as Error).message })
      } else setSession({ status: "error", error: error as Error })
    }
  }, [])

  useEffect(() => {
    void refresh()
    return onUnauthorized(() => {
      void sdk.client.clearToken()
      setSession({ status: "anonymous", notice: "Your session has ended: log in again." })
    })
  }, [refresh])

  const login = useCallback(
    async (email: string, password: string) => {
      await authApi.login("member", "emailpass", { email, password })
      await refresh()
    },
    [refresh]
  )

  const logout = useCallback(async () => {
    await authApi.logout().catch(() => sdk.client.clearToken())
    setSession({ status: "anonymous", notice: null })
  }, [])

  const selectOrganization = useCallback((id: string) => {
    organizationStore.set(id)
    setSession((current) => ("profile" in current ? withOrganization(current.profile) : current))
  }, [])

  const value = useMemo(() => ({ session, refresh, login, logout, selectOrganization }), [session, refresh, login, logout, selectOrganization])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext)
  if (!value) throw new Error("useSession outside SessionProvider")
  return value
}

/** The organization the dashboard acts for (only inside the pages of a `ready` session). */
export function useOrganization(): CurrentOrganization & { isOwner: boolean } {
  const { session } = useSession()
  if (session.status !== "ready") throw new Error("useOrganization without an organization")
  return { ...session.organization, isOwner: session.organization.role === "owner" }
}
