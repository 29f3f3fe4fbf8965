import { defineAtelierApp } from "../shared/vite-app.mjs"

// The gallery storefront, served by the Atelier server at /gallery (docs/storefront-ui.md).
export default defineAtelierApp("gallery")
