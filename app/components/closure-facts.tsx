// What closing an account erases and what it keeps (app/contract/own-data.ts), said the same way
// before closing (the close page) and after (/account-closed).
import { CLOSURE_ERASES } from '~/contract/account-closure'

/** `keeps` comes from the loader (closureKeeps), so server and browser name the same financial year. */
export function ClosureFacts({ keeps, done = false }: { keeps: string[]; done?: boolean }) {
	return (
		<div className="space-y-6">
			<section aria-labelledby="closure-erased">
				<h2 id="closure-erased" className="text-xl font-semibold text-brand-900">
					{done ? 'What was erased' : 'What is erased'}
				</h2>
				<ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
					{CLOSURE_ERASES.map((item) => (
						<li key={item}>{item}</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="closure-kept">
				<h2 id="closure-kept" className="text-xl font-semibold text-brand-900">
					{done ? 'What is kept' : 'What is kept, and why'}
				</h2>
				<ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
					{keeps.map((item) => (
						<li key={item}>{item}</li>
					))}
				</ul>
			</section>
		</div>
	)
}
