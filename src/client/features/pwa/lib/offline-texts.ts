import { visitDateText } from '../../../../shared/booking/visit-label';
import { timeInIndia } from '../../../../shared/dates';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import type { PendingAppointment, PendingCancellation, PendingCheckIn } from '../../../lib/offline-db';

/** "Dr. Asha Rao at Lake View Clinic on 05/03/2026" (with "at 15:30" when a visit time was chosen): which booking a message is about. */
export function pendingBookingLabel(p: PendingAppointment): string {
  const { doctorName, clinicName, appointmentDate, startTime } = p.data;
  return `${doctorName || 'Your doctor'}${clinicName ? ` at ${clinicName}` : ''} on ${visitDateText(appointmentDate, startTime)}`;
}

/** The toast after a booking made without a network went into the device queue. */
export function offlineBookingText(p: PendingAppointment): string {
  return `You are offline. Your visit with ${pendingBookingLabel(p)} will be booked as soon as you are back online.`;
}

// spec part 2, 4: the device notification after a sync that booked at least one.
export const SYNCED_TITLE = 'Appointments Synced';
export const syncedText = (n: number) => `${n} offline appointment(s) have been synced successfully.`;

/** The toast title when the server refused a queued booking. */
export const REFUSED_TITLE = 'Offline Booking Failed';

/** "Dr. Asha Rao at Lake View Clinic on 05/03/2026" (and "at 15:30" when timed): the visit a waiting item is about. */
function visitLabel(a: RepAppointment): string {
  // As the appointment card titles the doctor (features/rep doctorTitle), without importing the rep area.
  const name = a.doctor_name.trim();
  const doctor = /^dr\b\.?/i.test(name) ? name : `Dr. ${name}`;
  return `${doctor} at ${a.clinic_name} on ${visitDateText(a.appointment_date, a.start_time)}`;
}

/** The visit a waiting cancellation is about. */
export const pendingCancellationLabel = (p: PendingCancellation) => visitLabel(p.data.appointment);

// Decision 033: a cancellation made without a network is queued visibly, and its outcome reported.
export const CANCEL_QUEUED_TITLE = 'Cancellation waiting to be sent';
export const cancelQueuedText = (p: PendingCancellation) =>
  `You are offline. Your visit with ${pendingCancellationLabel(p)} will be cancelled as soon as you are back online. Until then you can undo it under My Appointments.`;
export const CANCEL_UNDONE_TITLE = 'Cancellation Undone';
export const cancelUndoneText = (p: PendingCancellation) => `Your visit with ${pendingCancellationLabel(p)} stays booked.`;
export const CANCEL_TOO_LATE_TITLE = 'Already Sent';
export const cancelTooLateText = (p: PendingCancellation) => `The cancellation of your visit with ${pendingCancellationLabel(p)} had already been sent.`;
export const CANCEL_SENT_TITLE = 'Appointment Cancelled';
export const CANCEL_REFUSED_TITLE = 'Offline Cancellation Failed';

// Docs/decisions/041: a check-in whose code was typed without a network waits visibly and counts from when it was typed.
export const CHECK_IN_QUEUED_TITLE = 'Check-in waiting to be sent';
/** "15:42", the Indian time the code of a waiting check-in was typed. */
export const checkInTypedTime = (p: PendingCheckIn) => timeInIndia(new Date(p.data.typedAt));
export const checkInQueuedText = (p: PendingCheckIn) =>
  `You are offline. Your check-in for the visit with ${visitLabel(p.data.appointment)} will be sent as soon as you are back online. It counts from ${checkInTypedTime(p)}, when you typed the code.`;
export const CHECK_IN_SENT_TITLE = 'Checked in';
export const checkInSentText = (p: PendingCheckIn) => `Your visit with ${visitLabel(p.data.appointment)}: checked in at ${checkInTypedTime(p)}.`;
export const CHECK_IN_REFUSED_TITLE = 'Offline Check-in Failed';
export const pendingCheckInLabel = (p: PendingCheckIn) => visitLabel(p.data.appointment);
