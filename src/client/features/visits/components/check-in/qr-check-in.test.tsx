// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_MESSAGES } from '../../../../../shared/booking/visit-status';
import { addDays, todayInIndia } from '../../../../../shared/dates';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { closeOfflineDb } from '../../../../lib/offline-db';
import { renderWithApp } from '../../../auth/test/render';
import { fakeApi } from '../../../rep/test/fake-api';
import { QrCheckIn } from './qr-check-in';

// Docs/decisions/041: the reception's QR code opens /check-in?clinicId=&code= on the rep's phone.

const TODAY = todayInIndia(new Date());
const AT_15_42 = '2026-03-10T10:12:30.000Z';

function visit(over: Partial<RepAppointment>): RepAppointment {
  return {
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
    requires_approval: false,
    ...over,
  };
}

function serve(
  appointments: RepAppointment[],
  checkIn: () => { status?: number; body: unknown } = () => ({ body: { message: 'Checked in', checkedInAt: AT_15_42 } }),
) {
  return fakeApi({ 'GET /api/rep-appointments': () => ({ body: { appointments } }), 'POST /api/medrep/check-in': checkIn });
}
const checkIns = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.path === '/api/medrep/check-in').map((c) => c.body);

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => vi.unstubAllGlobals());

describe('QrCheckIn', () => {
  it("checks in at once to the rep's one visit of today at the clinic, and says where and when", async () => {
    const calls = serve([
      visit({}),
      visit({ id: 42, clinic_id: 6, clinic_name: 'Dal Gate Clinic' }),
      visit({ id: 43, appointment_date: addDays(TODAY, 1) }),
      visit({ id: 44, status: 'cancelled' }),
    ]);
    renderWithApp(<QrCheckIn repId={7} clinicId={5} code="123456" />);
    expect(await screen.findByText('Checked in at Lake View Clinic at 15:42')).toBeInTheDocument();
    expect(checkIns(calls)).toEqual([{ appointmentId: 41, code: '123456' }]);
    expect(screen.getByRole('button', { name: /^Proof of visit: Dr. Asha Rao on / })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Appointments' })).toHaveAttribute('href', '/medrep-dashboard?tab=appointments');
  });

  it('lets the rep pick the doctor when there are several visits there today, then checks in to that one', async () => {
    const calls = serve([visit({}), visit({ id: 42, doctor_name: 'Imran Wani', doctor_specialty: 'Dermatology', status: 'confirmed' })]);
    renderWithApp(<QrCheckIn repId={7} clinicId={5} code="123456" />);
    const picker = await screen.findByRole('group', { name: /Which doctor are you visiting\?/ });
    expect(checkIns(calls)).toEqual([]);
    await userEvent.setup().click(within(picker).getByRole('button', { name: /Dr. Imran Wani/ }));
    expect(await screen.findByText('Checked in at Lake View Clinic at 15:42')).toBeInTheDocument();
    expect(checkIns(calls)).toEqual([{ appointmentId: 42, code: '123456' }]);
  });

  it('says so when the rep has no visit at the clinic today, and checks nothing in', async () => {
    const calls = serve([visit({ clinic_id: 6 }), visit({ id: 43, appointment_date: addDays(TODAY, 1) })]);
    renderWithApp(<QrCheckIn repId={7} clinicId={5} code="123456" />);
    expect(await screen.findByText('You have no visit at this clinic today.')).toBeInTheDocument();
    expect(checkIns(calls)).toEqual([]);
  });

  it('shows a refused code (it changed meanwhile) and lets the rep type the current one', async () => {
    let answer = { status: 400, body: { message: CHECK_IN_MESSAGES.invalidCode } as unknown };
    const calls = serve([visit({})], () => answer);
    renderWithApp(<QrCheckIn repId={7} clinicId={5} code="111111" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECK_IN_MESSAGES.invalidCode);
    answer = { status: 200, body: { message: 'Checked in', checkedInAt: AT_15_42 } };
    await userEvent.setup().type(screen.getByLabelText('Check-in code'), '222222{Enter}');
    expect(await screen.findByText('Checked in at Lake View Clinic at 15:42')).toBeInTheDocument();
    expect(checkIns(calls)).toEqual([
      { appointmentId: 41, code: '111111' },
      { appointmentId: 41, code: '222222' },
    ]);
  });

  it('shows the time of a visit already checked in without sending the code again', async () => {
    const calls = serve([visit({ checked_in_at: AT_15_42 })]);
    renderWithApp(<QrCheckIn repId={7} clinicId={5} code="123456" />);
    expect(await screen.findByText('Checked in at Lake View Clinic at 15:42')).toBeInTheDocument();
    expect(checkIns(calls)).toEqual([]);
  });
});
