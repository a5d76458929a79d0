// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REASON_CELL_CLASS } from './calendar-day-style';
import { CalendarLegend } from './calendar-legend';

afterEach(cleanup);

describe('CalendarLegend', () => {
  it('explains each word a day cell shows, Leave and Closed (docs/decisions/040) among them, each once', () => {
    render(<CalendarLegend />);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'N left: available, slots left',
      'Past: past date',
      'Later: too far ahead to book',
      'Off: not a working day for this doctor',
      "Closed: the clinic is closed or cancelled the doctor's calls",
      'Leave: the doctor is on leave',
      'Freeze: call-frequency freeze',
      'Full: fully booked',
      'Booked: you already have an appointment on this date',
    ]);
  });

  it('shows each line with the look of the cells it explains', () => {
    render(<CalendarLegend />);
    const swatch = (word: string) => screen.getByText(word).closest('li')!.querySelector('[aria-hidden]')!;
    for (const cls of REASON_CELL_CLASS.leave.split(' ')) expect(swatch('Leave')).toHaveClass(cls);
    for (const cls of REASON_CELL_CLASS.clinic_closed.split(' ')) expect(swatch('Closed')).toHaveClass(cls);
  });
});
