import { defineAtelierApp } from "../shared/vite-app.mjs"

// The artist dashboard, served by the Atelier server at /dashboard (docs/artist-dashboard.md).
export default defineAtelierApp("dashboard")
