import { Link2, Printer, Share2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { i18n, useI18n } from '../../../../lib/i18n';
import { dismissToast, toast } from '../../../../lib/toast';

/** Whether this browser can hand a link to the phone's share sheet (the Web Share API). */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: i18n._('Link copied'), description: i18n._('Paste it in a message or an e-mail to your manager.'), variant: 'success' });
  } catch {
    toast({
      title: i18n._('Could not copy the link'),
      description: i18n._("Please copy the address from your browser's address bar."),
      variant: 'destructive',
    });
  }
}

/**
 * Share (the phone's share sheet where the browser has one, else 'Copy link') and Print for a proof of visit
 * (docs/decisions/041). Hidden on paper.
 */
export function ProofActions({ title, text }: { title: string; text: string }) {
  useI18n(); // re-rendered in a newly chosen language
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const share = async () => {
    try {
      await navigator.share({ title, text, url });
    } catch (err) {
      // The rep closed the share sheet: nothing to say. Anything else: the link goes to the clipboard instead.
      if ((err as Error).name !== 'AbortError') await copyLink(url);
    }
  };
  const print = () => {
    // A toast on screen would be printed with the proof.
    dismissToast();
    window.print();
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row print:hidden">
      {canShare() ? (
        <Button onClick={share}>
          <Share2 className="h-4 w-4" aria-hidden />
          {i18n._('Share')}
        </Button>
      ) : (
        <Button onClick={() => copyLink(url)}>
          <Link2 className="h-4 w-4" aria-hidden />
          {i18n._('Copy link')}
        </Button>
      )}
      <Button variant="secondary" onClick={print}>
        <Printer className="h-4 w-4" aria-hidden />
        {i18n._('Print')}
      </Button>
    </div>
  );
}
