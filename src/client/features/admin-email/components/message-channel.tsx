import { Bell, Mail, MessageCircle, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';
import type { MessageChannel } from '../../../../shared/schemas/whatsapp';
import { CHANNEL_LABELS } from '../lib/message-channels';
import { useI18n } from '../../../lib/i18n';

const ICONS: Record<MessageChannel, { Icon: LucideIcon; color: string }> = {
  email: { Icon: Mail, color: 'text-sky-700 dark:text-sky-300' },
  whatsapp: { Icon: MessageCircle, color: 'text-emerald-700 dark:text-emerald-300' },
  push: { Icon: Bell, color: 'text-violet-700 dark:text-violet-300' },
};

/** A message's channel in the Messages history: its icon and its name, so the column reads without colour. */
export function MessageChannelLabel({ channel, className, iconClassName }: { channel: MessageChannel; className?: string; iconClassName?: string }) {
  const { i18n } = useI18n();
  const { Icon, color } = ICONS[channel];
  return (
    <span className={clsx('inline-flex items-center gap-1.5 whitespace-nowrap font-medium', className)}>
      <Icon className={clsx('h-4 w-4 shrink-0', color, iconClassName)} aria-hidden />
      {i18n._(CHANNEL_LABELS[channel])}
    </span>
  );
}
