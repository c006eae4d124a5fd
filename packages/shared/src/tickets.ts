/**
 * The ticket rules in one import (`@erepare/shared/tickets`): ticket numbers and repair statuses.
 * They live in two files only to keep each one readable.
 */
export * from './ticket-number.js';
export * from './ticket-status.js';
