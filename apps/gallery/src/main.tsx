import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "../../shared/router"
import { App } from "./App"
import { CartProvider } from "./cart-context"
import { prefetchHomeCuration } from "./components/curation"
import { prefetchBrowse } from "./pages/browse"
import "./styles.css"

if (window.location.pathname.replace(/\/+$/, "") === import.meta.env.BASE_URL.replace(/\/+$/, "")) {
  prefetchBrowse(window.location.search)
  if (!window.location.search) prefetchHomeCuration()
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider base={import.meta.env.BASE_URL}>
      <CartProvider>
        <App />
      </CartProvider>
    </RouterProvider>
  </StrictMode>
)
