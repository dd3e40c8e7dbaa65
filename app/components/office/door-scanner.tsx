// The door page's scripts: check-ins sent as they happen (plain JSON to check-in/scan), kept in a
// queue when the network is down and sent when it returns; the camera reading QR codes
// continuously (BarcodeDetector where the browser has it, else jsQR, loaded only here and only
// then); a photo of a ticket read the same way; a beep and a buzz for each outcome.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { isWelcome } from '~/contract/check-in'
import type { CheckInDesk, CheckInResult } from '~/contract/office/registrations'
import { checkInOffline, readQueue, writeQueue, type DoorResult } from './door-queue'

/** The camera reads a code again only once it has been out of sight this long: a ticket held up for a while is one scan. */
const REPEAT_MS = 3000
const RETRY_MS = 15_000

function signal(welcome: boolean) {
	navigator.vibrate?.(welcome ? 120 : [80, 60, 80])
	try {
		const audio = new AudioContext()
		const tone = audio.createOscillator()
		tone.frequency.value = welcome ? 880 : 220
		tone.connect(audio.destination)
		tone.start()
		tone.stop(audio.currentTime + (welcome ? 0.12 : 0.35))
	} catch {
		// No sound where the browser allows none; the screen says it all.
	}
}

async function send(eventId: number, sCode: string, dScannedAt?: string) {
	const body = new FormData()
	body.set('sCode', sCode)
	if (dScannedAt) body.set('dScannedAt', dScannedAt)
	const response = await fetch(`/office/events/${eventId}/check-in/scan`, { method: 'POST', body })
	if (response.status >= 500) throw new Error('The portal is not answering')
	if (!response.ok) return { sOutcome: 'invalid', sText: ((await response.json()) as { message: string }).message, iRegistrationId: null } satisfies DoorResult
	return (await response.json()) as CheckInResult
}

export function useDoor(eventId: number, desk: CheckInDesk, served: CheckInResult | null) {
	const [result, setResult] = useState<DoorResult | null>(served)
	const [counts, setCounts] = useState({ present: served?.nPresent ?? desk.nPresent, expected: served?.nExpected ?? desk.nExpected })
	const [queued, setQueued] = useState(0)
	const roster = useRef(desk.aRoster.map((person) => ({ ...person })))

	const flushing = useRef(false)
	const flush = useCallback(async () => {
		// One flush at a time: the online event and the retry may come together.
		if (flushing.current) return
		flushing.current = true
		try {
			for (let next = readQueue(eventId)[0]; next; next = readQueue(eventId)[0]) {
				const answer = await send(eventId, next.sCode, next.dScannedAt)
				if ('nPresent' in answer) setCounts({ present: answer.nPresent, expected: answer.nExpected })
				// Read again: a scan queued while this one was on its way stays queued.
				writeQueue(eventId, readQueue(eventId).slice(1))
			}
		} catch {
			// Still offline: the rest waits for the next try.
		} finally {
			flushing.current = false
			setQueued(readQueue(eventId).length)
		}
	}, [eventId])

	useEffect(() => {
		// What an earlier visit left queued goes first, once the page has started.
		const first = setTimeout(() => void flush(), 0)
		const retry = setInterval(() => void flush(), RETRY_MS)
		window.addEventListener('online', flush)
		return () => {
			clearTimeout(first)
			clearInterval(retry)
			window.removeEventListener('online', flush)
		}
	}, [flush])

	const scan = useCallback(
		async (code: string) => {
			const now = Date.now()
			let shown: DoorResult
			try {
				if (readQueue(eventId).length > 0 && !navigator.onLine) throw new Error('offline')
				const answer = await send(eventId, code)
				shown = answer
				if ('nPresent' in answer) {
					setCounts({ present: answer.nPresent, expected: answer.nExpected })
					const person = roster.current.find((one) => one.iRegistrationId === answer.iRegistrationId)
					if (person && answer.dAttendedAt) person.dAttendedAt = answer.dAttendedAt
				}
			} catch {
				shown = await checkInOffline(code, { eventId, eventKey: desk.sEventKey, roster: roster.current })
				if (shown.bQueued) {
					const queue = [...readQueue(eventId), { sCode: code, dScannedAt: new Date(now).toISOString() }]
					writeQueue(eventId, queue)
					setQueued(queue.length)
					setCounts((before) => ({ ...before, present: before.present + 1 }))
				}
			}
			setResult(shown)
			signal(isWelcome(shown.sOutcome))
		},
		[eventId, desk.sEventKey],
	)

	const onSubmit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const field = event.currentTarget.elements.namedItem('sCode') as HTMLInputElement
		const code = field.value.trim()
		if (!code) return
		field.value = ''
		void scan(code)
	}
	return { result, present: counts.present, expected: counts.expected, queued, scan, onSubmit }
}

export function DoorResultBox({ result }: { result: DoorResult | null }) {
	if (!result) return <p className="mt-4 text-slate-700">Scan a ticket, or type its code or the person’s number.</p>
	const welcome = isWelcome(result.sOutcome)
	return (
		<p
			role="status"
			data-outcome={result.sOutcome}
			className={`mt-4 rounded-lg p-6 text-3xl font-bold sm:text-4xl ${welcome ? 'bg-green-700 text-white' : 'bg-red-700 text-white'}`}
		>
			{result.sText}
			{result.bQueued ? <span className="mt-2 block text-lg font-medium">Offline: it is sent when the network returns.</span> : null}
		</p>
	)
}

type Decode = (source: CanvasImageSource, width: number, height: number) => Promise<string | null>

/** BarcodeDetector where the browser has one for QR codes; jsQR (fetched now, only on this page) otherwise. */
async function makeDecoder(): Promise<Decode> {
	const Detector = (
		globalThis as {
			BarcodeDetector?: {
				new (options: { formats: string[] }): { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> }
				getSupportedFormats?: () => Promise<string[]>
			}
		}
	).BarcodeDetector
	if (Detector && (await Detector.getSupportedFormats?.())?.includes('qr_code')) {
		const detector = new Detector({ formats: ['qr_code'] })
		return async (source) => (await detector.detect(source))[0]?.rawValue ?? null
	}
	const { default: jsQR } = await import('jsqr')
	const canvas = document.createElement('canvas')
	const context = canvas.getContext('2d', { willReadFrequently: true })!
	return async (source, width, height) => {
		canvas.width = width
		canvas.height = height
		context.drawImage(source, 0, 0, width, height)
		return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null
	}
}

const CAMERA_REFUSED = 'The camera could not be opened (no camera, or permission refused). Type the code instead.'
const NO_DECODER = 'The QR code reader could not be loaded (is the network down?). Type the code instead.'
const NOT_A_PICTURE = 'That file is not a picture the browser can read.'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `onStart`: the camera is on; on a phone the page brings the count and the outcome into view above the video. */
export function DoorScanner({ onCode, onStart }: { onCode: (code: string) => Promise<void>; onStart: () => void }) {
	const video = useRef<HTMLVideoElement>(null)
	const [camera, setCamera] = useState<'off' | 'on'>('off')
	const [problem, setProblem] = useState<string | null>(null)
	const decoder = useRef<Promise<Decode> | null>(null)
	// A reader that could not be fetched (the network down) is fetched again the next time.
	const decode = () =>
		(decoder.current ??= makeDecoder().catch((error: unknown) => {
			decoder.current = null
			throw error
		}))

	useEffect(() => {
		if (camera !== 'on') return
		let stopped = false
		let stream: MediaStream | undefined
		void (async () => {
			try {
				stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
			} catch {
				setProblem(CAMERA_REFUSED)
				setCamera('off')
				return
			}
			// Stopped while the browser was asking: the camera is let go at once.
			if (stopped) return stream.getTracks().forEach((track) => track.stop())
			const element = video.current!
			element.srcObject = stream
			let read: Decode
			try {
				read = await decode()
				await element.play()
				// Now that the video has its size.
				onStart()
			} catch {
				if (!stopped) setProblem(NO_DECODER)
				return
			}
			let last = { code: '', at: 0 }
			while (!stopped) {
				const code = element.videoWidth ? await read(element, element.videoWidth, element.videoHeight) : null
				if (code && (code !== last.code || Date.now() - last.at > REPEAT_MS)) await onCode(code)
				if (code) last = { code, at: Date.now() }
				await pause(200)
			}
		})()
		return () => {
			stopped = true
			stream?.getTracks().forEach((track) => track.stop())
		}
	}, [camera, onCode, onStart])

	const start = () => {
		setProblem(null)
		setCamera('on')
	}
	const readPhoto = async (file: File | undefined) => {
		if (!file) return
		setProblem(null)
		const picture = await createImageBitmap(file).catch(() => null)
		if (!picture) return setProblem(NOT_A_PICTURE)
		const read = await decode().catch(() => null)
		if (!read) return setProblem(NO_DECODER)
		await onCode((await read(picture, picture.width, picture.height)) ?? '')
	}

	return (
		<section aria-labelledby="camera-heading" className="mt-6">
			<h2 id="camera-heading" className="text-xl font-semibold text-brand-900">
				Camera
			</h2>
			{camera === 'on' ? (
				<>
					<video ref={video} muted playsInline className="mt-2 w-full max-w-md rounded bg-black" />
					<button type="button" onClick={() => setCamera('off')} className="mt-2 font-medium text-brand-700 underline">
						Stop the camera
					</button>
				</>
			) : (
				<button type="button" onClick={start} className="mt-2 rounded bg-brand-700 px-4 py-2 font-semibold text-white">
					Scan with the camera
				</button>
			)}
			{problem ? <p className="mt-2 text-red-800">{problem}</p> : null}
			<label className="mt-4 block font-medium text-slate-800">
				Or read a photo of a ticket
				<input type="file" accept="image/*" onChange={(event) => void readPhoto(event.currentTarget.files?.[0])} className="mt-1 block max-w-full" />
			</label>
		</section>
	)
}
