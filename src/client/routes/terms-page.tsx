import type { I18n } from '@lingui/core';
import { CALL_FREQUENCIES, CANCELLATION_REASONS, COMPANY, PLANS, YEARLY_SAVING_INR } from '../../shared/constants';
import { formatDisplayDate } from '../../shared/dates';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';
import { COMPANY_VALUES, legalText } from '../features/legal/components/legal-text';
import { useI18n } from '../lib/i18n';
import { formatNumber } from '../lib/intl-format';

// spec part 2, 1, 5 and 9: plans, booking and cancellation rules, 18+, Srinagar courts, 30 days' notice.
// Built at render, in the active language; each paragraph or list item is one text, so a translation reorders freely.
const sections = (i18n: I18n): LegalSection[] => [
  {
    id: 'agreement',
    title: i18n._('About these terms'),
    body: (
      <p>
        {legalText(
          i18n._(
            'These terms are an agreement between you and {legalName} ({address}) for the use of RepVisit. By creating an account, or by accepting them when asked after signing in, you agree to them and to our <privacy>Privacy Policy</privacy>. If you do not agree, do not use RepVisit.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: i18n._('Who may use RepVisit'),
    body: (
      <p>
        {i18n._(
          'You must be 18 or older. RepVisit is for professional use by medical representatives and by clinics acting through an authorised person. The patient portal is not available yet.',
        )}
      </p>
    ),
  },
  {
    id: 'accounts',
    title: i18n._('Your account'),
    body: (
      <ul>
        <li>{i18n._('Give true, current details, and keep them up to date.')}</li>
        <li>{i18n._('Verify your e-mail address with the 6-digit code we send you before you sign in for the first time.')}</li>
        <li>
          {i18n._(
            'Choose a strong password (at least 8 characters with upper case, lower case, a digit and a special character) and keep it secret. You are responsible for what happens under your account.',
          )}
        </li>
        <li>{i18n._('One account per person or clinic. Do not share your sign-in with anyone.')}</li>
        <li>{legalText(i18n._('Tell us at once at <support>{supportEmail}</support> if you think someone else has used your account.', COMPANY_VALUES))}</li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: i18n._('Subscriptions and free trial'),
    body: (
      <>
        <ul>
          <li>{i18n._('A medical rep needs an active subscription, a free trial or a paid plan, to book visits. Clinics do not need a subscription.')}</li>
          <li>{i18n._('Each rep can start one free trial from the dashboard. Its end date is shown in the app.')}</li>
          <li>
            {legalText(
              i18n._(
                'Paid plans: <strong>INR {monthlyPrice} monthly</strong> ({monthlyDays} days) or <strong>INR {yearlyPrice} yearly</strong> ({yearlyDays} days, saving INR {saving} a year). Prices are in Indian rupees and are shown before you pay.',
                {
                  monthlyPrice: formatNumber(PLANS.monthly.priceInr),
                  monthlyDays: formatNumber(PLANS.monthly.days),
                  yearlyPrice: formatNumber(PLANS.yearly.priceInr),
                  yearlyDays: formatNumber(PLANS.yearly.days),
                  saving: formatNumber(YEARLY_SAVING_INR),
                },
              ),
            )}
          </li>
          <li>{i18n._('Payments are made through Razorpay under its own terms. We never see or store your card, UPI or bank details.')}</li>
          <li>{i18n._('A plan covers the period paid for. When it ends, booking stops until you renew; your existing bookings stay.')}</li>
          <li>
            {legalText(
              i18n._(
                'If money was deducted but your plan did not activate, write to <support>{supportEmail}</support> with the payment reference. We will activate the plan or refund the payment.',
                COMPANY_VALUES,
              ),
            )}
          </li>
        </ul>
        <p>{i18n._("We may change prices for future periods with 30 days' notice; a period already paid for is not affected.")}</p>
      </>
    ),
  },
  {
    id: 'booking',
    title: i18n._('Booking rules'),
    body: (
      <>
        <p>{i18n._('In plain words, a rep can book a visit with a doctor at a clinic when all of these hold:')}</p>
        <ul>
          <li>{i18n._('the rep is signed in and has an active subscription;')}</li>
          <li>{i18n._('the date is today or later and falls on a day the doctor receives reps at that clinic;')}</li>
          <li>{i18n._('the day still has a free slot (each clinic sets how many reps a doctor sees a day);')}</li>
          <li>{i18n._('the rep has no other appointment with that doctor on that date;')}</li>
          <li>{i18n._('the rep has no other upcoming appointment with that doctor at that clinic: finish or cancel it first;')}</li>
          <li>
            {i18n._("the clinic's call frequency for the doctor ({frequencies} days) has passed since the rep's last visit to that doctor.", {
              frequencies: CALL_FREQUENCIES.map(formatNumber).join(', '),
            })}
          </li>
        </ul>
        <p>
          {i18n._(
            "The app shows only dates that can be booked and explains why a date cannot. A booking is a request for a short professional visit; the doctor's time remains the clinic's to manage.",
          )}
        </p>
      </>
    ),
  },
  {
    id: 'cancellations',
    title: i18n._('Cancellations'),
    body: (
      <ul>
        <li>{i18n._('A rep can cancel a booked appointment up to the day before it. On the appointment day it can no longer be cancelled in the app.')}</li>
        <li>
          {i18n._(
            "A clinic can cancel the day's visits with a doctor when needed, giving a reason (for example: {reasons}). Affected reps are told by e-mail.",
            {
              reasons: CANCELLATION_REASONS.map((r) => `'${i18n._(r)}'`).join(', '),
            },
          )}
        </li>
        <li>{i18n._('A cancelled appointment frees its slot for others. Cancellations do not earn refunds of subscription fees.')}</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: i18n._('Acceptable use'),
    body: (
      <>
        <p>{i18n._('You agree not to:')}</p>
        <ul>
          <li>{i18n._('give false information, impersonate anyone or book visits you do not mean to keep;')}</li>
          <li>{i18n._('harass doctors, clinic staff or other users, or send unsolicited promotions through RepVisit;')}</li>
          <li>{i18n._('offer gifts or inducements in breach of the pharmaceutical marketing codes that apply to you;')}</li>
          <li>{i18n._("enter patients' health information anywhere in RepVisit;")}</li>
          <li>{i18n._('copy, scrape or resell data from RepVisit, or use automated tools to book;')}</li>
          <li>{i18n._("probe, overload or break the service's security, or reach data that is not yours.")}</li>
        </ul>
        <p>{i18n._('We may suspend or close an account that breaks these rules, after notice unless the matter is urgent.')}</p>
      </>
    ),
  },
  {
    id: 'clinics',
    title: i18n._('Clinics'),
    body: (
      <p>
        {i18n._(
          "A clinic keeps its doctors' details and call settings accurate and is responsible for the visits it accepts. Doctors and clinic staff decide on the conduct of each visit.",
        )}
      </p>
    ),
  },
  {
    id: 'ending',
    title: i18n._('Ending your account'),
    body: (
      <p>
        {legalText(
          i18n._(
            'You can delete your account at any time in Settings (<strong>Delete my account</strong>) or by writing to <support>{supportEmail}</support>. We complete deletion within 30 days as our Privacy Policy describes. Fees already paid for a running period are not refunded, unless the law requires it.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
  {
    id: 'liability',
    title: i18n._('Our responsibility'),
    body: (
      <>
        <p>
          {i18n._(
            'We work to keep RepVisit available and accurate, but we provide it "as is". We do not guarantee that a doctor will be available on a booked date, and RepVisit gives no medical advice.',
          )}
        </p>
        <p>
          {i18n._(
            'To the extent the law allows, we are not liable for indirect or consequential losses (such as lost sales), and our total liability to you is limited to the subscription fees you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited under Indian law.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: i18n._('Law and disputes'),
    body: (
      <p>
        {legalText(
          i18n._(
            'These terms are governed by the laws of India. Please write to <support>{supportEmail}</support> first so we can try to settle the matter. Any dispute goes to the courts of {city}, Jammu and Kashmir, which alone have jurisdiction.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
  {
    id: 'changes',
    title: i18n._('Changes to these terms'),
    body: (
      <p>
        {i18n._(
          'We will tell you about changes by e-mail and by a pop-up in the app. Changes take effect 30 days after that notice. If you do not agree with them, you may delete your account before they take effect; if you keep using RepVisit afterwards, the new terms apply.',
        )}
      </p>
    ),
  },
  {
    id: 'contact',
    title: i18n._('Contact'),
    body: (
      <p>
        {legalText(
          i18n._(
            '{legalName}, {address}. E-mail <support>{supportEmail}</support>, phone <phone>{phone}</phone>. See also the <contact>Contact page</contact>.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
];

/** spec part 2, 2.7: /terms and /terms-and-conditions. */
export default function TermsPage() {
  const { i18n } = useI18n();
  return (
    <LegalDocument
      title={i18n._('Terms and Conditions')}
      effectiveDate={formatDisplayDate(COMPANY.policiesEffective)}
      summary={<p>{i18n._('The rules for using RepVisit: accounts, subscriptions, booking, cancellations and your responsibilities.')}</p>}
      sections={sections(i18n)}
    />
  );
}
