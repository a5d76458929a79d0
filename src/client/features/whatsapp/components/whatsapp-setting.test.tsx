// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../../../shared/errors';
import type { ClinicPreferencesResponse } from '../../../../shared/schemas/clinic';
import type { RepNotificationPreferencesResponse } from '../../../../shared/schemas/notifications';
import { WHATSAPP_CONSENT_TEXT } from '../../../../shared/whatsapp';
import { renderWithApp } from '../../auth/test/render';
import { NotificationPreferences } from '../../notifications/components/clinic-notification-preferences';
import { NotificationSettingsCard } from '../../notifications/components/notification-settings-card';
import { fakeApi } from '../../rep/test/fake-api';

// The WhatsApp switch of the rep's Settings and the clinic's preferences (docs/decisions/044-whatsapp.md): offered
// only where the server has WhatsApp, on only after the consent wording and a number proved with a code (the
// account's own too, docs/decisions/048), off at once.

afterEach(() => vi.unstubAllGlobals());

const PREFS = '/api/medrep/notification-preferences';
const repPrefs = (o: Partial<RepNotificationPreferencesResponse> = {}): RepNotificationPreferencesResponse => ({
  emailNotifications: true,
  pushNotifications: true,
  renewalReminders: false,
  pushSubscribed: false,
  whatsappNotifications: false,
  whatsappNumber: null,
  whatsappAvailable: true,
  ...o,
});

/** The rep's preferences on a fake server that keeps what is PUT; `put` may refuse instead. */
function serveRep(start: RepNotificationPreferencesResponse, put?: (body: Record<string, unknown>) => { status: number; body: unknown } | undefined) {
  let current = start;
  return fakeApi({
    [`GET ${PREFS}`]: () => ({ body: current }),
    [`PUT ${PREFS}`]: ({ body }) => {
      const b = body as Record<string, unknown>;
      const refused = put?.(b);
      if (refused) return refused;
      const on = b.whatsappNotifications as boolean | undefined;
      current = {
        ...current,
        renewalReminders: b.renewalReminders as boolean,
        ...(on === undefined ? {} : { whatsappNotifications: on, whatsappNumber: on ? (b.whatsappNumber as string) : null }),
      };
      return { body: current };
    },
    'POST /api/whatsapp/number-code': codeAnswer,
  });
}

/** The code request's answer: refused for a number with 99999 in it, else sent to the number asked for. */
const codeAnswer = ({ body }: { body: unknown }) => {
  const { phone } = body as { phone: string };
  return phone.includes('99999')
    ? { status: 429, body: { message: 'Too many codes for this number. Please try again later.' } }
    : { body: { message: `We sent a code to ${phone} on WhatsApp.`, whatsappNumber: phone, expiresInMinutes: 10 } };
};

const whatsappSwitch = () => screen.getByRole('switch', { name: 'WhatsApp messages' });

describe('the rep’s WhatsApp switch', () => {
  it('is not offered when the server has no WhatsApp; SMS stays Coming Soon', async () => {
    serveRep(repPrefs({ whatsappAvailable: false }));
    renderWithApp(<NotificationSettingsCard ownPhone="+919876543210" />);
    expect(await screen.findByRole('switch', { name: 'Email Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'WhatsApp messages' })).toBeNull();
    expect(screen.queryByText(WHATSAPP_CONSENT_TEXT)).toBeNull();
    expect(screen.getByRole('switch', { name: /SMS Notifications\s*Coming Soon/ })).toBeDisabled();
  });

  it('asks for consent, in the exact words, and the code sent to the account’s own number before it turns on; the switch stays off till then', async () => {
    const user = userEvent.setup();
    const calls = serveRep(repPrefs());
    renderWithApp(<NotificationSettingsCard ownPhone="+919876543210" />);
    await user.click(await screen.findByRole('switch', { name: 'WhatsApp messages' }));

    const question = screen.getByRole('group', { name: 'Turn on WhatsApp messages' });
    expect(question).toHaveFocus();
    expect(question).toHaveAccessibleDescription(WHATSAPP_CONSENT_TEXT);
    expect(screen.getByText(WHATSAPP_CONSENT_TEXT)).toBeVisible();
    expect(question).toHaveTextContent('Messages will go to +91 98765 43210, your account’s number.'.replace('’', "'"));
    // Nothing is on before the rep agrees and proves the number (docs/decisions/048): the switch says so.
    expect(whatsappSwitch()).not.toBeChecked();
    expect(whatsappSwitch()).toHaveAccessibleDescription('Not on yet: confirm your number below to turn them on.');
    expect(screen.queryByRole('button', { name: 'Agree and turn on' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 98765 43210 on WhatsApp.')).toHaveAttribute('role', 'status');
    expect(calls.filter((c) => c.path === '/api/whatsapp/number-code').at(-1)?.body).toEqual({ phone: '+91 98765 43210' });
    expect(whatsappSwitch()).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Agree and turn on' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Turn on WhatsApp messages' })).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      renewalReminders: false,
      whatsappNotifications: true,
      whatsappNumber: '+91 98765 43210',
      whatsappCode: '654321',
    });
    expect(whatsappSwitch()).toBeChecked();
    expect(whatsappSwitch()).toHaveAccessibleDescription('On: messages go to +91 98765 43210.');
    await waitFor(() => expect(whatsappSwitch()).toHaveFocus());
  });

  it('confirms another number with the code sent to it, and shows the server’s refusals', async () => {
    const user = userEvent.setup();
    let refuseCode = true;
    const calls = serveRep(repPrefs(), (b) => {
      if (b.whatsappCode && refuseCode) {
        refuseCode = false;
        return { status: 400, body: { message: ERROR_MESSAGES.whatsapp_code_invalid, code: 'whatsapp_code_invalid' } };
      }
      return undefined;
    });
    renderWithApp(<NotificationSettingsCard ownPhone="+919876543210" />);
    await user.click(await screen.findByRole('switch', { name: 'WhatsApp messages' }));
    await user.click(screen.getByRole('button', { name: 'Use another number' }));

    const number = screen.getByRole('textbox', { name: 'WhatsApp number' });
    expect(number).toHaveFocus();
    expect(screen.getByText(WHATSAPP_CONSENT_TEXT)).toBeVisible(); // the same words apply to the other number
    // Not a mobile number: refused here, without asking the server.
    await user.type(number, '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.whatsapp_number_invalid);
    // The server's own refusal is shown in its words.
    await user.clear(number);
    await user.type(number, '+91 99999 12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes for this number. Please try again later.');

    await user.clear(screen.getByRole('textbox', { name: 'WhatsApp number' }));
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '+91 91234 56789');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +91 91234 56789 on WhatsApp.')).toHaveAttribute('role', 'status');
    expect(calls.filter((c) => c.path === '/api/whatsapp/number-code').at(-1)?.body).toEqual({ phone: '+91 91234 56789' });

    const code = screen.getByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveFocus();
    const agree = screen.getByRole('button', { name: 'Agree and turn on' });
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    expect(agree).toBeDisabled();
    await user.type(code, '456');
    await user.click(agree);
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.whatsapp_code_invalid);
    expect(whatsappSwitch()).toHaveAccessibleDescription('Not on yet: confirm your number below to turn them on.');
    expect(whatsappSwitch()).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Agree and turn on' }));
    await waitFor(() => expect(whatsappSwitch()).toHaveAccessibleDescription('On: messages go to +91 91234 56789.'));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      whatsappNotifications: true,
      whatsappNumber: '+91 91234 56789',
      whatsappCode: '123456',
    });
  });

  it('keeps the code already sent usable when a new one is refused as too soon', async () => {
    const user = userEvent.setup();
    let codes = 0;
    const calls = fakeApi({
      [`GET ${PREFS}`]: () => ({ body: repPrefs() }),
      [`PUT ${PREFS}`]: () => ({ body: repPrefs({ whatsappNotifications: true, whatsappNumber: '+91 91234 56789' }) }),
      'POST /api/whatsapp/number-code': (req) =>
        ++codes === 1 ? codeAnswer(req) : { status: 429, body: { message: 'Please wait 52 seconds before requesting a new code.', code: 'rate_limited' } },
    });
    renderWithApp(<NotificationSettingsCard ownPhone="+919876543210" />);
    await user.click(await screen.findByRole('switch', { name: 'WhatsApp messages' }));
    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '+91 91234 56789');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '654321');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 52 seconds before requesting a new code.');
    // The first code is still good: its form and what was typed stay, and it turns WhatsApp on.
    expect(screen.getByRole('textbox', { name: '6-digit code' })).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Agree and turn on' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ whatsappCode: '654321', whatsappNumber: '+91 91234 56789' }),
    );
  });

  it('turns off at once, without a question', async () => {
    const user = userEvent.setup();
    const calls = serveRep(repPrefs({ whatsappNotifications: true, whatsappNumber: '+91 98765 43210' }));
    renderWithApp(<NotificationSettingsCard ownPhone="+919876543210" />);
    await user.click(await screen.findByRole('switch', { name: 'WhatsApp messages' }));
    await waitFor(() => expect(whatsappSwitch()).not.toBeChecked());
    expect(screen.queryByText(WHATSAPP_CONSENT_TEXT)).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ whatsappNotifications: false });
  });

  it('changing another reminder leaves WhatsApp as it is', async () => {
    const user = userEvent.setup();
    const calls = serveRep(repPrefs({ whatsappNotifications: true, whatsappNumber: '+91 98765 43210' }));
    renderWithApp(<NotificationSettingsCard ownPhone="+919876543210" />);
    await user.click(await screen.findByRole('switch', { name: 'Renewal Reminders' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ emailNotifications: true, pushNotifications: true, renewalReminders: true });
  });
});

describe('the clinic’s WhatsApp switch', () => {
  const clinicPrefs = (o: Partial<ClinicPreferencesResponse> = {}): ClinicPreferencesResponse => ({
    emailNotifications: true,
    smsNotifications: false,
    whatsappNotifications: false,
    whatsappNumber: null,
    whatsappAvailable: true,
    ...o,
  });

  it('goes to the clinic’s contact number, and the e-mail box sends only its own choices', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/clinic/preferences': () => ({ body: clinicPrefs() }),
      'PUT /api/clinic/preferences': ({ body }) => ({ body: { ...clinicPrefs(), ...(body as object) } }),
      'POST /api/whatsapp/number-code': codeAnswer,
    });
    renderWithApp(<NotificationPreferences contactNumber="+917006001202" />);
    await user.click(await screen.findByRole('switch', { name: 'WhatsApp messages' }));
    expect(screen.getByText(WHATSAPP_CONSENT_TEXT)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Turn on WhatsApp messages' })).toHaveTextContent('+91 70060 01202');
    expect(whatsappSwitch()).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '112233');
    await user.click(screen.getByRole('button', { name: 'Agree and turn on' }));
    await waitFor(() => expect(whatsappSwitch()).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      whatsappNotifications: true,
      whatsappNumber: '+91 70060 01202',
      whatsappCode: '112233',
    });

    await user.click(screen.getByRole('checkbox', { name: 'Email notifications' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({ emailNotifications: false, smsNotifications: false });
  });

  it('offers only another number when the contact number is a landline, and is hidden without WhatsApp', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/clinic/preferences': () => ({ body: clinicPrefs() }) });
    const { unmount } = renderWithApp(<NotificationPreferences contactNumber="01942450000" />);
    await user.click(await screen.findByRole('switch', { name: 'WhatsApp messages' }));
    expect(screen.getByText(/cannot receive WhatsApp messages/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account's number/ })).toBeNull();
    unmount();

    fakeApi({ 'GET /api/clinic/preferences': () => ({ body: clinicPrefs({ whatsappAvailable: false }) }) });
    renderWithApp(<NotificationPreferences contactNumber="+917006001202" />);
    expect(await screen.findByRole('checkbox', { name: 'Email notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'WhatsApp messages' })).toBeNull();
  });
});
