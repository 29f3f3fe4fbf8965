import { settingsRoutes } from "../settings-route"

export const { GET, PUT } = settingsRoutes("account")
