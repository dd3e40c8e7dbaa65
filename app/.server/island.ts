// The island script an anonymous visitor's public page ships instead of React (decision 0032).
import islandEntryUrl from 'virtual:island-entry'

export { islandEntryUrl }
