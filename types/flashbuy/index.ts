export * from './schemas'
export * from './rules'
