import { formatDisplayDate, timeInIndia } from '../../../../shared/dates';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import { i18n } from '../../../lib/i18n';
import type { PendingAppointment, PendingCancellation, PendingCheckIn } from '../../../lib/offline-db';

/*
 * The texts of what waits on the device and of its sync, in the active language (decision 045): the functions
 * translate when called; the titles are marked here and translated where shown (`i18n._(SYNCED_TITLE)`).
 */

/** "05/03/2026", or "05/03/2026 at 15:30" when a visit time was chosen. */
function visitWhen(date: string, startTime: string | null | undefined): string {
  return startTime ? i18n._('{date} at {time}', { date: formatDisplayDate(date), time: startTime }) : formatDisplayDate(date);
}

/** "Dr. Asha Rao at Lake View Clinic on 05/03/2026" (with "at 15:30" when a visit time was chosen): which booking a message is about. */
export function pendingBookingLabel(p: PendingAppointment): string {
  const { doctorName, clinicName, appointmentDate, startTime } = p.data;
  const doctor = doctorName || i18n._('Your doctor');
  const when = visitWhen(appointmentDate, startTime);
  return clinicName ? i18n._('{doctor} at {clinic} on {when}', { doctor, clinic: clinicName, when }) : i18n._('{doctor} on {when}', { doctor, when });
}

/** The toast after a booking made without a network went into the device queue. */
export function offlineBookingText(p: PendingAppointment): string {
  return i18n._('You are offline. Your visit with {visit} will be booked as soon as you are back online.', { visit: pendingBookingLabel(p) });
}

// spec part 2, 4: the device notification after a sync that booked at least one.
export const SYNCED_TITLE = /*i18n*/ 'Appointments Synced';
export const syncedText = (n: number) =>
  i18n._('{count, plural, one {# offline appointment has been synced successfully.} other {# offline appointments have been synced successfully.}}', {
    count: n,
  });

/** The toast title when the server refused a queued booking. */
export const REFUSED_TITLE = /*i18n*/ 'Offline Booking Failed';

/** "Dr. Asha Rao at Lake View Clinic on 05/03/2026" (and "at 15:30" when timed): the visit a waiting item is about. */
function visitLabel(a: RepAppointment): string {
  // As the appointment card titles the doctor (features/rep doctorTitle), without importing the rep area.
  const name = a.doctor_name.trim();
  const doctor = /^dr\b\.?/i.test(name) ? name : `Dr. ${name}`;
  return i18n._('{doctor} at {clinic} on {when}', { doctor, clinic: a.clinic_name, when: visitWhen(a.appointment_date, a.start_time) });
}

/** The visit a waiting cancellation is about. */
export const pendingCancellationLabel = (p: PendingCancellation) => visitLabel(p.data.appointment);

// Decision 033: a cancellation made without a network is queued visibly, and its outcome reported.
export const CANCEL_QUEUED_TITLE = /*i18n*/ 'Cancellation waiting to be sent';
export const cancelQueuedText = (p: PendingCancellation) =>
  i18n._('You are offline. Your visit with {visit} will be cancelled as soon as you are back online. Until then you can undo it under My Appointments.', {
    visit: pendingCancellationLabel(p),
  });
export const CANCEL_UNDONE_TITLE = /*i18n*/ 'Cancellation Undone';
export const cancelUndoneText = (p: PendingCancellation) => i18n._('Your visit with {visit} stays booked.', { visit: pendingCancellationLabel(p) });
export const CANCEL_TOO_LATE_TITLE = /*i18n*/ 'Already Sent';
export const cancelTooLateText = (p: PendingCancellation) =>
  i18n._('The cancellation of your visit with {visit} had already been sent.', { visit: pendingCancellationLabel(p) });
export const CANCEL_SENT_TITLE = /*i18n*/ 'Appointment Cancelled';
export const CANCEL_REFUSED_TITLE = /*i18n*/ 'Offline Cancellation Failed';
/** "Your visit with … has been cancelled.": a cancellation the sync sent. */
export const cancelSentText = (p: PendingCancellation) => i18n._('Your visit with {visit} has been cancelled.', { visit: pendingCancellationLabel(p) });

// Docs/decisions/041: a check-in whose code was typed without a network waits visibly and counts from when it was typed.
export const CHECK_IN_QUEUED_TITLE = /*i18n*/ 'Check-in waiting to be sent';
/** "15:42", the Indian time the code of a waiting check-in was typed. */
export const checkInTypedTime = (p: PendingCheckIn) => timeInIndia(new Date(p.data.typedAt));
export const checkInQueuedText = (p: PendingCheckIn) =>
  i18n._(
    'You are offline. Your check-in for the visit with {visit} will be sent as soon as you are back online. It counts from {time}, when you typed the code.',
    { visit: visitLabel(p.data.appointment), time: checkInTypedTime(p) },
  );
export const CHECK_IN_SENT_TITLE = /*i18n*/ 'Checked in';
export const checkInSentText = (p: PendingCheckIn) =>
  i18n._('Your visit with {visit}: checked in at {time}.', { visit: visitLabel(p.data.appointment), time: checkInTypedTime(p) });
export const CHECK_IN_REFUSED_TITLE = /*i18n*/ 'Offline Check-in Failed';
export const pendingCheckInLabel = (p: PendingCheckIn) => visitLabel(p.data.appointment);
