import type { BulkEmail, EmailRecipientsFilter } from '../../../../shared/schemas/admin';

// Who a bulk e-mail goes to (spec part 2, 2.6; docs/decisions/023): the reps the admin ticked, or "Select All" over
// the filter, which the server resolves when it sends. The list on screen holds a page or a few, so "all" is
// never a list of ids: it is the filter, less the rows unticked afterwards.

export type RecipientSelection = { mode: 'ids'; ids: ReadonlySet<number> } | { mode: 'all'; filter: EmailRecipientsFilter; except: ReadonlySet<number> };

export const NO_SELECTION: RecipientSelection = { mode: 'ids', ids: new Set() };

export const selectAllOf = (filter: EmailRecipientsFilter): RecipientSelection => ({ mode: 'all', filter, except: new Set() });

/** Ticks or unticks one rep; under "all" an untick is remembered as an exception. */
export function toggleRecipient(s: RecipientSelection, id: number, on: boolean): RecipientSelection {
  const set = new Set(s.mode === 'ids' ? s.ids : s.except);
  // Under "all", ticking removes an exception and unticking adds one.
  if (on === (s.mode === 'ids')) set.add(id);
  else set.delete(id);
  return s.mode === 'ids' ? { mode: 'ids', ids: set } : { ...s, except: set };
}

export const isRecipientSelected = (s: RecipientSelection, id: number) => (s.mode === 'ids' ? s.ids.has(id) : !s.except.has(id));

/** N of 'Send to N Recipients': under "all", the server's total for the filter less the unticked. */
export const selectedCount = (s: RecipientSelection, total: number) => (s.mode === 'ids' ? s.ids.size : Math.max(0, total - s.except.size));

/** A new filter or search ends a selection of "all" (it was the old filter's); ticked reps stay ticked. */
export const afterFilterChange = (s: RecipientSelection): RecipientSelection => (s.mode === 'all' ? NO_SELECTION : s);

/** The recipients part of POST /api/admin/send-bulk-email. */
export function recipientsOfSend(s: RecipientSelection): Pick<BulkEmail, 'recipientIds' | 'selection'> {
  return s.mode === 'ids' ? { recipientIds: [...s.ids] } : { selection: { all: true, filter: s.filter, except: [...s.except] } };
}
