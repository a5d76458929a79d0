import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_TEAM_MESSAGES } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { useFocusOnMount } from '../lib/use-focus-on-mount';
import { useI18n } from '../../../lib/i18n';

/**
 * Step 3 of the invitation: the ten recovery codes, shown this once (the server keeps only their hashes). The way on is
 * closed until the admin says they have kept them: a lost phone without them needs another owner.
 */
export function RecoveryCodesStep({ codes, email, onContinue }: { codes: string[]; email: string; onContinue: () => void }) {
  const { i18n } = useI18n();
  const [saved, setSaved] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = `${i18n._('RepVisit admin recovery codes for {email}', { email })}\n${i18n._('Each code works once, in place of the authenticator code.')}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'repvisit-admin-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-4">
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none dark:text-white">
        {i18n._('Step 3 of 3: Save your recovery codes')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {i18n._(ADMIN_TEAM_MESSAGES.enrolled)} {i18n._('They are shown only now.')}
      </p>
      <ol
        aria-label={i18n._('Recovery codes')}
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
      >
        {codes.map((c) => (
          <li key={c} className="text-center">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {i18n._('Copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="h-4 w-4" aria-hidden />
          {i18n._('Download')}
        </Button>
        <p aria-live="polite" className="self-center text-sm text-slate-600 dark:text-slate-300">
          {copied === 'yes' ? i18n._('Copied.') : copied === 'failed' ? i18n._('Could not copy: select the codes or download them.') : ''}
        </p>
      </div>
      <Checkbox checked={saved} onCheckedChange={setSaved} label={i18n._('I have saved these codes')} />
      <Button onClick={onContinue} disabled={!saved}>
        {i18n._('Continue to sign in')}
      </Button>
    </div>
  );
}
