import { ROUTES, type RouteName } from '../../../types/routes'
import { navigation } from '../../platform/navigation'

export interface AppLink {
  route: string
  params: Record<string, string>
}

/** Whether a server-given link names a route of the app (links are route names and params, never raw URLs). */
export const isAppRoute = (route: string): route is RouteName => ROUTES.some((r) => r.name === route)

/** Opens a server-given link; an unknown route name is ignored rather than crashing the tap. */
export function openAppLink(link: AppLink | null | undefined): boolean {
  if (!link || !isAppRoute(link.route)) return false
  navigation.go(link.route, link.params)
  return true
}
