export * from './config';
export * from './render';
export * from './outbox';
