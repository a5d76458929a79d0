import { SINGLE_PASSWORD_ADMIN, type AdminMeResponse } from '../../../../shared/schemas/admin-team';

// What the screens offer whom (docs/decisions/042): owners manage the team, restart the server and delete accounts;
// staff do everything else. The server refuses the rest anyway; hiding it only spares staff a button that fails.

/** Owner-only controls wait for the answer of GET /api/admin/me: staff never see them flash. */
export const isOwner = (me: AdminMeResponse | undefined) => me?.role === 'owner';

/** The spec's single shared password (no named owner yet): it may invite the first owner, and only that. */
export const isSinglePasswordSession = (me: AdminMeResponse | undefined) => me?.id === SINGLE_PASSWORD_ADMIN.id;
