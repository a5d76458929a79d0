// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATHS } from '../shared/client-routes';
import { routes } from './router';

const pathsOf = (list: RouteObject[]): string[] => list.flatMap((r) => [...(r.path && r.path !== '*' ? [r.path] : []), ...pathsOf(r.children ?? [])]);

describe('the router and the server agree on which pages exist', () => {
  it('lists every page path of the router in src/shared/client-routes.ts, and no other', () => {
    // A page missing from the shared list would be answered by the server with a 404 (decision 037).
    expect([...pathsOf(routes)].sort()).toEqual([...CLIENT_ROUTE_PATHS].sort());
  });
});
