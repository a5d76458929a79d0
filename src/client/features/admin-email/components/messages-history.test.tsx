// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailLog, EmailStats } from '../../../../shared/schemas/admin';
import type { ChannelStats } from '../../../../shared/schemas/whatsapp';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { EmailHistory } from './email-history';

// The Messages history (docs/decisions/044-whatsapp.md): every channel of the outbox in one list, a Channel column,
// a filter the server applies, WhatsApp's delivery reports, and Retry only where an e-mail can go again.

afterEach(() => vi.unstubAllGlobals());

const log = (o: Partial<EmailLog>): EmailLog => ({
  id: 1,
  status: 'sent',
  attempts: 1,
  next_attempt_at: null,
  retryable: false,
  job_id: null,
  queued_at: '2026-03-05T10:00:00.000Z',
  recipient_name: 'Asha Mir',
  recipient_email: 'asha@example.com',
  subject: 'Visit booked',
  error_message: null,
  template_type: 'booking_confirmation',
  email_service: 'smtp',
  sent_at: '2026-03-05T10:00:02.000Z',
  channel: 'email',
  recipient_phone: null,
  delivery_status: null,
  delivery_status_at: null,
  ...o,
});

const counts = (o: Partial<ChannelStats> = {}): ChannelStats => ({
  total: 0,
  sent: 0,
  failed: 0,
  queued: 0,
  retrying: 0,
  replaced: 0,
  last_24h: 0,
  delivered: 0,
  read: 0,
  delivery_failed: 0,
  ...o,
});

const stats: EmailStats = {
  overview: { total_emails: 2, sent_emails: 1, failed_emails: 1, last_24h: 2, queued_emails: 0, retrying_emails: 0, replaced_emails: 0 },
  templateStats: [{ template_type: 'booking_confirmation', sent_count: 1, count: 2 }],
  byChannel: {
    email: counts({ total: 2, sent: 1, failed: 1, last_24h: 2 }),
    whatsapp: counts({ total: 3, sent: 3, last_24h: 3, delivered: 1, read: 1, delivery_failed: 1 }),
    push: counts({ total: 1, sent: 1, last_24h: 1 }),
  },
};

const email = log({ id: 1 });
const failedEmail = log({ id: 2, status: 'failed', retryable: true, recipient_email: 'ravi@example.com', sent_at: null });
const whatsappRead = log({
  id: 3,
  channel: 'whatsapp',
  recipient_phone: '919876543210',
  email_service: 'whatsapp',
  delivery_status: 'read',
  delivery_status_at: '2026-03-05T10:01:00.000Z',
});
// A WhatsApp message WhatsApp could not deliver after taking it: the outbox holds it as failed, yet it cannot be sent again from here.
const whatsappFailed = log({ id: 4, channel: 'whatsapp', recipient_phone: '919876543211', status: 'failed', retryable: true, delivery_status: 'failed' });
const whatsappWaiting = log({ id: 5, channel: 'whatsapp', recipient_phone: '919876543212' });
const push = log({ id: 6, channel: 'push', email_service: 'web-push' });

function serve() {
  return stubApi(({ path }) => {
    if (path === '/api/admin/email-stats') return json(stats);
    if (path === '/api/admin/email-audit-logs')
      return json({ logs: [email, failedEmail, whatsappRead, whatsappFailed, whatsappWaiting, push], nextCursor: null });
    if (path === '/api/admin/email-audit-logs?channel=whatsapp') return json({ logs: [whatsappRead, whatsappFailed, whatsappWaiting], nextCursor: null });
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text))!;

describe('the Messages history', () => {
  it('names each message’s channel, shows what WhatsApp reported, and offers Retry on e-mails only', async () => {
    serve();
    renderWithApp(<EmailHistory />);
    const table = await screen.findByRole('table', { name: 'Email delivery history' });
    expect(within(table).getByRole('columnheader', { name: 'Channel' })).toBeInTheDocument();
    expect(rowOf(table, 'Asha Mir')).toHaveTextContent('E-mail');
    expect(rowOf(table, '+91 98765 43210')).toHaveTextContent('WhatsApp');
    expect(rowOf(table, '+91 98765 43210')).toHaveTextContent(/Delivery\s*Read/);
    expect(rowOf(table, '+91 98765 43212')).toHaveTextContent('No delivery report yet');
    expect(rowOf(table, 'web-push')).toHaveTextContent('Push');
    // Both failed ones are retryable in the outbox; only the e-mail has the button.
    expect(rowOf(table, '+91 98765 43211')).toHaveTextContent(/Delivery\s*Failed/);
    expect(within(rowOf(table, '+91 98765 43211')).queryByRole('button')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    expect(within(table).getByRole('button', { name: 'Retry the email to ravi@example.com' })).toBeInTheDocument();
  });

  it('asks the server for one channel when the filter names it, and counts each channel', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithApp(<EmailHistory />);
    await screen.findByRole('table', { name: 'Email delivery history' });
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveValue('all');
    expect(
      within(screen.getByRole('combobox', { name: 'Channel' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'E-mail', 'WhatsApp', 'Push']);
    expect(screen.getByText('Showing 6 of 6 messages')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'WhatsApp');
    expect(calls.map((c) => c.path)).toContain('/api/admin/email-audit-logs?channel=whatsapp');
    const table = screen.getByRole('table', { name: 'Email delivery history' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4)); // the header and three WhatsApp messages
    expect(screen.getByText('Showing 3 of 3 messages')).toBeInTheDocument();

    // The spec's cards stay the e-mails' own; every channel has its counts beside them.
    expect(screen.getByRole('list', { name: 'Email summary' })).toHaveTextContent('Total Emails2');
    const byChannel = screen.getByRole('table', { name: 'Messages by Channel' });
    expect(
      within(byChannel)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['E-mail', 'WhatsApp', 'Push']);
    const row = (name: string) => within(byChannel).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Total')).toHaveTextContent('Total231');
    expect(row('Failed')).toHaveTextContent('Failed100');
    expect(row('Read')).toHaveTextContent('Read–1–');
    expect(row('Not delivered')).toHaveTextContent('Not delivered–1–');
  });
});
