// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
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
