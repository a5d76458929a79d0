// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobsResponse } from '../../../../shared/schemas/jobs';
import { renderWithApp } from '../../auth/test/render';
import { i18n } from '../../../lib/i18n';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { JobsCard } from './jobs-card';

// The admin's scheduled jobs (decision 011) in the language on screen (decision 045): the schedule, the run's outcome
// and its counts are words of the catalogue, not the server's English or the counters' code names.

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const jobs: JobsResponse = {
  jobs: [
    {
      name: 'clinic-morning-list',
      schedule: 'Daily at 07:00 IST',
      lastRun: { startedAt: '2026-03-02T01:30:00.000Z', finishedAt: '2026-03-02T01:30:01.000Z', status: 'skipped', counts: { emailsQueued: 2 }, error: null },
    },
    { name: 'waitlist-sweep', schedule: 'Every minute', lastRun: null },
  ],
};

describe('the scheduled jobs card', () => {
  it('names the schedule, the outcome and the counts in words of the catalogue', async () => {
    stubApi(({ path }) => (path.endsWith('/api/admin/jobs') ? json(jobs) : undefined));
    // Marked stand-ins for the Hindi of the texts this card should look up.
    const ids = ['Daily at {time} IST', 'Every minute', 'skipped', 'e-mails queued: {count}', "Clinics' morning visitor list"];
    i18n.load('hi', Object.fromEntries(ids.map((id) => [id, `हि:${id}`])));
    i18n.activate('hi');
    renderWithApp(<JobsCard />);
    const [morning, sweep] = await screen.findAllByRole('listitem');
    expect(morning).toHaveTextContent('हि:Daily at {time} IST'.replace('{time}', '07:00'));
    expect(morning).toHaveTextContent('हि:skipped');
    expect(morning).toHaveTextContent('हि:e-mails queued: {count}'.replace('{count}', '2'));
    expect(morning).not.toHaveTextContent(/emails queued/);
    expect(sweep).toHaveTextContent('हि:Every minute');
  });
});
