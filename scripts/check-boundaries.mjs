// `npm run lint:boundaries`: the import rules of .dependency-cruiser.cjs, plus no cycles between areas (decision 020).
// dependency-cruiser finds cycles between files and between folders, but an area such as features/auth spans
// several folders (api/, components/, lib/), so the area graph is built here from the same cruise: every
// non-test import from one client feature or server module into another is an edge, and any strongly
// connected set of areas is a cycle, printed with the imports that close it. A client domain's query keys and
// queryOptions factories (features/<domain>/api/keys.ts) are a leaf that imports of the client only the api client
// and fetch helpers (rules query-keys-are-leaves and fetch-helpers-are-leaves in .dependency-cruiser.cjs), so
// importing them to read or invalidate another domain's queries closes no loop and is no edge here (docs/decisions/066,
// 067); the edges of keys.ts itself, to the fetch helpers it builds on, are its domain's and count.
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOTS = ['src', 'e2e', 'bench', 'build'];
const AREA = /^src\/(client\/features|server\/modules)\/[^/]+/;
const QUERY_KEYS = /^src\/client\/features\/[^/]+\/api\/keys\.ts$/;
// The same test code as TEST in .dependency-cruiser.cjs.
const TEST = /(^e2e\/|\.test\.tsx?$|^src\/test-setup\.ts$|^src\/server\/test\/|^src\/client\/features\/[^/]+\/test\/|[.-]test-support\.ts$)/;

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output: result } = await cruise(ROOTS, options, undefined, { tsConfig: extractTSConfig('tsconfig.json') });
const report = await format(result, { outputType: 'err' });
let failed = report.exitCode > 0;
if (report.output) process.stdout.write(report.output);

// The area graph, with one example import per edge.
const edges = new Map();
for (const mod of result.modules) {
  const from = AREA.exec(mod.source)?.[0];
  if (!from || TEST.test(mod.source)) continue;
  for (const dep of mod.dependencies) {
    const to = AREA.exec(dep.resolved)?.[0];
    if (!to || to === from || QUERY_KEYS.test(dep.resolved)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${mod.source} → ${dep.resolved}`);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
}
for (const v of edges.keys()) if (!idx.has(v)) visit(v);

for (const component of components) {
  failed = true;
  console.log(`\n  error no-circular-areas: ${component.sort().join(', ')} import each other:`);
  for (const from of component) for (const [to, example] of edges.get(from) ?? []) if (component.includes(to)) console.log(`      ${example}`);
}
if (components.length > 0) console.log(`\nx ${components.length} cycle(s) between areas (client features, server modules).`);
process.exitCode = failed ? 1 : 0;
