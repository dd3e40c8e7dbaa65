// Business constants of the spec (sections 4 and 9), shared by the portal and the branch API.

export const USER_TYPES = { member: 'M', student: 'S' } as const
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES]
export type Role = keyof typeof USER_TYPES

/** Browser storage keys (docs/spec.md §3). */
export const STORAGE_KEYS = {
	memberToken: 'MemberToken',
	studentToken: 'StudentToken',
	popupShown: 'popupShown',
} as const

export const ALERT_HIDE_MS = 3000
export const TOAST_HIDE_MS = 5000
export const MEMBERSHIP_NUMBER_MAX_LENGTH = 6

/** Messages the spec fixes word for word. */
export const MESSAGES = {
	authenticationFailed: 'Authentication failed',
	popupText: 'Stay updated with our latest events and announcements.',
	logoutQuestion: 'Are you sure you want to log out?',
} as const

/** Where each role lands after signing in, and where the guard sends a signed-out visitor. */
export const ROLE_HOME: Record<Role, string> = {
	member: '/member/cpe',
	student: '/student/update-profile',
}
export const ROLE_LOGIN: Record<Role, string> = {
	member: '/member/login',
	student: '/student/login',
}

/** The public lists' search boxes (events, newsletters): the API refuses longer text. Kept here, free of zod, for the pages' forms. */
export const LIST_SEARCH_MAX_LENGTH = 100
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/** A newsletter address not confirmed within this many days is removed, and its confirmation link stops working. */
export const CONFIRM_WITHIN_DAYS = 7
