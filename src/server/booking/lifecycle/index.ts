/**
 * The booking lifecycle's services: the only code that changes a booking's status. See README.md.
 */
export { changeInTransaction, lockForChange, BookingBusy, LOCK_ORDER, type Tx, type BookingRow } from './locks.ts';
export { TransitionRefused } from './transition.ts';
export { holdSeats, newBookingReference, type ReservedBooking, type NewBooking, type SoldOutLeg } from './hold.ts';
export { releaseExpiredHolds, releaseIfExpired, releaseLapsedOnLockedRows } from './lapse.ts';
export { sell, refuseSale, type SaleResult } from './sell.ts';
export { cancelPaidBooking, type CancelOutcome } from './cancel.ts';
export {
  changeClassTotal,
  changeDetails,
  changePassengers,
  confirmBooking,
  correctPassengersAndReissue,
  refundBooking,
  reissueTicket,
} from './changes.ts';
