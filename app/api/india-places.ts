// The portal's reference data of Indian states and their cities (india-places.json, written by
// scripts/make-india-places.mjs): a form's place is checked against it, a profile names its state.
import indiaPlaces from './india-places.json'

export const STATES = indiaPlaces.map(({ sCode, sName }) => ({ sCode, sName }))
const citiesByState = new Map(indiaPlaces.map((state) => [state.sCode, state.aCities]))
export const citiesOf = (sCode: string) => citiesByState.get(sCode)
export const stateName = (sCode: string) => STATES.find((state) => state.sCode === sCode)?.sName ?? sCode
