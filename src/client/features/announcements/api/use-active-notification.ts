import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announcementsQueries } from './keys';

/** The admin's broadcast; not loaded for want of a network (the dashboard opened offline), asked again once it is back. */
export function useActiveNotification() {
  const query = useQuery(announcementsQueries.active());
  const { isError, refetch } = query;
  useEffect(() => {
    if (!isError) return;
    const onOnline = () => void refetch();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [isError, refetch]);
  return query;
}
