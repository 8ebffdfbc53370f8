export * from './responses';
export * from './inputs';
export * from './requests';
export * from './nl';
export * from './maps';
export * from './errors';
export * from './received';
export * from './interaction-events';
