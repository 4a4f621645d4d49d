/**
 * The layer map of functions/core (docs/architecture.md, "Domains in layers"). A domain is a
 * folder of functions/core, or one of its top-level files (`config.ts` is the domain `config`).
 * A domain may import a domain of its own layer or of a layer below it, never one above it, and no
 * two domains import each other, in one step or round a longer cycle.
 *
 * eslint.config.js turns this map into import-x/no-restricted-paths zones (`layerZones`), and
 * tests/unit/core-import-graph.test.ts checks the whole import graph of functions/core against it.
 * This file is read by both and by nothing that runs; it imports nothing, so Node loads it as it is.
 */
export interface Layer {
  name: string;
  /** What the layer holds, as the architecture doc says it. */
  holds: string;
  domains: readonly string[];
}

/** Bottom first. */
export const CORE_LAYERS: readonly Layer[] = [
  {
    name: 'foundations',
    holds:
      'ports and plumbing that know no business: configuration, time, errors, logs, the table, storage, network, HTTP',
    domains: [
      'config',
      'platform-config',
      'clock',
      'errors',
      'log',
      'sdk-logger',
      'metric-names',
      'observability',
      'limit-concurrency',
      'table',
      'storage',
      'net',
      'html',
      'mail',
      'http',
    ],
  },
  {
    name: 'platform',
    holds:
      'what every domain runs on: jobs and workflows, their grants, one-time schedules, sessions, membership, the webhook outbox',
    domains: ['workflows', 'jobs', 'grants', 'scheduler', 'sessions', 'membership', 'webhooks'],
  },
  {
    name: 'tenancy',
    holds: 'people and the companies they belong to, and the CompanyData each domain registers',
    domains: ['accounts', 'companies'],
  },
  {
    name: 'resources',
    holds: 'what a company has besides its posts: media, AI, connected platforms, billing, plans and keywords',
    domains: ['media', 'ai', 'oauth', 'integrations', 'billing', 'keywords', 'onboarding'],
  },
  {
    name: 'posts',
    holds: "the post's lifecycle: its entity, writes, reads, transitions, schedule, watch and claims",
    domains: ['posts'],
  },
  {
    name: 'flows',
    holds:
      'what works on posts and resources: publishing, the calendar, approvals, imports, feeds, reports, the audit, the public API',
    domains: [
      'publishing',
      'calendar',
      'approvals',
      'notifications',
      'imports',
      'feeds',
      'reports',
      'audit',
      'public-api',
      'business',
      'demo',
      'queue',
    ],
  },
  {
    name: 'composition root',
    holds: 'the one module that may import every domain: the company registry and its cascade',
    domains: ['composition-root'],
  },
];

/** Files of functions/core that are no domain: this map. */
export const NOT_A_DOMAIN: readonly string[] = ['layers.ts'];

/** The domain of a path inside functions/core (`posts/post-store.ts` → `posts`, `config.ts` → `config`). */
export function domainOf(pathInCore: string): string {
  const [first = '', ...rest] = pathInCore.split('/');
  return rest.length ? first : first.replace(/\.tsx?$/, '');
}

/** Each domain's layer, by its index in CORE_LAYERS. */
const LAYER_OF: ReadonlyMap<string, number> = new Map(
  CORE_LAYERS.flatMap((layer, index) => layer.domains.map((domain) => [domain, index] as const)),
);

/** Whether the map lets `from` import `to`: a domain of its own layer or of one below. */
export function mayImport(from: string, to: string): boolean {
  if (from === to) return true;
  const a = LAYER_OF.get(from);
  const b = LAYER_OF.get(to);
  if (a === undefined || b === undefined) return false;
  return b <= a;
}

/** The domains that are one top-level file of functions/core rather than a folder. */
export const FILE_DOMAINS: readonly string[] = [
  'config',
  'platform-config',
  'clock',
  'errors',
  'log',
  'sdk-logger',
  'metric-names',
  'observability',
  'limit-concurrency',
  'grants',
  'membership',
  'workflows',
];

/** A domain's path from the repo root: a folder, or a top-level file. */
function domainPath(domain: string): string {
  return FILE_DOMAINS.includes(domain) ? `functions/core/${domain}.ts` : `functions/core/${domain}`;
}

/**
 * The map as import-x/no-restricted-paths zones: each domain may not import the domains of the
 * layers above its own.
 */
export function layerZones() {
  return CORE_LAYERS.flatMap((layer, index) =>
    layer.domains.flatMap((domain) => {
      const above = CORE_LAYERS.slice(index + 1).flatMap((l) => l.domains);
      if (!above.length) return [];
      return [
        {
          target: domainPath(domain),
          from: above.map((to) => domainPath(to)),
          message: `functions/core/${domain} is in the layer '${layer.name}' and may not import a domain of a layer above it (functions/core/layers.ts, docs/architecture.md).`,
        },
      ];
    }),
  );
}
