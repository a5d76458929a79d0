// spec part 2, 2.1: the rep can dismiss the admin's announcement. The dismissal is kept on the device by the
// announcement's id (docs/decisions/035-announcement-dismissal-and-admin-counts.md), so a reload does not bring the
// same announcement back, while a new one (a new id) shows again. Only the last dismissed id is kept.

export const DISMISSED_ANNOUNCEMENT_KEY = 'dismissedAnnouncementId';

export function wasAnnouncementDismissed(id: number): boolean {
  try {
    return localStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY) === String(id);
  } catch {
    return false;
  }
}

export function rememberAnnouncementDismissed(id: number): void {
  try {
    localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, String(id));
  } catch {
    /* storage blocked: the announcement is hidden for this visit only */
  }
}
