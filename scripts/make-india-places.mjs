// Writes app/api/india-places.json: every Indian state and union territory with its cities
// and districts, from the country-state-city devDependency (8 MB, never loaded at run time).
// Run again after updating that package: node scripts/make-india-places.mjs
import { writeFileSync } from 'node:fs'
import { City, State } from 'country-state-city'

const states = State.getStatesOfCountry('IN')
	.map((state) => ({
		sCode: state.isoCode,
		sName: state.name,
		aCities: [...new Set(City.getCitiesOfState('IN', state.isoCode).map((city) => city.name))].sort((a, b) => a.localeCompare(b, 'en')),
	}))
	.sort((a, b) => a.sName.localeCompare(b.sName, 'en'))

writeFileSync(new URL('../app/api/india-places.json', import.meta.url), `${JSON.stringify(states)}\n`)
console.log(`${states.length} states and union territories, ${states.reduce((n, s) => n + s.aCities.length, 0)} cities`)
