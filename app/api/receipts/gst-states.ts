// GST state codes: the two digits that open a GSTIN and that a tax invoice gives beside the place
// of supply. Keyed by the two-letter codes of the portal's reference data (app/api/india-places.json).
const GST_STATE_CODES: Record<string, string> = {
	JK: '01', HP: '02', PB: '03', CH: '04', UT: '05', HR: '06', DL: '07', RJ: '08', UP: '09', BR: '10',
	SK: '11', AR: '12', NL: '13', MN: '14', MZ: '15', TR: '16', ML: '17', AS: '18', WB: '19', JH: '20',
	OR: '21', CT: '22', MP: '23', GJ: '24', DH: '26', MH: '27', KA: '29', GA: '30', LD: '31', KL: '32',
	TN: '33', PY: '34', AN: '35', TG: '36', AP: '37', LA: '38',
}

/** '27' for 'MH'; undefined for a code that is not a state or union territory. */
export const gstStateCode = (stateCode: string) => GST_STATE_CODES[stateCode]
