export * from './responses';
export * from './inputs';
