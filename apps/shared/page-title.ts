// The browser tab's title of a page (src/lib/page-title.ts): "<page> — <app>".
import { useEffect } from "react"
import { pageTitle } from "../../src/lib/page-title"

/**
 * Sets document.title to "<page> — <app>" (the app alone when `page` is empty) while the calling component is shown.
 * React runs a child's effects before its parent's, so only one component of a page should set it.
 */
export function usePageTitle(page: string | null | undefined, app: string) {
  useEffect(() => {
    document.title = pageTitle(page, app)
  }, [page, app])
}
