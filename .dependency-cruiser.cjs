// The import boundaries of ARCHITECTURE.md ("The shape", "Direction of imports", rule 16), checked by
// dependency-cruiser in `npm run lint:boundaries` (decision 020). Type-only imports count too: a boundary
// that only types may cross still couples the two sides.
// Test code: suites, setup, the server's test harness and doubles, and the test helpers kept beside a module.
// (scripts/check-boundaries.mjs holds the same pattern.)
const TEST = '(^e2e/|\\.test\\.tsx?$|^src/test-setup\\.ts$|^src/server/test/|^src/client/features/[^/]+/test/|[.-]test-support\\.ts$)';

// What a domain's query factories (api/keys.ts) may build on: the api client, the rep's offline cache and query
// defaults (lib/, which imports no feature, decision 010), and the fetch helpers (api/*-fetch.ts).
const API_LEAVES = '^src/client/(lib/(api|offline-cache|rep-query-defaults)\\.ts|features/[^/]+/api/[^/]+-fetch\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere: a cycle makes load order matter and the two files one unit.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-neither-half',
      severity: 'error',
      comment: 'src/shared runs in the browser and in node: it imports neither src/client nor src/server.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'shared-is-zod-and-plain-ts',
      severity: 'error',
      comment:
        "src/shared uses zod, Lingui's runtime (docs/decisions/045) and plain TypeScript only (no drizzle, fastify, react, pg...); its tests may use their tools.",
      from: { path: '^src/shared/', pathNot: TEST },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'],
        pathNot: '(^|/)node_modules/(zod|@lingui/core|@lingui/message-utils)/',
      },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'The client and the server meet only in src/shared.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-client',
      severity: 'error',
      comment: 'The client and the server meet only in src/shared (the server serves the built client from disk).',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'client-base-not-to-features',
      severity: 'error',
      comment: 'components/ (domain-free primitives) and lib/ sit below features/: they never import a feature or a route.',
      from: { path: '^src/client/(components|lib)/' },
      to: { path: '^src/client/(features|routes)/' },
    },
    {
      name: 'features-not-to-routes',
      severity: 'error',
      comment: 'Routes compose features; a feature never imports a page.',
      from: { path: '^src/client/features/' },
      to: { path: '^src/client/routes/' },
    },
    {
      name: 'query-keys-are-leaves',
      severity: 'error',
      comment:
        "A client domain's api/keys.ts (its query keys and queryOptions factories) imports of the client only the api client, the rep's offline cache and query defaults, and fetch helpers, never a component, a hook or another domain's calls, so any domain may import it to read or invalidate that domain's queries without tying the domains in a loop (docs/decisions/066, 067).",
      from: { path: '^src/client/features/[^/]+/api/keys\\.ts$' },
      to: { path: '^src/client/', pathNot: API_LEAVES },
    },
    {
      name: 'fetch-helpers-are-leaves',
      severity: 'error',
      comment:
        'A fetch helper (features/<domain>/api/<name>-fetch.ts) that query factories build on imports of the client only the api client and other fetch helpers, so the keys stay leaves (docs/decisions/067).',
      from: { path: '^src/client/features/[^/]+/api/[^/]+-fetch\\.ts$' },
      to: { path: '^src/client/', pathNot: API_LEAVES },
    },
    {
      name: 'modules-not-to-other-modules-repos',
      severity: 'error',
      comment: 'Server modules call each other through their services, never their repos (ARCHITECTURE rule 16).',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: TEST },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repo\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'services-do-not-query',
      severity: 'error',
      comment:
        "A service is the use case: its SQL is in its module's *.repo.ts, so it imports neither drizzle nor the schema (docs/decisions/070-services-do-not-query.md).",
      from: { path: '^src/server/modules/[^/]+/[^/]+\\.service\\.ts$' },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '^src/server/db/schema\\.ts$'] },
    },
    {
      name: 'outside-modules-not-to-repos',
      severity: 'error',
      comment: 'Jobs, plugins and the app reach a module through its service, not its repo.',
      from: { path: '^src/server/', pathNot: [TEST, '^src/server/modules/', '^src/server/db/seed'] },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repo\\.ts$' },
    },
    {
      name: 'e2e-only-to-shared-and-server-test-doubles',
      severity: 'error',
      comment: "Browser journeys drive the built app; they may read the server's test mailbox and stand-ins, and shared helpers.",
      from: { path: '^e2e/' },
      to: { path: '^src/', pathNot: '^src/(shared/|server/test/(mailbox|razorpay-stand-in|whatsapp-stand-in|data-dir)\\.ts$)' },
    },
    {
      name: 'not-to-test-code',
      severity: 'error',
      comment: 'Production code never imports tests or test helpers.',
      from: { path: '^src/', pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|bench/\\.dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
