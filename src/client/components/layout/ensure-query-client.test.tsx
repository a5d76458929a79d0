// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { browserQueryClient } from '../../lib/query-client';
import { EnsureQueryClient } from './ensure-query-client';

afterEach(cleanup);

// The client the component below was given, written where the test reads it.
const given: { client?: QueryClient } = {};
function ReadsClient() {
  const client = useQueryClient();
  useEffect(() => {
    given.client = client;
  });
  return null;
}

describe('EnsureQueryClient', () => {
  it("gives a part of a page without a query client the tab's one client, the same each time", () => {
    render(
      <EnsureQueryClient>
        <ReadsClient />
      </EnsureQueryClient>,
    );
    expect(given.client).toBe(browserQueryClient());
    const first = given.client;
    cleanup();
    render(
      <EnsureQueryClient>
        <ReadsClient />
      </EnsureQueryClient>,
    );
    expect(given.client).toBe(first);
  });

  it('keeps the client a provider above already gives', () => {
    const own = new QueryClient();
    render(
      <QueryClientProvider client={own}>
        <EnsureQueryClient>
          <ReadsClient />
        </EnsureQueryClient>
      </QueryClientProvider>,
    );
    expect(given.client).toBe(own);
  });
});
