// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { TermsDialog } from './terms-dialog';

function renderDialog() {
  const onAccepted = vi.fn();
  const onDeclined = vi.fn();
  renderWithApp(<TermsDialog open userType="clinic" userId={7} onAccepted={onAccepted} onDeclined={onDeclined} />);
  return { onAccepted, onDeclined };
}

describe('TermsDialog', () => {
  it('links the three legal documents', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Legal Agreements Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute('href', '/cookies-policy');
  });

  it('enables Accept only when both boxes are ticked', async () => {
    const user = userEvent.setup();
    renderDialog();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    expect(accept).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    expect(accept).toBeDisabled();
  });

  it('cannot be dismissed with Escape or a click outside, and has no close button', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Legal Agreements Required' })).toBeInTheDocument();
    // The page behind a modal is inert (pointer-events: none), so press it directly, as Radix listens for.
    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    expect(screen.getByRole('dialog', { name: 'Legal Agreements Required' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('keeps the dialog and says so when accepting fails', async () => {
    // No server answers here, so the accept call fails: the spec's error toast shows and login does not complete.
    const user = userEvent.setup();
    const { onAccepted } = renderDialog();
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Failed to accept terms. Please try again.')).toBeInTheDocument();
    expect(onAccepted).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Legal Agreements Required' })).toBeInTheDocument();
  });

  it('Decline signs out and tells the form', async () => {
    const user = userEvent.setup();
    const { onDeclined, onAccepted } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onDeclined).toHaveBeenCalledOnce());
    expect(onAccepted).not.toHaveBeenCalled();
  });
});
