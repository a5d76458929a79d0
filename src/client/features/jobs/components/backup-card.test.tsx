// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupStatusResponse } from '../../../../shared/schemas/jobs';
import { renderWithApp } from '../../auth/test/render';
import { i18n } from '../../../lib/i18n';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { BackupCard } from './backup-card';

// The admin sees the newest backup's time and size, and a warning once it is more than 36 hours old (docs/decisions/060).

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const show = (status: BackupStatusResponse) => {
  stubApi(({ path }) => (path.endsWith('/api/admin/backups') ? json(status) : undefined));
  renderWithApp(<BackupCard />);
};

describe('the backups card', () => {
  it("shows the last backup's time and size, without a warning while it is recent", async () => {
    show({ database: 'pglite', lastBackup: { at: '2026-03-01T21:00:00.000Z', bytes: 5_277_651 }, stale: false });
    const line = await screen.findByText(/Last backup/);
    // The date and the size are isolated runs (for Urdu's right-to-left line): read without the marks.
    expect(line.textContent.replace(/[\u2068\u2069]/g, '')).toBe('Last backup 02/03/2026, 2:30 am, 5.3 MB');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last backup is older than 36 hours, or there is none', async () => {
    show({ database: 'pglite', lastBackup: { at: '2026-03-01T21:00:00.000Z', bytes: 5_277_651 }, stale: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('more than 36 hours old');
  });

  it('says there is none yet', async () => {
    show({ database: 'pglite', lastBackup: null, stale: true });
    expect(await screen.findByText('No backup yet.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('no backup of this database');
  });

  it('on PostgreSQL points to its own tools and warns of nothing', async () => {
    show({ database: 'postgres', lastBackup: null, stale: false });
    expect(await screen.findByText(/backed up with its own tools/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
