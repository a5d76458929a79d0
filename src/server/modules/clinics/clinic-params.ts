import { z } from 'zod';

// The ids of the clinic dashboard's calls (spec part 1, 7), shared by the routes of clinics, doctors and call-settings.

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
export const clinicParams = z.object({ clinicId: positiveId(/*i18n*/ 'Invalid clinic id') });
export const doctorParams = clinicParams.extend({ doctorId: positiveId(/*i18n*/ 'Invalid doctor id') });
export const settingsQuery = z.object({ doctorId: positiveId(/*i18n*/ 'Please select a doctor first.') });
