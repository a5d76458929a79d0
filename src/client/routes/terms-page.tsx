import { Link } from 'react-router';
import { CALL_FREQUENCIES, CANCELLATION_REASONS, COMPANY, PLANS, PRODUCT_NAME, YEARLY_SAVING_INR } from '../../shared/constants';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';

// spec part 2, 1, 5 and 9: plans, booking and cancellation rules, 18+, Srinagar courts, 30 days' notice.
const support = <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>;
const frequencies = CALL_FREQUENCIES.join(', ');

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <p>
        These terms are an agreement between you and {COMPANY.legalName} ({COMPANY.address}) for the use of {PRODUCT_NAME}. By creating an account, or by
        accepting them when asked after signing in, you agree to them and to our <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, do not
        use {PRODUCT_NAME}.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use RepVisit',
    body: (
      <p>
        You must be 18 or older. {PRODUCT_NAME} is for professional use by medical representatives and by clinics acting through an authorised person. The
        patient portal is not available yet.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give true, current details, and keep them up to date.</li>
        <li>Verify your e-mail address with the 6-digit code we send you before you sign in for the first time.</li>
        <li>
          Choose a strong password (at least 8 characters with upper case, lower case, a digit and a special character) and keep it secret. You are responsible
          for what happens under your account.
        </li>
        <li>One account per person or clinic. Do not share your sign-in with anyone.</li>
        <li>Tell us at once at {support} if you think someone else has used your account.</li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and free trial',
    body: (
      <>
        <ul>
          <li>A medical rep needs an active subscription, a free trial or a paid plan, to book visits. Clinics do not need a subscription.</li>
          <li>Each rep can start one free trial from the dashboard. Its end date is shown in the app.</li>
          <li>
            Paid plans: <strong>INR {PLANS.monthly.priceInr} monthly</strong> ({PLANS.monthly.days} days) or <strong>INR {PLANS.yearly.priceInr} yearly</strong>{' '}
            ({PLANS.yearly.days} days, saving INR {YEARLY_SAVING_INR} a year). Prices are in Indian rupees and are shown before you pay.
          </li>
          <li>Payments are made through Razorpay under its own terms. We never see or store your card, UPI or bank details.</li>
          <li>A plan covers the period paid for. When it ends, booking stops until you renew; your existing bookings stay.</li>
          <li>
            If money was deducted but your plan did not activate, write to {support} with the payment reference. We will activate the plan or refund the
            payment.
          </li>
        </ul>
        <p>We may change prices for future periods with 30 days&apos; notice; a period already paid for is not affected.</p>
      </>
    ),
  },
  {
    id: 'booking',
    title: 'Booking rules',
    body: (
      <>
        <p>In plain words, a rep can book a visit with a doctor at a clinic when all of these hold:</p>
        <ul>
          <li>the rep is signed in and has an active subscription;</li>
          <li>the date is today or later and falls on a day the doctor receives reps at that clinic;</li>
          <li>the day still has a free slot (each clinic sets how many reps a doctor sees a day);</li>
          <li>the rep has no other appointment with that doctor on that date;</li>
          <li>the rep has no other upcoming appointment with that doctor at that clinic: finish or cancel it first;</li>
          <li>the clinic&apos;s call frequency for the doctor ({frequencies} days) has passed since the rep&apos;s last visit to that doctor.</li>
        </ul>
        <p>
          The app shows only dates that can be booked and explains why a date cannot. A booking is a request for a short professional visit; the doctor&apos;s
          time remains the clinic&apos;s to manage.
        </p>
      </>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations',
    body: (
      <ul>
        <li>A rep can cancel a booked appointment up to the day before it. On the appointment day it can no longer be cancelled in the app.</li>
        <li>
          A clinic can cancel the day&apos;s visits with a doctor when needed, giving a reason (for example:{' '}
          {CANCELLATION_REASONS.map((r) => `'${r}'`).join(', ')}). Affected reps are told by e-mail.
        </li>
        <li>A cancelled appointment frees its slot for others. Cancellations do not earn refunds of subscription fees.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>give false information, impersonate anyone or book visits you do not mean to keep;</li>
          <li>harass doctors, clinic staff or other users, or send unsolicited promotions through {PRODUCT_NAME};</li>
          <li>offer gifts or inducements in breach of the pharmaceutical marketing codes that apply to you;</li>
          <li>enter patients&apos; health information anywhere in {PRODUCT_NAME};</li>
          <li>copy, scrape or resell data from {PRODUCT_NAME}, or use automated tools to book;</li>
          <li>probe, overload or break the service&apos;s security, or reach data that is not yours.</li>
        </ul>
        <p>We may suspend or close an account that breaks these rules, after notice unless the matter is urgent.</p>
      </>
    ),
  },
  {
    id: 'clinics',
    title: 'Clinics',
    body: (
      <p>
        A clinic keeps its doctors&apos; details and call settings accurate and is responsible for the visits it accepts. Doctors and clinic staff decide on the
        conduct of each visit.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <p>
        You can delete your account at any time in Settings (<strong>Delete my account</strong>) or by writing to {support}. We complete deletion within 30 days
        as our Privacy Policy describes. Fees already paid for a running period are not refunded, unless the law requires it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <>
        <p>
          We work to keep {PRODUCT_NAME} available and accurate, but we provide it &quot;as is&quot;. We do not guarantee that a doctor will be available on a
          booked date, and {PRODUCT_NAME} gives no medical advice.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses (such as lost sales), and our total liability to you is limited
          to the subscription fees you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited under Indian
          law.
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. Please write to {support} first so we can try to settle the matter. Any dispute goes to the courts of{' '}
        {COMPANY.city}, Jammu and Kashmir, which alone have jurisdiction.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We will tell you about changes by e-mail and by a pop-up in the app. Changes take effect 30 days after that notice. If you do not agree with them, you
        may delete your account before they take effect; if you keep using {PRODUCT_NAME} afterwards, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        {COMPANY.legalName}, {COMPANY.address}. E-mail {support}, phone {COMPANY.phone}. See also the <Link to="/contact">Contact page</Link>.
      </p>
    ),
  },
];

/** spec part 2, 2.7: /terms and /terms-and-conditions. */
export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      effectiveDate={COMPANY.policiesEffective}
      summary={<p>The rules for using {PRODUCT_NAME}: accounts, subscriptions, booking, cancellations and your responsibilities.</p>}
      sections={SECTIONS}
    />
  );
}
