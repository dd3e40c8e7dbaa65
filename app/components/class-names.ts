// Looks that React components and the island (app/island) both draw, kept in one place so a page
// looks the same whichever script enhanced it.

/** A field's error list (forms.tsx ErrorList). */
export const ERROR_LIST_CLASS = 'mt-1 space-y-1 text-sm font-medium text-red-800'

/** A modal dialog and its parts (dialog.tsx). */
export const DIALOG_CLASS = {
	dialog: 'fixed inset-0 z-50 m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg bg-white p-6 shadow-[0_0_0_100vmax_rgb(13_42_80/0.55)] backdrop:bg-brand-900/55',
	title: 'text-xl font-semibold',
	titleTone: { neutral: 'text-brand-900', success: 'text-green-800', error: 'text-red-800' },
	body: 'mt-3 text-slate-800',
	actions: 'mt-6 flex justify-end gap-3',
	closeButton:
		'rounded bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
} as const
