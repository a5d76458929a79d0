// Databases reached through a pooler in transaction mode (db/client.ts marks them), where no statement is prepared
// by name: each statement may reach another server connection, where a name prepared on one is missing or, prepared
// again, "already exists" (docs/decisions/058-behind-a-pooler.md). `preparedOnce` (query-tools.ts) asks here and
// answers null for them; its callers then run their plain (unnamed, extended-protocol) query.

const unnamedOnly = new WeakSet<object>();

export function withoutNamedStatements(db: object): void {
  unnamedOnly.add(db);
}

export const namesStatements = (db: object): boolean => !unnamedOnly.has(db);
