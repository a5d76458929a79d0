// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../../../shared/errors';
import { inviteAcceptResponseSchema, inviteCheckResponseSchema, inviteConfirmResponseSchema } from '../../../../shared/schemas/admin-team';
import { renderWithApp } from '../../auth/test/render';
import { json, stubApi } from '../../admin-shared/test/stub-api';
import { AdminInviteFlow } from './admin-invite-flow';

// The invitation link (docs/decisions/042): a password by the admins' rules, the QR code or the typed secret, the
// first code, then the ten recovery codes shown once, kept before the way on opens.

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '0')}`);

function serve(o: { twoFactorRequired?: boolean; accepted?: boolean } = {}) {
  const twoFactorRequired = o.twoFactorRequired ?? true;
  return stubApi(({ path, body }) => {
    if (path === '/api/admin/invite/check')
      return json(
        inviteCheckResponseSchema.parse({ name: 'Zara Owner', email: 'zara@example.com', role: 'owner', twoFactorRequired, accepted: o.accepted ?? false }),
      );
    if (path === '/api/admin/invite/accept')
      return json(
        inviteAcceptResponseSchema.parse({
          totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauthUrl: 'otpauth://totp/RepVisit:zara%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=RepVisit',
          twoFactorRequired,
        }),
      );
    if (path === '/api/admin/invite/confirm')
      return (body as { code: string }).code === '654321'
        ? json(inviteConfirmResponseSchema.parse({ message: 'Two-factor sign-in is on', recoveryCodes: CODES }))
        : json({ message: ERROR_MESSAGES.admin_code_invalid, code: 'admin_code_invalid' }, 400);
  });
}

describe('the invitation page', () => {
  it('takes a password by the admin rules, enrols with the first code and shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithApp(<AdminInviteFlow token={TOKEN} />, { path: `/admin/invite?token=${TOKEN}` });
    expect(await screen.findByText(/Zara Owner, you are joining as an owner/)).toBeInTheDocument();

    // Step 1: an accounts' password of 8 is too short for an admin.
    await user.type(screen.getByLabelText('New password'), 'Short!Pw1');
    await user.type(screen.getByLabelText('Confirm password'), 'Short!Pw1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An admin password must be at least 12 characters')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Password requirements' })).getByText('At least 12 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('New password'), 'Owner!Pass12345');
    await user.type(screen.getByLabelText('Confirm password'), 'Owner!Pass12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 2: the QR code, the secret in groups of four, then the first code.
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    // The Continue button is gone: focus goes to the new step, not to the page's body.
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Set up two-factor sign-in' })).toHaveFocus();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(calls.find((c) => c.path === '/api/admin/invite/accept')?.body).toEqual({ token: TOKEN, password: 'Owner!Pass12345' });
    // Owners must enrol: no way around it.
    expect(screen.queryByRole('button', { name: /Skip for now/ })).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    expect(await screen.findByText(ERROR_MESSAGES.admin_code_invalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654 321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));

    // Step 3: ten codes; the way on opens once they are said to be kept.
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.at(-1)?.body).toEqual({ token: TOKEN, code: '654321' });
    const onward = screen.getByRole('button', { name: 'Continue to sign in' });
    expect(onward).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(onward).toBeEnabled();
    await user.click(onward);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('copies the codes with their heading', async () => {
    const user = userEvent.setup();
    serve({ accepted: true });
    renderWithApp(<AdminInviteFlow token={TOKEN} />);
    // The password was chosen already: it is asked once, to go on.
    await user.type(await screen.findByLabelText('Password'), 'Owner!Pass12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(writeText.mock.calls[0]?.[0]).toContain(CODES.join('\n'));
  });

  it('offers staff to skip two-factor', async () => {
    const user = userEvent.setup();
    serve({ twoFactorRequired: false });
    renderWithApp(<AdminInviteFlow token={TOKEN} />);
    await user.type(await screen.findByLabelText('New password'), 'Staff!Pass12345');
    await user.type(screen.getByLabelText('Confirm password'), 'Staff!Pass12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now: sign in without a code' }));
    expect(screen.getByText(/^Your password is set./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to sign in' })).toBeEnabled();
  });

  it('says when the link is spent, and when there is none', async () => {
    stubApi(() => json({ message: ERROR_MESSAGES.admin_invite_invalid, code: 'admin_invite_invalid' }, 400));
    const view = renderWithApp(<AdminInviteFlow token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.admin_invite_invalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    view.unmount();
    renderWithApp(<AdminInviteFlow token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.admin_invite_invalid);
  });
});
