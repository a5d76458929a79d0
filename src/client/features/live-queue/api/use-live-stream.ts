import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Follows a server-sent-event stream (docs/decisions/074-live-queue.md) and writes each `event`'s data into the query
 * `queryKey`. The browser's EventSource reconnects by itself (after the server's `retry:`, with Last-Event-ID);
 * `live` is false while it is not connected, so the caller falls back to asking again now and then. Without
 * EventSource (an old browser), never live.
 */
export function useLiveStream(o: { url: string; event: string; queryKey: QueryKey; enabled: boolean }): { live: boolean } {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  const { url, event, enabled } = o;
  const key = JSON.stringify(o.queryKey);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const queryKey = JSON.parse(key) as QueryKey;
    const source = new EventSource(url, { withCredentials: true });
    const onData = (e: MessageEvent<string>) => {
      try {
        qc.setQueryData(queryKey, JSON.parse(e.data));
      } catch {
        // Not JSON: ignored; the fallback refetch corrects it.
      }
    };
    source.addEventListener(event, onData as EventListener);
    source.onopen = () => setLive(true);
    source.onerror = () => {
      setLive(false);
      // Closed for good (a 401 or 404 answers no stream): the regular refetch takes over.
      if (source.readyState === EventSource.CLOSED) void qc.invalidateQueries({ queryKey });
    };
    return () => {
      source.close();
      setLive(false);
    };
  }, [qc, url, event, key, enabled]);
  return { live };
}
