import { useEffect, useState } from 'react';
import type { RetentionResponse } from '../../../../shared/schemas/jobs';
import { apiFetch } from '../../../lib/api';

/** GET /api/legal/retention: how many days appointment data is kept (RETENTION_DAYS on the server). */
export function getRetention(): Promise<RetentionResponse> {
  return apiFetch<RetentionResponse>('/api/legal/retention');
}

// Read once per page load (the setting changes only with a restart); after a failure the next mount asks again. Once
// known, a page shown again (Back) has it from its first render, so it is as long as when it was left and the scroll
// position comes back to the same place.
let asked: Promise<RetentionResponse> | undefined;
let known: RetentionResponse | undefined;

/**
 * The retention period, once the server has said it (undefined until then, and in the pre-render). Without the query
 * client: the privacy policy is a pre-rendered public page that reads nothing else, and the query client would be a
 * quarter of what it loads (decision 081).
 */
export function useRetention(): { data: RetentionResponse | undefined } {
  const [data, setData] = useState(known);
  useEffect(() => {
    if (known) return;
    let mounted = true;
    asked ??= getRetention().then(
      (answer) => (known = answer),
      (err: unknown) => {
        asked = undefined;
        throw err;
      },
    );
    asked.then(
      (answer) => mounted && setData(answer),
      () => {}, // the general sentence stays, as it did when the query failed
    );
    return () => {
      mounted = false;
    };
  }, []);
  return { data };
}
