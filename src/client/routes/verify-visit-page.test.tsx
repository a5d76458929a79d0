// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProvenVisit } from '../../shared/schemas/visits';
import { renderWithApp } from '../features/auth/test/render';
import { fakeApi } from '../features/rep/test/fake-api';
import { dismissToast } from '../lib/toast';
import VerifyVisitPage from './verify-visit-page';

// Docs/decisions/041: /verify-visit?receipt= says 'Valid' or 'Not valid' in words a manager understands, shows what
// was signed, and lets the rep share and print it.

const VISIT: ProvenVisit = {
  id: 41,
  repName: 'Ravi Kumar',
  company: 'Acme Pharma',
  doctorName: 'Asha Rao',
  doctorSpecialty: 'Cardiology',
  clinicName: 'Lake View Clinic',
  clinicCity: 'Srinagar',
  clinicState: 'Jammu and Kashmir',
  date: '2026-03-10',
  startTime: '15:30',
  checkedInAt: '2026-03-10T10:12:30.000Z',
  issuedAt: '2026-03-10T11:00:00.000Z',
};

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The live region the verdict is announced in (there from the start, so the verdict is read out on arrival). */
const verdict = (word: string) => screen.getByText(word, { exact: true }).closest('[role="status"]');

function show(answer: { status?: number; body: unknown }, receipt = 'abc.def') {
  const calls = fakeApi({ 'POST /api/verify-visit': () => answer });
  renderWithApp(<VerifyVisitPage />, { path: `/verify-visit?receipt=${encodeURIComponent(receipt)}` });
  return calls;
}

describe('VerifyVisitPage', () => {
  it('says Valid, announced, and shows the signed facts in Indian dates and times', async () => {
    const calls = show({ body: { valid: true, visit: VISIT } });
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(verdict('Valid')).toHaveTextContent('ValidThis proof of visit was signed by RepVisit and has not been changed.');
    expect(calls.map((c) => c.body)).toEqual([{ receipt: 'abc.def' }]);
    const facts = screen.getByLabelText('What this proof of visit says');
    expect(facts).toHaveTextContent('Medical representativeRavi Kumar, Acme Pharma');
    expect(facts).toHaveTextContent('DoctorDr. Asha Rao, Cardiology');
    expect(facts).toHaveTextContent('ClinicLake View Clinic, Srinagar, Jammu and Kashmir');
    expect(facts).toHaveTextContent('Date of visitTuesday, 10/03/2026');
    expect(facts).toHaveTextContent('Visit time15:30');
    expect(facts).toHaveTextContent('Checked in at reception15:42 IST');
    expect(screen.queryByText('Not valid')).toBeNull();
  });

  it('says Not valid with the reason for a visit the clinic later marked no-show (decision 046)', async () => {
    show({ body: { valid: false, visit: VISIT, reason: 'The clinic later marked this visit as a no-show.' } });
    expect(await screen.findByText('Not valid')).toBeInTheDocument();
    expect(verdict('Not valid')).toHaveTextContent('Not validThe clinic later marked this visit as a no-show.');
    expect(screen.queryByRole('button', { name: /Share|Copy link|Print/ })).toBeNull();
  });

  it('names the time RepVisit accepted an offline check-in beside the time it was typed (decision 046)', async () => {
    show({ body: { valid: true, visit: { ...VISIT, checkInReceivedAt: '2026-03-10T10:48:30.000Z' }, reason: null } });
    const facts = await screen.findByLabelText('What this proof of visit says');
    expect(facts).toHaveTextContent('Checked in at reception15:42 IST');
    expect(facts).toHaveTextContent('Check-in accepted by RepVisit16:18 IST');
  });

  it.each([
    ['a receipt that was changed', { body: { valid: false, visit: null } }],
    ['text the server will not read as a receipt', { status: 400, body: { message: 'This is not a proof of visit.' } }],
  ])('says Not valid for %s, with no facts and nothing to share', async (_, answer) => {
    show(answer);
    expect(await screen.findByText('Not valid')).toBeInTheDocument();
    expect(verdict('Not valid')).toHaveTextContent('Not validThis proof of visit was changed or was not issued by RepVisit.');
    expect(screen.queryByText('Medical representative')).toBeNull();
    expect(screen.queryByRole('button', { name: /Share|Copy link|Print/ })).toBeNull();
  });

  it("hands the page's link to the share sheet where the browser has one", async () => {
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: share } }));
    show({ body: { valid: true, visit: VISIT } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Proof of visit', url: window.location.href }));
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });

  it('copies the link where there is no share sheet, and prints', async () => {
    // user-event puts its own clipboard on the navigator: set up first, so this one is used.
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: undefined }, clipboard: { value: { writeText } } }));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    show({ body: { valid: true, visit: VISIT } });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Link copied');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
