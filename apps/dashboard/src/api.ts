import { createAtelierAuth, createAtelierDashboard, createAtelierSdk } from "../../../src/sdk"

/** Where the member's token is kept (Medusa's client stores it; the browser tests put one there to skip the login). */
export const TOKEN_STORAGE_KEY = "atelier_dashboard_token"
/** The organization the member last chose, for members of several. */
const ORGANIZATION_STORAGE_KEY = "atelier_dashboard_organization"

const unauthorizedListeners = new Set<() => void>()

/** Called when the API refuses the stored token (it expired, or was revoked): the app goes back to the login. */
export function onUnauthorized(listener: () => void) {
  unauthorizedListeners.add(listener)
  return () => void unauthorizedListeners.delete(listener)
}

const auth = { type: "jwt", jwtTokenStorageMethod: "local", jwtTokenStorageKey: TOKEN_STORAGE_KEY } as const

/** The dashboard talks to the server that serves it; a 401 from an /api route with a token means the session is over. */
export const sdk = createAtelierSdk({
  auth,
  fetch: async (input, init) => {
    const response = await fetch(input, init)
    const url = String(input instanceof Request ? input.url : input)
    const hadToken = new Headers(init?.headers).has("authorization")
    if (response.status === 401 && hadToken && new URL(url, window.location.origin).pathname.startsWith("/api/")) {
      for (const listener of unauthorizedListeners) listener()
    }
    return response
  },
})

export const authApi = createAtelierAuth(sdk, { auth })

export const organizationStore = {
  get: () => window.localStorage.getItem(ORGANIZATION_STORAGE_KEY),
  set: (id: string | null) =>
    id ? window.localStorage.setItem(ORGANIZATION_STORAGE_KEY, id) : window.localStorage.removeItem(ORGANIZATION_STORAGE_KEY),
}

export const api = createAtelierDashboard(sdk, { organizationId: organizationStore.get })
