import { useRetention } from '../api/get-retention';

/** The appointment retention period in force, read from the server (issue 11); a general phrase until known. */
export function RetentionPeriod() {
  const retention = useRetention();
  if (!retention.data) return <>its retention period</>;
  return <>its retention period of {retention.data.retentionDays} days after the appointment date</>;
}
