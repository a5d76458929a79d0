// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInIndia } from '../../../../shared/dates';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import { queueCheckIn } from '../../../lib/offline-check-in';
import { closeOfflineDb } from '../../../lib/offline-db';
import { dismissToast } from '../../../lib/toast';
import { renderWithApp } from '../../auth/test/render';
import { fakeApi } from '../test/fake-api';
import { MyAppointmentsTab } from './my-appointments-tab';

// Docs/decisions/041 in My Appointments: check in on the day, see what waits on the device, switch to the Visit History.

const TODAY = todayInIndia(new Date());
const AT_15_42 = '2026-03-10T10:12:30.000Z';
const visit = (over: Partial<RepAppointment> = {}): RepAppointment => ({
  id: 41,
  appointment_date: TODAY,
  start_time: null,
  token: 1,
  status: 'booked',
  doctor_name: 'Asha Rao',
  doctor_specialty: 'Cardiology',
  clinic_name: 'Lake View Clinic',
  clinic_id: 5,
  doctor_id: 3,
  checked_in_at: null,
  requires_approval: true,
  ...over,
});

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  for (let i = 0; i < 3; i++) act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe('MyAppointmentsTab', () => {
  it("checks in to today's visit from its card, then shows the time", async () => {
    let checkedIn: string | null = null;
    fakeApi({
      'GET /api/rep-appointments': () => ({ body: { appointments: [visit({ checked_in_at: checkedIn })] } }),
      'POST /api/medrep/check-in': () => {
        checkedIn = AT_15_42;
        return { body: { message: 'Checked in', checkedInAt: AT_15_42 } };
      },
    });
    renderWithApp(<MyAppointmentsTab repId={7} />);
    const card = await screen.findByTestId('appointment-card');
    expect(card).toHaveTextContent('Awaiting confirmation');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /^Check in: Dr. Asha Rao/ }));
    await user.type(screen.getByLabelText('Check-in code'), '123456{Enter}');
    expect(await within(card).findByText('Checked in 15:42')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a check-in waiting on the device on its card', async () => {
    fakeApi({ 'GET /api/rep-appointments': () => ({ body: { appointments: [visit()] } }) });
    await queueCheckIn({ repId: 7, appointment: visit(), code: '123456', typedAt: AT_15_42 });
    renderWithApp(<MyAppointmentsTab repId={7} />);
    const card = await screen.findByTestId('appointment-card');
    expect(await within(card).findByText('Check-in waiting to be sent')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Check in/ })).toBeNull();
  });

  it('switches to the Visit History', async () => {
    fakeApi({
      'GET /api/rep-appointments': () => ({ body: { appointments: [] } }),
      'GET /api/rep-visits': ({ url }) => ({ body: { visits: [], from: url.searchParams.get('from'), to: url.searchParams.get('to') } }),
    });
    renderWithApp(<MyAppointmentsTab repId={7} />);
    expect(await screen.findByText('No upcoming appointments found.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Visit History' }));
    expect(await screen.findByText('No visits in these dates.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visit History' })).toBeInTheDocument();
  });
});
