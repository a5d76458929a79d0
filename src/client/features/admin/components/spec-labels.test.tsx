// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SINGLE_PASSWORD_ADMIN } from '../../../../shared/schemas/admin-team';
import type { AdminAnalytics } from '../../../../shared/schemas/admin';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { AnalyticsTab } from '../../admin-stats/components/analytics-tab';
import { EmailDashboard } from '../../admin-email/components/email-dashboard';

// The admin screens' names as the spec gives them (spec part 2, 2.5 and 2.6; docs/decisions/052): the e-mail
// dashboard's third tab is 'Email History', and Subscription Analytics counts 'Active', 'Free Trials', 'Expired/Cancelled'.

afterEach(() => vi.unstubAllGlobals());

const analytics: AdminAnalytics = {
  overview: { totalUsers: 3, totalReps: 2, totalClinics: 1, totalDoctors: 1, totalAppointments: 0 },
  subscriptions: { active: 2, freeTrials: 1, expiredOrCancelled: 0 },
  appointmentsPerDay: [],
  bookingsByState: [],
  subscriptionsByStatus: [],
  visitOutcomes: { from: '2026-02-01', to: '2026-03-02', visits: 0, completed: 0, noShow: 0, completionRate: null, noShowRate: null },
};

describe('the spec’s names on the admin screens', () => {
  it("names Subscription Analytics' first figure 'Active'", async () => {
    stubApi(({ path }) => (path === '/api/admin/analytics' ? json(analytics) : undefined));
    renderWithApp(<AnalyticsTab />);
    const card = (await screen.findByRole('heading', { name: 'Subscription Analytics' })).parentElement!;
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Active', 'Free Trials', 'Expired/Cancelled']);
  });

  it("names the e-mail dashboard's third tab 'Email History'", async () => {
    stubApi(({ path }) => {
      if (path === '/api/admin/me') return json({ id: 0, name: SINGLE_PASSWORD_ADMIN.name, role: 'owner' });
      if (path.startsWith('/api/admin/medical-reps-with-subscription')) return json({ medicalReps: [], nextCursor: null, total: { count: 0, exact: true } });
    });
    renderWithApp(<EmailDashboard />);
    const tabs = await screen.findByRole('tablist', { name: 'Email dashboard sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Compose Email', 'Manage Recipients', 'Email History']);
  });
});
