// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../../../shared/gstin';
import { renderWithApp } from '../test/render';
import { CompanyRegisterForm } from './company-register-form';

describe('CompanyRegisterForm', () => {
  it('says what is missing and puts the caret in the first field that needs it', async () => {
    const user = userEvent.setup();
    renderWithApp(<CompanyRegisterForm />);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Contact name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toHaveFocus();
    expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a GSTIN with the shared rule: a wrong check character is refused, an empty one is fine', async () => {
    const user = userEvent.setup();
    renderWithApp(<CompanyRegisterForm />);
    await user.type(screen.getByLabelText('Company name'), 'Himalaya Remedies');
    await user.type(screen.getByLabelText('Contact name'), 'Meera Shah');
    await user.type(screen.getByLabelText('Email'), 'meera@example.com');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Password'), 'Company!Pass1');
    const first14 = '27AAPFU0939F1Z';
    const wrong = gstinCheckCharacter(first14) === 'A' ? 'B' : 'A';
    await user.type(screen.getByLabelText('GSTIN (optional)'), `${first14}${wrong}`);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter a valid GSTIN.')).toBeInTheDocument();
    expect(screen.getByLabelText('GSTIN (optional)')).toHaveFocus();

    await user.clear(screen.getByLabelText('GSTIN (optional)'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // No server answers here: the form got past its own rules and says the call failed, under the form.
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid GSTIN.')).not.toBeInTheDocument();
  });
});
