import type { Messages } from '@lingui/core';
import plurals from 'virtual:i18n/en';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';
import { i18n } from './i18n';

// The English texts with plurals or selects, compiled (build/vite-i18n.ts, decision 045). Only the pages that read
// data show counts; they load this with the query client (ensure-query-client.tsx), which their pre-rendered
// pages preload, so the landing page's script does not carry it and no page waits a request longer for it. The privacy
// policy, which counts days without the query client, imports it itself (retention-period.tsx, decision 081).
i18n.load(DEFAULT_LOCALE, plurals as Messages);
