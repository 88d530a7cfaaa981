export * from './schemas'
export * from './rules'
export * from './endpoints'
