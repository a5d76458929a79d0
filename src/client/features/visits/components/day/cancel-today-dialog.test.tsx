// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../auth/test/render';
import { CancelTodayDialog } from './cancel-today-dialog';

// spec part 1, 5: cancelling today's calls needs a doctor and a reason, 'Please select a doctor first.' and
// 'Please select a reason for cancellation.', each said as a toast (and under the choices). Neither case reaches
// the server, so no request is made here.
function open(doctorId: number | undefined) {
  renderWithApp(<CancelTodayDialog open onOpenChange={() => {}} clinicId={1} doctorId={doctorId} doctorName="Dr. Farah Naqash" today="2026-03-04" count={1} />);
  return screen.getByRole('button', { name: 'Confirm Cancellation' });
}

describe("Cancel Today's Calls", () => {
  it("without a doctor says 'Please select a doctor first.' as a toast", async () => {
    const user = userEvent.setup();
    await user.click(open(undefined));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please select a doctor first.');
  });

  it("without a reason says 'Please select a reason for cancellation.' as a toast", async () => {
    const user = userEvent.setup();
    await user.click(open(7));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please select a reason for cancellation.');
    expect(screen.getByRole('dialog', { name: "Cancel Today's Calls" })).toHaveTextContent('Please select a reason for cancellation.');
  });
});

// Decision 046: reps already at reception are counted in the dialog and kept unless the clinic ticks them in.
describe("Cancel Today's Calls with reps who have arrived", () => {
  afterEach(() => vi.unstubAllGlobals());
  function server() {
    const bodies: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(init!.body as string) as Record<string, unknown>);
        return new Response(JSON.stringify({ cancelledCount: 1, emailsSent: 1 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return bodies;
  }
  const show = () =>
    renderWithApp(
      <CancelTodayDialog open onOpenChange={() => {}} clinicId={1} doctorId={7} doctorName="Dr. Farah Naqash" today="2026-03-04" count={3} arrived={2} />,
    );

  it('says how many reps have already arrived and leaves them out unless ticked', async () => {
    const bodies = server();
    const user = userEvent.setup();
    show();
    const dialog = screen.getByRole('dialog', { name: "Cancel Today's Calls" });
    expect(dialog).toHaveTextContent('2 reps have already arrived and checked in at reception.');
    expect(dialog).toHaveTextContent('1 visit with Dr. Farah Naqash will be cancelled and the rep e-mailed the reason; the reps who have arrived keep theirs.');
    const include = screen.getByRole('checkbox', { name: 'Also cancel the visits of the 2 reps who have arrived' });
    expect(include).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Doctor has some important work' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Calls Cancelled');
    expect(bodies).toEqual([{ clinicId: 1, doctorId: 7, date: '2026-03-04', reason: 'Doctor has some important work', includeCheckedIn: false }]);
  });

  it('cancels the arrived reps too only when the clinic ticks them in', async () => {
    const bodies = server();
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('checkbox', { name: 'Also cancel the visits of the 2 reps who have arrived' }));
    expect(screen.getByRole('dialog')).toHaveTextContent("All 3 of today's visits with Dr. Farah Naqash will be cancelled");
    await user.click(screen.getByRole('radio', { name: 'Doctor has some important work' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));
    await screen.findByTestId('toast');
    expect(bodies[0]).toMatchObject({ includeCheckedIn: true });
  });
});
