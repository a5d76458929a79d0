import { clearCache } from './offline-cache';
import { clearPendingBookings } from './offline-queue';

/** Logout: the rep's cached answers and unsent bookings leave the device with the session (decision 010). */
export async function clearOfflineData(): Promise<void> {
  await Promise.all([clearCache(), clearPendingBookings()]);
}
