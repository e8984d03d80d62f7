/**
 * Bookings, by job: reading them (queries.ts), a traveler's request (request.ts), a person's move
 * on one (transition.ts). Every change of status goes through the state machine
 * (shared/domain/booking-machine.ts) and its one writer (src/server/bookings/booking-writer.ts); the lifecycle job
 * (lifecycle.ts) moves bookings on with time.
 */
export * from './queries.ts';
export * from './request.ts';
export * from './transition.ts';
