import { LOCALE_DIRECTION } from '../../../shared/i18n/locales';
import { useI18n } from '../../lib/i18n';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Radix sets `dir` on the tabs (their arrow keys and their content's layout): the language's, not its default 'ltr' (decision 045). */
export function Tabs(props: ComponentProps<typeof TabsPrimitive.Root>) {
  const { locale } = useI18n();
  return <TabsPrimitive.Root dir={LOCALE_DIRECTION[locale]} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={clsx('flex w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 dark:bg-slate-800', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        'flex-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors',
        'data-[state=active]:bg-white data-[state=active]:text-teal-800 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-700 dark:data-[state=active]:text-white',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={clsx('mt-4 focus:outline-none', className)} {...props} />;
}
