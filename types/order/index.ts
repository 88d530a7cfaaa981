export * from './schemas'
export * from './statuses'
export * from './history'
