// The welcome popup's once-per-session rule in plain DOM code, for the hydrated home page and the island.
import { STORAGE_KEYS } from '~/contract/constants'

/**
 * The server renders the popup open, so it shows and closes without JavaScript; with scripts it
 * becomes a modal (focus kept inside, Escape closes it) only while the session-storage flag is
 * unset, and sets it (docs/spec.md §3, §4).
 */
export function showWelcomePopupOnce(dialog: HTMLDialogElement) {
	if (!dialog.open) return
	dialog.close()
	if (sessionStorage.getItem(STORAGE_KEYS.popupShown)) return
	sessionStorage.setItem(STORAGE_KEYS.popupShown, 'true')
	dialog.showModal()
}
