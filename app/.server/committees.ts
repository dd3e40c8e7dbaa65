// The committees and their people's messages, for the public pages: checked against the contract.
import { committeeEndpoints } from '~/contract/committees'
import { readPublicEntry } from './public-api'

export const loadCommittees = () => readPublicEntry(committeeEndpoints.list, {})
export const loadMessages = () => readPublicEntry(committeeEndpoints.messages, {})
export const loadMessage = (iPersonId: number) => readPublicEntry(committeeEndpoints.message, { iPersonId })
