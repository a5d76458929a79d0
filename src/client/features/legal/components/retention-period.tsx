// The sentence with the period counts days: the English plurals, which the query client's pages get with it (decision 081).
import '../../../lib/english-plurals';
import { useI18n } from '../../../lib/i18n';
import { useRetention } from '../api/get-retention';
import { legalText } from './legal-text';

/**
 * The privacy policy's sentence on deleting appointment data, with the retention period in force read from the server
 * (RETENTION_DAYS, which the nightly purge applies: decision 011); a general phrase until known. One sentence each
 * way, so a translation can order its words freely.
 */
export function RetentionPeriod() {
  const { i18n } = useI18n();
  const retention = useRetention();
  if (!retention.data) {
    return legalText(i18n._('<strong>Appointment data</strong> is deleted automatically every day at 2:00 AM IST once its retention period has passed.'));
  }
  return legalText(
    i18n._(
      '<strong>Appointment data</strong> is deleted automatically every day at 2:00 AM IST once its retention period of {days, plural, one {# day} other {# days}} after the appointment date has passed.',
      { days: retention.data.retentionDays },
    ),
  );
}
