// A multipart post that reports how much of it has gone (fetch cannot): the office's uploads use
// it with JavaScript on, to show a progress bar while a large file travels on a slow connection.

export type UploadAnswer = { status: number; body: { message?: string; errors?: Record<string, string[]>; location?: string } }

export function uploadWithProgress(url: string, body: FormData, onProgress: (percent: number) => void) {
	return new Promise<UploadAnswer>((resolve) => {
		const request = new XMLHttpRequest()
		request.open('POST', url)
		request.responseType = 'json'
		request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100))
		request.onload = () => resolve({ status: request.status, body: (request.response ?? {}) as UploadAnswer['body'] })
		request.onerror = () => resolve({ status: 0, body: { message: 'The connection failed. Please try again.' } })
		request.send(body)
	})
}

/** The first thing to tell the person about a refused upload: a field's error, else the message. */
export const refusalOf = ({ status, body }: UploadAnswer) => Object.values(body.errors ?? {}).flat()[0] ?? body.message ?? `The server answered ${status}.`
