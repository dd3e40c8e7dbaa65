// GST on an event fee, in integer paise: never a float, so ₹0.01 is never lost or invented.
import type { GstBreakdown } from '~/contract/payments'

/** n / d rounded half up, for non-negative integers. */
const roundedDivision = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d))

/**
 * The tax on a taxable value: CGST and SGST (half the rate each) when the buyer is in the
 * supplier's state, IGST at the whole rate when not. Each tax is rounded to the paisa on its own,
 * as the invoice shows it, and the total is their exact sum.
 */
export function gstFor(
	taxablePaise: number,
	{ supplierState, buyerState, rateBasisPoints }: { supplierState: string; buyerState: string; rateBasisPoints: number },
): GstBreakdown {
	if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError(`Not an amount of paise: ${taxablePaise}`)
	if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000) throw new RangeError(`Not a tax rate: ${rateBasisPoints}`)
	const intraState = supplierState === buyerState
	const half = intraState ? roundedDivision(taxablePaise * rateBasisPoints, 20_000) : 0
	const igstPaise = intraState ? 0 : roundedDivision(taxablePaise * rateBasisPoints, 10_000)
	return { taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise, totalPaise: taxablePaise + 2 * half + igstPaise, gstRateBasisPoints: rateBasisPoints }
}

/** A stored payment's amounts, as the breakdown they were worked out as. */
export const amountOf = ({ taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise, gstRateBasisPoints }: GstBreakdown): GstBreakdown => ({
	taxablePaise,
	cgstPaise,
	sgstPaise,
	igstPaise,
	totalPaise,
	gstRateBasisPoints,
})
