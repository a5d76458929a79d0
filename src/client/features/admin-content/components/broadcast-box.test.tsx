// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { BroadcastBox } from './broadcast-box';

describe('BroadcastBox (spec part 2, 2.5)', () => {
  it('counts characters up to 500, previews the message and clears it', async () => {
    const user = userEvent.setup();
    renderWithApp(<BroadcastBox />);
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello reps');
    expect(screen.getByText('10/500 characters')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Hello reps');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0/500 characters')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Notification' })).toBeDisabled();
  });
});
