import { useRetention } from '../api/get-retention';

/**
 * The appointment retention period in force, read from the server (RETENTION_DAYS, which the nightly purge applies:
 * decision 011); a general phrase until known.
 */
export function RetentionPeriod() {
  const retention = useRetention();
  if (!retention.data) return <>its retention period</>;
  return <>its retention period of {retention.data.retentionDays} days after the appointment date</>;
}
