// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileCodeStep, type ProfileCodeForm } from './profile-code-step';

afterEach(cleanup);

function Harness({ onVerify }: { onVerify: () => void }) {
  const form = useForm<ProfileCodeForm>({ defaultValues: { otp: '' } });
  return (
    <ProfileCodeStep
      sentTo="rep@example.com"
      form={form}
      verifying={false}
      resending={false}
      onSubmit={form.handleSubmit(onVerify)}
      onResend={() => {}}
      onBack={() => {}}
    />
  );
}

describe('ProfileCodeStep', () => {
  it('takes digits only, at most 6, and enables Verify only at exactly 6', async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn();
    render(<Harness onVerify={onVerify} />);
    expect(screen.getByText('The code expires in 10 minutes.')).toBeInTheDocument();
    const box = screen.getByLabelText('Verification Code');
    const verify = screen.getByRole('button', { name: 'Verify & Update' });
    await user.type(box, '12a-3');
    expect(box).toHaveValue('123');
    expect(verify).toBeDisabled();
    await user.type(box, '456789');
    expect(box).toHaveValue('123456');
    expect(verify).toBeEnabled();
    await user.click(verify);
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
  });
});
