import { redirect } from 'react-router'

// Spec §2: any unknown path redirects to the home page.
export const loader = () => redirect('/')
export const action = loader
