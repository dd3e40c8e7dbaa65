import { describe, expect, test } from 'vitest'
import { API_PREFIX } from './api'
import { fillPath, type Endpoint } from './endpoint'
import { apiTable } from './table'
import { apiBodyLimits, pageBodyLimits } from './uploads'

const entries = Object.values(apiTable).flatMap((area) => Object.values(area) as Endpoint[])
const limitOf = (method: string, path: string) => apiBodyLimits(API_PREFIX).find((limit) => limit.method === method && limit.path.test(path))

describe('body limits come from the contract entries', () => {
	test('every upload has its own limit, matched by its own path and method only', () => {
		const uploads = entries.filter((entry) => entry.upload)
		expect(uploads.map((entry) => entry.name).sort()).toEqual([
			'accounts.uploadPicture',
			'officeCommittees.setPortrait',
			'officeEvents.addPicture',
			'officeGallery.addPhotos',
			'officeNewsletters.create',
			'officePages.attach',
			'officePopup.addPicture',
		])
		for (const entry of uploads) {
			const path = API_PREFIX + fillPath(entry.path, { iEventId: 7, iPersonId: 8, iRecordId: 9, sSlug: 'about', sUploadId: 'abc' })
			expect(limitOf(entry.method, path)?.bytes, entry.name).toBe(entry.maxBodyBytes)
			expect(limitOf('GET', path), entry.name).toBeUndefined()
		}
	})

	test('an upload path with more or fewer segments is not an upload', () => {
		expect(limitOf('POST', '/api/office/events/7/pictures/v1')?.tooLarge?.field).toBe('file')
		expect(limitOf('POST', '/api/office/events/7/pictures/v1/x')).toBeUndefined()
		expect(limitOf('POST', '/api/office/events/pictures/v1')).toBeUndefined()
		expect(limitOf('POST', '/office/events/7/pictures/v1')).toBeUndefined()
	})

	test('the pages whose forms carry an upload get room for it; other pages keep the small cap', () => {
		const pageLimit = (path: string) => pageBodyLimits.find(({ page }) => page.test(path))
		expect(pageLimit('/office/gallery/12/photos.data')?.bytes).toBeGreaterThan(12 * 5 * 1024 * 1024)
		expect(pageLimit('/office/gallery/12')?.advice).toBe('Upload at most 12 photos of up to 5 MB each at a time.')
		expect(pageLimit('/office/pages/about.data')?.advice).toBe('A PDF can be at most 20 MB.')
		for (const page of [
			'/register',
			'/member/profile',
			'/student/update-profile',
			'/office/popup',
			'/office/events/3',
			'/office/committees/1/people/2',
			'/office/newsletters/new',
		]) {
			expect(pageLimit(page)?.bytes, page).toBeGreaterThan(5 * 1024 * 1024)
		}
		for (const page of ['/login', '/office/events', '/office/gallery/12/delete', '/office/registerx', '/x/register'])
			expect(pageLimit(page), page).toBeUndefined()
	})
})
