import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../shared/constants';
import { formatDisplayDate, timeInIndia } from '../../shared/dates';
import type { VerifyVisitResponse } from '../../shared/schemas/visits';
import { BrandMark } from '../components/layout/brand-mark';
import { usePageTitle } from '../components/layout/page-title';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { ApiError } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { useVerifyVisit } from '../features/visits/api/verify-visit';
import { ProofActions } from '../features/visits/components/proof/proof-actions';
import { doctorTitle } from '../features/directory/components/doctor-title';
import { ProofFacts } from '../features/visits/components/proof/proof-facts';
import { ProofVerdict } from '../features/visits/components/proof/proof-verdict';

const NOT_A_PROOF: VerifyVisitResponse = { valid: false, visit: null, reason: null };

/** The page's own plain frame: the brand as a letterhead on screen and on paper, no site navigation or footer. */
function ProofFrame({ children }: { children: ReactNode }) {
  const { i18n } = useI18n();
  usePageTitle(i18n._('Proof of visit'));
  return (
    <div className="min-h-screen print:min-h-0 print:bg-white">
      <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800 print:border-slate-400">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3 sm:px-6">
          <Link to="/" className="flex items-center gap-3 rounded-md">
            <BrandMark />
            <span className="text-lg font-bold text-slate-900 dark:text-white print:text-black">{PRODUCT_NAME}</span>
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-3 py-6 focus:outline-none sm:px-6 sm:py-10 print:p-0 print:pt-6">
        <Card className="grid gap-6 p-4 sm:p-8 print:border-0 print:p-0 print:shadow-none">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white print:text-black">{i18n._('Proof of visit')}</h1>
          {children}
        </Card>
      </main>
    </div>
  );
}

/**
 * /verify-visit?receipt=: a proof of visit, shown to the rep (who can share or print it) and to anyone the rep gives
 * the link, a manager above all (docs/decisions/041). Public: RepVisit checks the signature and the visit's outcome
 * since (docs/decisions/046) and says 'Valid' or 'Not valid', with the reason; the facts shown are those it signed.
 */
export default function VerifyVisitPage() {
  const [params] = useSearchParams();
  const receipt = (params.get('receipt') ?? '').trim();
  const verify = useVerifyVisit(receipt);
  const { i18n } = useI18n();
  // Text the server refuses to read as a receipt (too long, control characters) is no proof of visit either.
  const result = verify.data ?? (verify.error instanceof ApiError && verify.error.status === 400 ? NOT_A_PROOF : null);
  const v = result?.valid ? result.visit : null;

  return (
    <ProofFrame>
      {/* A live region there from the start, so the verdict is read out when it arrives (the facts are not). */}
      <div role="status">
        {receipt === '' ? (
          <p>{i18n._('This link holds no proof of visit. Please ask the medical representative for the link again.')}</p>
        ) : result ? (
          <ProofVerdict valid={v !== null} reason={result.reason} />
        ) : verify.isError ? (
          <p>{i18n._('The proof of visit could not be checked just now. Please check your connection and try again.')}</p>
        ) : null}
      </div>
      {receipt !== '' && !result && !verify.isError && <Spinner label={i18n._('Checking the proof of visit...')} />}
      {!result && verify.isError && (
        <Button variant="secondary" className="justify-self-start" onClick={() => void verify.refetch()} loading={verify.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {i18n._('Try again')}
        </Button>
      )}
      {v && <ProofFacts visit={v} />}
      {v && (
        <ProofActions
          title={i18n._('Proof of visit')}
          text={i18n._('Proof of visit: {rep} ({company}) visited {doctor} at {clinic} on {date}, checked in at {time} IST.', {
            rep: v.repName,
            company: v.company,
            doctor: doctorTitle(v.doctorName),
            clinic: v.clinicName,
            date: formatDisplayDate(v.date),
            time: timeInIndia(new Date(v.checkedInAt)),
          })}
        />
      )}
    </ProofFrame>
  );
}
