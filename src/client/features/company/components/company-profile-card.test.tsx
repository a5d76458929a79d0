// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyUser } from '../../../../shared/schemas/auth';
import { renderWithApp } from '../../auth/test/render';
import { CompanyProfileCard } from './company-profile-card';

const company: CompanyUser = {
  id: 1,
  companyName: 'Himalaya Remedies',
  contactName: 'Meera Shah',
  email: 'meera@example.com',
  phone: '9876543210',
  gstin: null,
  verified: false,
};

describe('CompanyProfileCard', () => {
  it('shows the profile awaiting an admin, and says who verifies', () => {
    renderWithApp(<CompanyProfileCard company={company} />);
    expect(screen.getByRole('heading', { name: 'Himalaya Remedies' })).toBeInTheDocument();
    expect(screen.getByText('Meera Shah')).toBeInTheDocument();
    expect(screen.getByText('meera@example.com')).toBeInTheDocument();
    expect(screen.getByText('Awaiting verification by RepVisit')).toBeInTheDocument();
    expect(screen.getByText('A RepVisit administrator verifies your company after checking its documents.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('says Verified once an admin has verified the company', () => {
    renderWithApp(<CompanyProfileCard company={{ ...company, verified: true }} />);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Awaiting verification by RepVisit')).not.toBeInTheDocument();
  });
});
