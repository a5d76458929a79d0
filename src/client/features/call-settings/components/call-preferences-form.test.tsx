// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { DEFAULT_AVAILABLE_DAYS, doctorSettingsSavedResponseSchema, type ClinicDoctor } from '../../../../shared/schemas/clinic';
import { CallPreferencesForm, type CallPreferencesValues } from './call-preferences-form';

// 'Confirm each booking' (docs/decisions/041-visit-outcomes-and-proof.md) is saved with the rest of the call settings.

afterEach(() => vi.unstubAllGlobals());

const doctor: ClinicDoctor = { id: 9, name: 'Dr. Hina Wani', specialty: 'Cardiology', city: 'Srinagar', state: 'Jammu and Kashmir' };
const initial: CallPreferencesValues = {
  maxSlots: 3,
  callFrequency: 7,
  availableDays: DEFAULT_AVAILABLE_DAYS,
  visitWindows: [],
  slotMinutes: 15,
  requiresApproval: false,
  doctorManagesSettings: false,
};

function server() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as Record<string, unknown>;
      bodies.push(body);
      const settings = { ...initial, clinicId: 4, doctorId: 9, doctorName: doctor.name, requiresApproval: body.requiresApproval };
      const answer = doctorSettingsSavedResponseSchema.parse({ message: 'Settings saved', settings, outsideWindows: [] });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return bodies;
}

describe("Call Preferences: 'Confirm each booking'", () => {
  it('is off at first, says what it does, and is saved with the settings', async () => {
    const bodies = server();
    const user = userEvent.setup();
    renderWithApp(<CallPreferencesForm clinicId={4} doctor={doctor} initial={initial} />);
    const box = screen.getByRole('checkbox', { name: 'Confirm each booking' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'New bookings wait for your confirmation; reps see them as Awaiting confirmation. Visits booked before stay as they are.',
    );

    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Settings Saved');
    expect(bodies[0]).toMatchObject({ clinicId: 4, doctorId: 9, requiresApproval: true });
  });

  it('shows a saved choice ticked', () => {
    server();
    renderWithApp(<CallPreferencesForm clinicId={4} doctor={doctor} initial={{ ...initial, requiresApproval: true }} />);
    expect(screen.getByRole('checkbox', { name: 'Confirm each booking' })).toBeChecked();
  });
});

// Visiting hours are typed as 24-hour times in every language, never the browser's AM/PM (docs/decisions/055).
describe('Call Preferences: the visiting hours times', () => {
  it('are 24-hour HH:MM text: typed with or without the colon, in Hindi or Urdu digits, and never AM/PM', async () => {
    const bodies = server();
    const user = userEvent.setup();
    renderWithApp(<CallPreferencesForm clinicId={4} doctor={doctor} initial={initial} />);
    await user.click(screen.getByRole('button', { name: 'Add window' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveAttribute('type', 'text');
    expect(from).toHaveAttribute('inputmode', 'numeric');
    expect(from).toHaveValue('10:00');
    expect(screen.getByRole('group', { name: 'Visiting hours' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter times as HH:MM (24-hour), for example 15:30.') as string,
    );

    await user.clear(from);
    await user.type(from, '930');
    await user.clear(to);
    await user.type(to, '१७:३०');
    expect(screen.getByText('09:30-17:30 holds 32 visits of 15 minutes')).toBeInTheDocument();
    await user.tab();
    expect(to).toHaveValue('17:30');
    await user.click(from);
    await user.tab();
    expect(from).toHaveValue('09:30');

    await user.clear(to);
    await user.type(to, '5:30 PM');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('To: Enter times as HH:MM (24-hour), for example 15:30.');
    await user.clear(to);
    await user.type(to, '۱۸:۴۵');
    expect(to).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Settings Saved');
    expect(bodies[0]).toMatchObject({ visitWindows: [{ start: '09:30', end: '18:45' }] });
  });
});
