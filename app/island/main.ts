// The island: the only script an anonymous visitor's public page ships (decision 0032). The page
// is whole without it, as without JavaScript; this adds, in plain DOM code, what those pages use
// scripts for, with no React and no React Router. Every part looks for its own element first.
import { showWelcomePopupOnce } from '~/components/welcome-popup-once'
import { mirrorTokens, SIGNED_OUT } from '~/utils/token-storage'
import { enhanceNewsletterForm } from './newsletter-form'
import { enhancePhotoViewer } from './photo-viewer'

// Nobody is signed in on these pages: no token stays in local storage (docs/spec.md §3).
mirrorTokens(SIGNED_OUT)

const welcomePopup = document.querySelector<HTMLDialogElement>('dialog.welcome-popup')
if (welcomePopup) showWelcomePopupOnce(welcomePopup)

enhanceNewsletterForm()
enhancePhotoViewer()
