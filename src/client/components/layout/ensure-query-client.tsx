import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import '../../lib/english-plurals';
import { browserQueryClient } from '../../lib/query-client';

/**
 * Gives its children the tab's query client when nothing above does: the pre-rendered public pages run without
 * one (decision 025), and the parts of them that read or send data (the login forms, the privacy page's retention
 * period) load this with their code. Inside the full app (or a test's provider) it adds nothing.
 */
export function EnsureQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  if (client) return children;
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
