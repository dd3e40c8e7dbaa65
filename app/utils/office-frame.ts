// A route's `handle` that puts its pages in the office's own frame: the root document then leaves
// out the public navbar, alerts and footer, and the route draws the office's header itself.
export const OFFICE_FRAME = { frame: 'office' } as const

export const inOfficeFrame = (matches: { handle?: unknown }[]) =>
	matches.some((match) => (match.handle as { frame?: string } | undefined)?.frame === OFFICE_FRAME.frame)
