// The database schema, one file per area. Migrations in ../migrations are generated from it with
// `npm run db:generate` and committed.
export * from './core'
export * from './accounts'
export * from './committees'
export * from './events'
export * from './gallery'
export * from './newsletters'
export * from './staff'
export * from './registrations'
export * from './cpe'
export * from './announcements'
export * from './credit-notes'
export * from './audit'
