import { COMMITTEE_PATHS, type Committee, type PersonMessage } from '~/contract/committees'
import { readPublic } from './public-api'

export const loadCommittees = () => readPublic<Committee[]>(COMMITTEE_PATHS.list)
export const loadMessages = () => readPublic<PersonMessage[]>(COMMITTEE_PATHS.messages)
export const loadMessage = (iPersonId: number) => readPublic<PersonMessage>(COMMITTEE_PATHS.message(iPersonId))
