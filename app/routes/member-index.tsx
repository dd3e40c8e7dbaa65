import { redirect } from 'react-router'
import { ROLE_HOME } from '~/contract/constants'

export const loader = () => redirect(ROLE_HOME.member)
