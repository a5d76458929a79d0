// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { EmailHistoryTable } from './email-history-table';
import { EmailJobProgress } from './email-job-progress';
import { ReregistrationTool } from './reregistration-tool';
import { ADMIN_MESSAGES, type EmailJob, type EmailLog } from '../../../../shared/schemas/admin';

describe('ReregistrationTool (spec part 2, 2.5 and 5)', () => {
  it('refuses typed text with no address in it, then an empty list, in toasts', async () => {
    const user = userEvent.setup();
    renderWithApp(<ReregistrationTool />);
    await user.type(screen.getByLabelText('Or enter e-mail addresses'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send to Selected' }));
    expect(await screen.findByText(ADMIN_MESSAGES.invalidEmailsText)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Or enter e-mail addresses'));
    await user.click(screen.getByRole('button', { name: 'Send to Selected' }));
    expect(await screen.findByText(ADMIN_MESSAGES.noReregistrationRecipients)).toBeInTheDocument();
  });
});

// --- the outbox's e-mails on the e-mail dashboard (docs/decisions/028-outbox.md) ---------------------------------

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch with `answer(method, path)`: a Response, or an Error thrown as a refused connection is. */
function stubFetch(answer: (method: string, path: string) => Response | Error) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      const a = answer(method, path);
      if (a instanceof Error) throw a;
      return a;
    }),
  );
  return calls;
}

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
  subject: 'Hello',
  error_message: null,
  template_type: 'custom',
  email_service: 'smtp',
  sent_at: '2026-03-05T10:00:02.000Z',
  channel: 'email',
  recipient_phone: null,
  delivery_status: null,
  delivery_status_at: null,
  ...o,
});

describe('EmailHistoryTable (spec part 2, 2.6)', () => {
  const rows = [
    log({ id: 1 }),
    log({
      id: 2,
      status: 'failed',
      attempts: 3,
      retryable: true,
      recipient_email: 'ravi@example.com',
      error_message: `550 mailbox unavailable ${'x'.repeat(60)}`,
      sent_at: null,
      email_service: null,
    }),
    log({ id: 3, status: 'retrying', attempts: 2, next_attempt_at: '2026-03-05T10:02:00.000Z', error_message: 'connect ECONNREFUSED', sent_at: null }),
    log({ id: 4, status: 'queued', sent_at: null, email_service: null }),
    log({ id: 5, status: 'replaced', error_message: 'Replaced by a newer message before it was sent', sent_at: null, email_service: null }),
  ];

  it('shows each state with its badge, the Error line, and the queued time of an e-mail not sent yet', () => {
    stubFetch(() => json({}));
    renderWithApp(<EmailHistoryTable logs={rows} />);
    const table = screen.getByRole('table', { name: 'Email delivery history' });
    const [, sent, failed, retrying, queued, replaced] = within(table).getAllByRole('row');
    expect(sent).toHaveTextContent('sent');
    expect(within(sent!).queryByRole('button')).toBeNull();
    expect(failed).toHaveTextContent('failed');
    expect(failed).toHaveTextContent('after 3 attempts');
    // spec part 2, 9: the first 50 characters of the error.
    expect(within(failed!).getByText(/^Error:/)).toHaveTextContent(`Error: 550 mailbox unavailable ${'x'.repeat(26)}`);
    expect(retrying).toHaveTextContent(/retrying\s*attempt 2, next try/);
    expect(retrying).toHaveTextContent('Error: connect ECONNREFUSED');
    expect(queued).toHaveTextContent('queued');
    expect(queued).toHaveTextContent('Queued, not sent yet');
    expect(replaced).toHaveTextContent('a newer code was sent instead');
    expect(replaced).not.toHaveTextContent('Error:');
    // Only the failed one that can go again has a Retry, named with its recipient.
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    expect(within(failed!).getByRole('button', { name: 'Retry the email to ravi@example.com' })).toBeInTheDocument();
  });

  it('Retry queues the e-mail again and says so', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((method) => (method === 'POST' ? json({ retried: 1, message: 'The email is queued again' }) : json({})));
    renderWithApp(<EmailHistoryTable logs={rows} />);
    const table = screen.getByRole('table', { name: 'Email delivery history' });
    await user.click(within(table).getByRole('button', { name: 'Retry the email to ravi@example.com' }));
    expect(await screen.findByText('The email is queued again')).toBeInTheDocument();
    expect(calls).toContain('POST /api/admin/email-audit-logs/2/retry');
  });
});

describe('EmailJobProgress (docs/decisions/028-outbox.md)', () => {
  const job = (o: Partial<EmailJob>): EmailJob => ({ jobId: 'j1', total: 3, sent: 0, failed: 0, pending: 3, retrying: 0, done: false, ...o });

  it('keeps its place through a restart (refused, 503), then offers Retry failed and follows the retried e-mails', async () => {
    const user = userEvent.setup();
    const polls: Array<Response | Error> = [
      json(job({ sent: 1, pending: 2 })),
      new TypeError('Failed to fetch'),
      json({ message: 'Service Unavailable' }, 503),
      json(job({ sent: 2, failed: 1, pending: 0, done: true })),
      json(job({ sent: 2, pending: 1 })),
      json(job({ sent: 3, pending: 0, done: true })),
    ];
    const calls = stubFetch((method) =>
      method === 'POST' ? json({ retried: 1, message: '1 failed email queued again' }) : (polls.shift() ?? json(job({ sent: 3, pending: 0, done: true }))),
    );
    renderWithApp(<EmailJobProgress jobId="j1" what="emails" note="3 emails queued for sending" />);
    expect(screen.getByText('3 emails queued for sending')).toBeInTheDocument();
    const counts = await screen.findByRole('list', { name: 'Sending counts' });
    expect(counts).toHaveTextContent('1 sent0 failed2 pending');
    expect(await screen.findByText('reconnecting…', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(counts).toHaveTextContent('1 sent'); // the last progress stays while the server is away
    expect(await screen.findByText('Finished', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.queryByText('reconnecting…')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute('value', '100');
    expect(screen.getByRole('list', { name: 'Sending counts' })).toHaveTextContent('2 sent1 failed0 pending');
    expect(screen.getByText('2 sent, 1 failed. See Email History for details.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry failed (1)' }));
    expect(calls).toContain('POST /api/admin/email-jobs/j1/retry-failed');
    expect(await screen.findByText('3 sent. See Email History for details.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry failed/ })).toBeNull();
  });

  it('stops at an answer that is final (the job is not known)', async () => {
    stubFetch(() => json({ message: ADMIN_MESSAGES.jobNotFound }, 404));
    renderWithApp(<EmailJobProgress jobId="j1" what="emails" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(`The progress could not be read: ${ADMIN_MESSAGES.jobNotFound}`);
  });
});
