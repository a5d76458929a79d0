// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListSummary } from './list-summary';
import { LoadMore } from './load-more';
import { LoadMoreRows } from './load-more-rows';

describe('ConfirmDeleteDialog (spec part 2, 5)', () => {
  it('keeps Delete disabled until CONFIRM is typed exactly', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithApp(
      <ConfirmDeleteDialog open onOpenChange={() => {}} title="Delete Doctor" description="Gone for good." onConfirm={onConfirm} pending={false} />,
    );
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toBeDisabled();
    const input = screen.getByLabelText('Type CONFIRM to confirm');
    await user.type(input, 'confirm');
    expect(del).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'CONFIRM');
    expect(del).toBeEnabled();
    await user.click(del);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('LoadMore (docs/decisions/022)', () => {
  it('asks for the next page, and moves focus to the end line when the last page has come', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const props = { noun: '{count, plural, one {appointment} other {appointments}}', shown: 50, onLoadMore };
    const view = render(<LoadMore {...props} hasMore loading={false} />); // no providers: rerender keeps its state
    await user.click(screen.getByRole('button', { name: 'Load more appointments' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    const button = screen.getByRole('button', { name: 'Load more appointments' });
    button.focus();
    view.rerender(<LoadMore {...props} hasMore loading />);
    // Still focused while the page loads, and a second press asks nothing more.
    expect(screen.getByRole('button', { name: 'Loading more appointments…' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Loading more appointments…' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Loading more appointments…' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    view.rerender(<LoadMore {...props} shown={72} hasMore={false} loading={false} />);
    expect(screen.getByText('All 72 appointments shown.')).toHaveFocus();
  });
});

describe('a list of one row (docs/decisions/057)', () => {
  const admins = '{count, plural, one {admin} other {admins}}';

  it('says one admin, not one admins, in its count, its foot and its page count', () => {
    const one = { count: 1, exact: true };
    render(<ListSummary shown={1} total={one} overall={one} noun={admins} updating={false} />);
    expect(screen.getByText('Showing 1 of 1 admin')).toBeInTheDocument();
    render(<LoadMore noun={admins} shown={1} hasMore={false} loading={false} onLoadMore={vi.fn()} />);
    expect(screen.getByText('1 admin shown.')).toBeInTheDocument();
    render(<LoadMoreRows noun={admins} shown={1} hasMore={false} loading={false} onLoadMore={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 admin');
  });

  it('says many where there are many, and "Load more admins" for the rows to come', () => {
    render(<ListSummary shown={2} total={{ count: 2, exact: true }} overall={{ count: 5, exact: true }} noun={admins} updating={false} />);
    expect(screen.getByText('Showing 2 of 5 admins')).toBeInTheDocument();
    render(<LoadMore noun={admins} shown={1} hasMore loading={false} onLoadMore={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Load more admins' })).toBeInTheDocument();
  });
});
