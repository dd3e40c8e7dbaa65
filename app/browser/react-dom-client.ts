// `react-dom/client` in the browser build (vite-preact-browser.ts, decision 0035): Preact's
// hydration, with the two things React Router's hydration relies on that Preact does not do itself.
import { hydrate } from 'preact/compat'
import type { ComponentChild, ContainerNode } from 'preact'

/**
 * Given `document`, Preact renders into `document.documentElement`; our root route renders <html>
 * itself, so Preact gets the document as a parent whose one child is that element (the doctype is
 * left alone).
 */
function parentFor(container: Element | Document): ContainerNode {
	if (container !== document) return container as Element
	const wholeDocument = {
		get firstChild() {
			return document.documentElement
		},
		get childNodes() {
			return [document.documentElement]
		},
		namespaceURI: null,
		insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
	}
	return wholeDocument as unknown as ContainerNode
}

/**
 * React Router's root suspends until the page's data is decoded; React waits at the root, Preact
 * throws the promise, so hydration starts again once the data is there.
 */
export function hydrateRoot(container: Element | Document, children: ComponentChild) {
	const parent = parentFor(container)
	const start = () => {
		try {
			hydrate(children, parent)
		} catch (thrown) {
			if (!(thrown instanceof Promise)) throw thrown
			void thrown.then(start)
		}
	}
	start()
}
