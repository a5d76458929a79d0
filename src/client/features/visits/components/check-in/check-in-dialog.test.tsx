// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_MESSAGES } from '../../../../../shared/booking/visit-status';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { listPendingCheckIns } from '../../../../lib/offline-check-in';
import { closeOfflineDb } from '../../../../lib/offline-db';
import { dismissToast } from '../../../../lib/toast';
import { renderWithApp } from '../../../auth/test/render';
import { fakeApi } from '../../../rep/test/fake-api';
import { CheckInDialog } from './check-in-dialog';

// Docs/decisions/041: the rep types the reception's code; a refusal shows under the field, offline the code waits.

const visit: RepAppointment = {
  id: 41,
  appointment_date: '2026-03-10',
  start_time: '15:30',
  token: 1,
  status: 'confirmed',
  doctor_name: 'Asha Rao',
  doctor_specialty: 'Cardiology',
  clinic_name: 'Lake View Clinic',
  clinic_id: 5,
  doctor_id: 3,
  checked_in_at: null,
  requires_approval: false,
};

function setOnline(online: boolean | undefined) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (let i = 0; i < 3; i++) act(() => dismissToast());
  setOnline(undefined);
  vi.unstubAllGlobals();
});

function open() {
  const onClose = vi.fn();
  renderWithApp(<CheckInDialog repId={7} appointment={visit} onClose={onClose} />);
  return onClose;
}

describe('CheckInDialog', () => {
  it('asks for the 6-digit code as a one-time code, digits only, and checks in with it', async () => {
    const calls = fakeApi({ 'POST /api/medrep/check-in': () => ({ body: { message: 'Checked in', checkedInAt: '2026-03-10T10:12:30.000Z' } }) });
    const onClose = open();
    const dialog = screen.getByRole('dialog', { name: 'Check in at reception' });
    expect(dialog).toHaveTextContent('Dr. Asha Rao at Lake View Clinic, 10/03/2026 at 15:30.');
    const code = screen.getByLabelText('Check-in code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    const user = userEvent.setup();
    await user.type(code, '12a3 4567');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Checked inChecked in at Lake View Clinic at 15:42.');
    expect(onClose).toHaveBeenCalled();
    // Online the server's clock is the time: no typedAt.
    expect(calls.map((c) => c.body)).toEqual([{ appointmentId: 41, code: '123456' }]);
  });

  it("shows the server's refusal under the field and stays open for the next code", async () => {
    fakeApi({ 'POST /api/medrep/check-in': () => ({ status: 400, body: { message: CHECK_IN_MESSAGES.invalidCode } }) });
    const onClose = open();
    const user = userEvent.setup();
    const code = screen.getByLabelText('Check-in code');
    await user.type(code, '999999{Enter}');
    const error = await screen.findByText(CHECK_IN_MESSAGES.invalidCode);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code.getAttribute('aria-describedby')).toContain(error.id);
    expect(onClose).not.toHaveBeenCalled();
    // Typing again takes the refusal away.
    await user.type(code, '{Backspace}');
    expect(screen.queryByText(CHECK_IN_MESSAGES.invalidCode)).toBeNull();
  });

  it('asks for all 6 digits before sending anything', async () => {
    const calls = fakeApi({});
    open();
    await userEvent.setup().type(screen.getByLabelText('Check-in code'), '1234{Enter}');
    expect(await screen.findByText('Please enter the 6-digit code shown at reception.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offline keeps the code on the device with the time it was typed, and says it waits', async () => {
    const calls = fakeApi({});
    setOnline(false);
    const onClose = open();
    const before = Date.now();
    await userEvent.setup().type(screen.getByLabelText('Check-in code'), '123456{Enter}');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Check-in waiting to be sent');
    expect(toast).toHaveTextContent('will be sent as soon as you are back online');
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([]);
    const [waiting] = await listPendingCheckIns(7);
    expect(waiting?.data).toMatchObject({ kind: 'check-in', appointmentId: 41, code: '123456' });
    expect(Date.parse(waiting!.data.typedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(waiting!.data.typedAt)).toBeLessThanOrEqual(Date.now());
  });
});
