// Spec §2: /member redirects to /member/cpe, /student to /student/update-profile.
import { redirect } from 'react-router'
import { areaRole } from '~/.server/guard'
import { ROLE_HOME } from '~/contract/constants'
import type { Route } from './+types/area-index'

export const loader = ({ url }: Route.LoaderArgs) => redirect(ROLE_HOME[areaRole(url)])
