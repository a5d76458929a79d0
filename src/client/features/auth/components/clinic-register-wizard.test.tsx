// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JK_DISTRICTS } from '../../../../shared/constants';
import { renderWithApp } from '../test/render';
import { ClinicRegisterWizard } from './clinic-register-wizard';

async function fillStep1(user: ReturnType<typeof userEvent.setup>, state = 'Maharashtra') {
  await user.type(screen.getByLabelText('Clinic Name'), 'City Care Clinic');
  await user.type(screen.getByLabelText('Contact Person'), 'Asha Rao');
  await user.selectOptions(screen.getByLabelText('State'), state);
}

describe('ClinicRegisterWizard', () => {
  it('stays on step 1 and shows the four step-1 messages when Next is pressed on an empty form', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClinicRegisterWizard onBack={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Clinic Information' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Clinic name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Contact person name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please select a state')).toBeInTheDocument();
    expect(screen.getByText('Please select a city')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Clinic Information' })).toBeInTheDocument();
  });

  it('checks a rule when the field loses focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClinicRegisterWizard onBack={() => {}} />);
    await user.type(screen.getByLabelText('Clinic Name'), 'Ab');
    expect(screen.queryByText('Clinic name must be at least 3 characters')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Clinic name must be at least 3 characters')).toBeInTheDocument();
    // Once shown, the message goes away as soon as the value is fixed, without waiting for another blur.
    await user.type(screen.getByLabelText('Clinic Name'), 'c');
    await waitFor(() => expect(screen.queryByText('Clinic name must be at least 3 characters')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Clinic Name')).toHaveFocus();
  });

  it("offers the 20 districts for Jammu and Kashmir and only a preselected 'Other' elsewhere", async () => {
    const user = userEvent.setup();
    renderWithApp(<ClinicRegisterWizard onBack={() => {}} />);
    const city = screen.getByLabelText<HTMLSelectElement>('City');
    expect(city).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('State'), 'Jammu and Kashmir');
    const districts = within(city)
      .getAllByRole('option')
      .map((o) => o.textContent)
      .filter((t) => t !== 'Select district');
    expect(districts).toEqual([...JK_DISTRICTS]);
    expect(city.value).toBe('');

    await user.selectOptions(screen.getByLabelText('State'), 'Kerala');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Other']);
    expect(city.value).toBe('Other');
  });

  it('moves to step 2 when step 1 is valid, and Back returns with the values kept', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClinicRegisterWizard onBack={() => {}} />);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Account Credentials' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact Number')).toBeInTheDocument();
    expect(screen.getByText('at least 10 digits')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: 'Clinic Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Clinic Name')).toHaveValue('City Care Clinic');
    expect(screen.getByLabelText('City')).toHaveValue('Other');
  });

  it('shows the credential messages on blur and the password checklist', async () => {
    const user = userEvent.setup();
    renderWithApp(<ClinicRegisterWizard onBack={() => {}} />);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Account Credentials' });

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Contact Number'), '12345');
    await user.tab();
    expect(await screen.findByText('Contact number must be at least 10 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.tab();
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(checklist).getByText('At least 8 characters').parentElement).toHaveTextContent('(met)');
    expect(within(checklist).getByText('One uppercase letter').parentElement).toHaveTextContent('(not met)');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!Pasx');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('treats a failed availability check as available, with the spec message', async () => {
    // No server answers in this test: the check fails, and the value must not be blocked.
    const user = userEvent.setup();
    renderWithApp(<ClinicRegisterWizard onBack={() => {}} />);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Account Credentials' });
    await user.type(screen.getByLabelText('Email'), 'clinic@example.com');
    expect(screen.getByText('Checking...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Clinic' })).toBeDisabled();
    expect(await screen.findByText('Error checking email availability', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register Clinic' })).toBeEnabled();
  });

  it('Cancel on step 1 goes back to the options', async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    renderWithApp(<ClinicRegisterWizard onBack={onBack} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onBack).toHaveBeenCalledOnce());
  });
});
