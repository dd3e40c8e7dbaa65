// Whether the page's scripts run: false in the server's HTML, true once hydrated. For what only a
// running script keeps right (a count that follows a choice), and its no-script stand-in.
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

export const useHydrated = () =>
	useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
