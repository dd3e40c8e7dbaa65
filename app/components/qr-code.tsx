// A QR code drawn on the server (app/api/documents/qr.ts) with what it holds written under it, so
// it can be read out or typed when no camera is at hand.
import type { QrDrawing } from '~/contract/qr-drawing'

export function QrCode({ drawing, text, label, className = 'w-48' }: { drawing: QrDrawing; text: string; label: string; className?: string }) {
	return (
		<figure className={`inline-block ${className}`}>
			<svg viewBox={`0 0 ${drawing.size} ${drawing.size}`} role="img" aria-label={label} className="h-auto w-full bg-white" shapeRendering="crispEdges">
				<path d={drawing.path} fill="#000" />
			</svg>
			<figcaption className="mt-1 text-center font-mono text-sm break-all text-slate-900">{text}</figcaption>
		</figure>
	)
}
