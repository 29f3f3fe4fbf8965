// A small client-side router for Atelier's single-page apps (each mounted under /<app>/ by the server, which answers
// every page path with the app's index.html): the History API, links that do not reload, and path patterns with
// `:params`. Small enough that no routing library is worth its bytes.
import { createContext, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type ReactNode } from "react"

type Location = { pathname: string; search: string }

const RouterContext = createContext<{ location: Location; base: string }>({ location: { pathname: "/", search: "" }, base: "" })

const current = (): Location => ({ pathname: window.location.pathname, search: window.location.search })

/** Goes to `to` (a path below the app's base, or a full path starting with the base) without reloading. */
export function navigate(to: string, { replace = false } = {}) {
  if (replace) window.history.replaceState(null, "", to)
  else window.history.pushState(null, "", to)
  window.dispatchEvent(new PopStateEvent("popstate"))
  window.scrollTo(0, 0)
}

export function RouterProvider({ base, children }: { base: string; children: ReactNode }) {
  const [location, setLocation] = useState(current)
  useEffect(() => {
    const onChange = () => setLocation(current())
    window.addEventListener("popstate", onChange)
    return () => window.removeEventListener("popstate", onChange)
  }, [])
  const value = useMemo(() => ({ location, base: base.replace(/\/$/, "") }), [location, base])
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}

/** The app-relative path ("/cart"), the query and a helper building full hrefs. */
export function useRouter() {
  const { location, base } = useContext(RouterContext)
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) || "/" : location.pathname
  return {
    path,
    query: useMemo(() => new URLSearchParams(location.search), [location.search]),
    href: (to: string) => `${base}${to.startsWith("/") ? to : `/${to}`}`,
    go: (to: string, options?: { replace?: boolean }) => navigate(`${base}${to}`, options),
  }
}

/** `pattern` like "/orders/:publicId" against `path`; the decoded params, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean)
  const got = path.split("/").filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i])
      } catch {
        return null
      }
    } else if (want[i] !== got[i]) return null
  }
  return params
}

/** An anchor to an app path that navigates without a reload (modified clicks open tabs as usual). */
export function Link({ to, children, ...rest }: { to: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { href, go } = useRouter()
  return (
    <a
      {...rest}
      href={href(to)}
      onClick={(event) => {
        rest.onClick?.(event)
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        go(to)
      }}
    >
      {children}
    </a>
  )
}
