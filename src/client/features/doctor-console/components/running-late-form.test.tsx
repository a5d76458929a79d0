// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { RunningLateForm } from './running-late-form';

// Running late (docs/decisions/073): 5 to 180 minutes or Clear; the form says so before asking the server.

afterEach(() => vi.unstubAllGlobals());

function server() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as Record<string, unknown>;
      bodies.push(body);
      const answer = { message: 'Running late saved.', clinicId: 4, minutes: body.minutes, repsTold: 2 };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return bodies;
}

describe('Running late', () => {
  it('refuses minutes outside 5-180 without a call, saves 20, and clears with 0', async () => {
    const bodies = server();
    const user = userEvent.setup();
    renderWithApp(<RunningLateForm clinicId={4} lateByMinutes={20} />);
    const minutes = screen.getByLabelText('Running late (minutes)');
    await user.clear(minutes);
    await user.type(minutes, '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter between 5 and 180 minutes, or 0 to clear.');
    expect(bodies).toEqual([]);
    await user.clear(minutes);
    await user.type(minutes, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Running late saved.');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(bodies).toEqual([
      { clinicId: 4, minutes: 25 },
      { clinicId: 4, minutes: 0 },
    ]);
  });
});
