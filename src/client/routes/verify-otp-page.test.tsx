// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { renderWithApp } from '../features/auth/test/render';
import { keepRegistrationToken } from '../features/auth/lib/registration-token';
import { fakeApi } from '../features/rep/test/fake-api';
import { dismissToast } from '../lib/toast';
import VerifyOtpPage from './verify-otp-page';

// /verify-otp (spec part 2, 2.2 and 9): the note under the form says the rule of every code, which the server keeps
// (src/server/modules/auth/codes.ts, the same shared number); the attempts left after a wrong code are the server's
// answer, under the box. The note never claims a number of attempts the server's answer contradicts.

const EMAIL = 'ravi@example.in';

afterEach(() => {
  act(() => dismissToast());
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VerifyOtpPage', () => {
  it('states the attempts rule as the server keeps it, and after a wrong code says only what the server says is left', async () => {
    const user = userEvent.setup();
    keepRegistrationToken('medrep', EMAIL, 'token-of-this-tab');
    const calls = fakeApi({
      'POST /api/verify-otp': () => ({ status: 400, body: { message: 'Invalid verification code. You have 2 attempts left.', code: 'code_invalid' } }),
    });
    renderWithApp(<VerifyOtpPage />, { path: `/verify-otp?type=medrep&email=${encodeURIComponent(EMAIL)}` });

    expect(LIMITS.registrationOtpAttempts).toBe(3);
    expect(screen.getByText('Each code can be tried 3 times; a new code starts again.')).toBeInTheDocument();
    expect(screen.getByText('The code expires in 15 minutes.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

    expect((await screen.findAllByText('Invalid verification code. You have 2 attempts left.')).length).toBeGreaterThan(0);
    expect(calls.map((c) => c.body)).toEqual([{ email: EMAIL, otp: '123456', type: 'medrep', registrationToken: 'token-of-this-tab' }]);
    // No text of the page still says three attempts are there to use.
    expect(screen.queryByText(/You have 3 attempts/)).toBeNull();
    expect(screen.getByText('Each code can be tried 3 times; a new code starts again.')).toBeInTheDocument();
  });
});
