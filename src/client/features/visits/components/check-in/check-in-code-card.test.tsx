// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generate } from 'lean-qr';
import { useState } from 'react';
import { renderWithApp } from '../../../auth/test/render';
import { checkInCodeResponseSchema } from '../../../../../shared/schemas/visits';
import { CheckInCodeCard } from './check-in-code-card';

// Reception's check-in code (docs/decisions/041-visit-outcomes-and-proof.md): 6 digits that change every 2 minutes,
// a countdown to the next one, the QR code of the check-in link, and a full-screen view for a tablet.

// The real QR drawing, watched to see which link it encodes.
vi.mock('lean-qr', async (importOriginal) => {
  const real = await importOriginal<typeof import('lean-qr')>();
  return { ...real, generate: vi.fn(real.generate) };
});

const start = Date.parse('2026-11-24T10:00:18Z');
const codes = [
  { code: '123456', expiresAt: '2026-11-24T10:02:00.000Z' },
  { code: '654321', expiresAt: '2026-11-24T10:04:00.000Z' },
];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(start);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server answering the code of the moment, as the clock stands. */
function server() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const now = Date.now();
      const answer = codes.find((c) => Date.parse(c.expiresAt) > now) ?? codes[1];
      return new Response(JSON.stringify(checkInCodeResponseSchema.parse(answer)), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

const digits = (el: HTMLElement) => el.textContent.replace(/\D/g, '');
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the check-in code card', () => {
  it("shows the 6 digits grouped '123 456' under the name 'Check-in code', and counts down each second", async () => {
    const urls = server();
    renderWithApp(<CheckInCodeCard clinicId={7} hasDoctor />);
    expect(screen.getByRole('heading', { name: 'Check-in code' })).toBeInTheDocument();
    const code = await screen.findByLabelText('Check-in code');
    expect(code).toHaveTextContent('123 456');
    expect(digits(code)).toBe('123456');
    expect(urls).toEqual(['/api/clinic/check-in-code?clinicId=7']);
    expect(screen.getByText('New code in 1:42')).toBeInTheDocument();

    await tick(3_000);
    expect(screen.getByText('New code in 1:39')).toBeInTheDocument();
    // A screen reader hears the code when it changes (a polite live region), never the seconds.
    expect(code).toHaveRole('status');
    expect(screen.getByText('New code in 1:39').closest('[aria-live], [role="status"]')).toBeNull();
  });

  it('asks for the next code when this one expires', async () => {
    const urls = server();
    renderWithApp(<CheckInCodeCard clinicId={7} hasDoctor />);
    expect(digits(await screen.findByLabelText('Check-in code'))).toBe('123456');
    await tick(102_500);
    expect(urls).toHaveLength(2);
    expect(digits(screen.getByLabelText('Check-in code'))).toBe('654321');
    expect(screen.getByText(/^New code in (2:00|1:5\d)$/)).toBeInTheDocument();
  });

  it('draws the QR code of the check-in link, and shows the code large without the Fullscreen API', async () => {
    server();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithApp(<CheckInCodeCard clinicId={7} hasDoctor />);
    const qr = await screen.findByRole('img', { name: 'QR code to check in' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(vi.mocked(generate)).toHaveBeenLastCalledWith(`${window.location.origin}/check-in?clinicId=7&code=123456`);

    await user.click(screen.getByRole('button', { name: 'Show full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in at reception' });
    expect(digits(within(dialog).getByLabelText('Check-in code'))).toBe('123456');
    expect(await within(dialog).findByRole('img', { name: 'QR code to check in' })).toBeInTheDocument();
  });

  it('shows no code to a clinic without a doctor, and asks for none, until one is added', async () => {
    const urls = server();
    function Clinic() {
      const [hasDoctor, setHasDoctor] = useState(false);
      return (
        <>
          <button onClick={() => setHasDoctor(true)}>Doctor added</button>
          <CheckInCodeCard clinicId={7} hasDoctor={hasDoctor} />
        </>
      );
    }
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithApp(<Clinic />);
    expect(screen.getByRole('heading', { name: 'Check-in code' })).toBeInTheDocument();
    expect(screen.getByText(/^Add a doctor in the Doctors tab first/)).toBeInTheDocument();
    await tick(1_000);
    expect(screen.queryByLabelText('Check-in code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show full screen' })).toBeNull();
    expect(urls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Doctor added' }));
    expect(digits(await screen.findByLabelText('Check-in code'))).toBe('123456');
    expect(screen.queryByText(/^Add a doctor in the Doctors tab first/)).toBeNull();
  });

  it('says to add a doctor when the server refuses the code for that reason (the doctor list not loaded)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Add a doctor first: the check-in code appears once the clinic has a doctor.', code: 'check_in_no_doctor' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderWithApp(<CheckInCodeCard clinicId={7} hasDoctor={undefined} />);
    expect(await screen.findByText(/^Add a doctor in the Doctors tab first/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
