import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "../../shared/router"
import { App } from "./App"
import { SessionProvider } from "./session"
import "./styles.css"

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider base={import.meta.env.BASE_URL}>
      <SessionProvider>
        <App />
      </SessionProvider>
    </RouterProvider>
  </StrictMode>
)
