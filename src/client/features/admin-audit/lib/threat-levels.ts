import type { ThreatLevel } from '../../../../shared/schemas/admin-team';

// A threat level is always written out in words beside its colour, so it is read without telling colours apart.

export const LEVEL_LABELS: Record<ThreatLevel, string> = {
  low: /*i18n*/ 'Low',
  medium: /*i18n*/ 'Medium',
  high: /*i18n*/ 'High',
  critical: /*i18n*/ 'Critical',
};

export const LEVEL_TONES: Record<ThreatLevel, 'neutral' | 'info' | 'warning' | 'danger'> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  critical: 'danger',
};

export const isThreatLevel = (v: string): v is ThreatLevel => v in LEVEL_LABELS;
