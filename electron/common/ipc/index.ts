/** The IPC contract: schemas, derived types, the Result envelope and transport constants. */
export * from './contract';
export * from './result';
export * from './validation';
export * from './schemas/common';
export * from './schemas/app';
export * from './schemas/environments';
export * from './schemas/keys';
export * from './schemas/maps';
export * from './schemas/transcript';
export * from './schemas/consultation';
export * from './schemas/consultations';
export * from './schemas/cases';
export * from './schemas/chat';
export * from './schemas/nl-provider';
export * from './session-ids';
