import { formatDisplayDate } from '../../../../shared/dates';
import type { PendingAppointment } from '../../../lib/offline-db';

/** "Dr. Asha Rao at Lake View Clinic on 05/03/2026": which booking a message is about. */
export function pendingBookingLabel(p: PendingAppointment): string {
  const { doctorName, clinicName, appointmentDate } = p.data;
  return `${doctorName || 'Your doctor'}${clinicName ? ` at ${clinicName}` : ''} on ${formatDisplayDate(appointmentDate)}`;
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
