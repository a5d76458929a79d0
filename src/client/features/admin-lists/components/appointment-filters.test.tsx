// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../auth/test/render';
import { listUrl } from '../../admin-shared/api/admin-list-fetch';
import { countText } from '../../admin-shared/lib/paged-rows';
import { AppointmentFilters, NO_FILTERS } from './appointment-filters';

describe('appointment filters (spec part 2, 2.5)', () => {
  it('are sent to the server in the query string, empty fields left out (docs/decisions/022)', () => {
    expect(listUrl('/api/admin/appointments', { doctor: 'mir & co', from: '2026-03-05', to: '', status: undefined })).toBe(
      '/api/admin/appointments?doctor=mir+%26+co&from=2026-03-05',
    );
    expect(listUrl('/api/admin/appointments', {}, 'WzEsMl0')).toBe('/api/admin/appointments?cursor=WzEsMl0');
    expect(listUrl('/api/admin/appointments.csv', { status: 'booked' })).toBe('/api/admin/appointments.csv?status=booked');
  });

  it('writes the total in Indian digit groups, an estimate with "about"', () => {
    expect(countText({ count: 1234567, exact: true })).toBe('12,34,567');
    expect(countText({ count: 100000, exact: false })).toBe('about 1,00,000');
  });

  it('Clear Filters resets every field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<AppointmentFilters value={{ doctor: 'x', from: '2026-01-01', to: '', status: 'booked' }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onChange).toHaveBeenCalledWith(NO_FILTERS);
  });
});
