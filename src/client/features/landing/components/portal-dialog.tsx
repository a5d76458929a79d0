import { LogIn, UserPlus, type LucideIcon } from 'lucide-react';
import { Suspense, useState, type ComponentType } from 'react';
import { lazyWithQueryClient } from '../../../components/layout/lazy-with-query-client';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';

export type Portal = 'medrep' | 'clinic';
type View = 'options' | 'login' | 'register';
type FormProps = { onBack: () => void; onDone: () => void };

// The forms (their validation code, and the query client they send with) load only when an option is chosen,
// keeping the landing route light (decision 025).
const LoginForm = lazyWithQueryClient(() => import('../../auth/components/login-form').then((m) => m.LoginForm));
const RepRegisterForm = lazyWithQueryClient(() => import('../../auth/components/rep-register-form').then((m) => m.RepRegisterForm));
const ClinicRegisterWizard = lazyWithQueryClient(() => import('../../auth/components/clinic-register-wizard').then((m) => m.ClinicRegisterWizard));

const RepLoginForm = (props: FormProps) => <LoginForm userType="medrep" autoFocusEmail {...props} />;
const ClinicLoginForm = (props: FormProps) => <LoginForm userType="clinic" autoFocusEmail {...props} />;

// spec part 1, 2: the two portal modals, their options and the form each option shows.
const PORTALS: Record<Portal, { title: string; registerLabel: string; Login: ComponentType<FormProps>; Register: ComponentType<FormProps> }> = {
  medrep: { title: /*i18n*/ 'Medical Representative Portal', registerLabel: /*i18n*/ 'Create New Account', Login: RepLoginForm, Register: RepRegisterForm },
  clinic: { title: /*i18n*/ 'Clinic Portal', registerLabel: /*i18n*/ 'Register New Clinic', Login: ClinicLoginForm, Register: ClinicRegisterWizard },
};

function OptionButton({ icon: Icon, label, hint, onClick }: { icon: LucideIcon; label: string; hint: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-4 rounded-xl border border-slate-200 p-4 text-start transition-colors hover:border-teal-600 hover:bg-teal-50 dark:border-slate-600 dark:hover:bg-slate-700"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-700 dark:bg-teal-900/50 dark:text-teal-300">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <span>
        <span className="block font-semibold text-slate-900 dark:text-white">{label}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-300">{hint}</span>
      </span>
    </button>
  );
}

/**
 * The portal modal: first the options, then the chosen form inside the same modal. A click outside closes
 * the options view; while a form is open only its own Back (or finishing) leaves it, so a stray click
 * does not throw away what was typed.
 */
export function PortalDialog({ portal, onClose }: { portal: Portal | null; onClose: () => void }) {
  const { i18n } = useI18n();
  const [view, setView] = useState<View>('options');
  const config = portal ? PORTALS[portal] : null;

  const close = () => {
    onClose();
    setView('options');
  };
  const backToOptions = () => setView('options');
  const Form = config && view !== 'options' ? (view === 'login' ? config.Login : config.Register) : null;

  return (
    <Dialog
      open={portal !== null}
      onOpenChange={(open) => !open && close()}
      title={config ? i18n._(config.title) : ''}
      description={Form ? undefined : i18n._('Choose how you would like to continue.')}
      dismissible={!Form}
      className={Form ? 'sm:max-w-xl max-sm:max-h-[100dvh] max-sm:w-screen max-sm:rounded-none' : undefined}
    >
      {Form ? (
        <Suspense fallback={<Spinner label={i18n._('Loading...')} />}>
          <Form onBack={backToOptions} onDone={close} />
        </Suspense>
      ) : (
        config && (
          <div className="grid gap-3">
            <OptionButton
              icon={LogIn}
              label={i18n._('Login to Your Account')}
              hint={i18n._('Sign in with your e-mail and password.')}
              onClick={() => setView('login')}
            />
            <OptionButton
              icon={UserPlus}
              label={i18n._(config.registerLabel)}
              hint={i18n._('New here? Register in a few steps.')}
              onClick={() => setView('register')}
            />
          </div>
        )
      )}
    </Dialog>
  );
}
