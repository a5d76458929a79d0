import { describe, expect, it } from 'vitest';
import { isClientRoutePath } from './client-routes';

describe('isClientRoutePath', () => {
  it('knows the router pages as the router matches them (any letter case, a trailing slash)', () => {
    for (const path of ['/', '/medrep-login', '/clinic/dashboard', '/admin/email', '/About', '/privacy-policy/', '/admin//']) {
      expect(isClientRoutePath(path), path).toBe(true);
    }
  });

  it('knows nothing else', () => {
    for (const path of ['/no-such-page', '/clinic', '/clinic/dashboard/extra', '/admin/email/1', '//about', '/about/x', '/assets/missing.js', '/404']) {
      expect(isClientRoutePath(path), path).toBe(false);
    }
  });

  it("matches a ':name' segment with any one segment", () => {
    const patterns = ['/appointments/:id', '/clinic/:clinicId/doctors'];
    expect(isClientRoutePath('/appointments/42', patterns)).toBe(true);
    expect(isClientRoutePath('/clinic/7/doctors/', patterns)).toBe(true);
    expect(isClientRoutePath('/appointments', patterns)).toBe(false);
    expect(isClientRoutePath('/appointments/42/x', patterns)).toBe(false);
  });
});
