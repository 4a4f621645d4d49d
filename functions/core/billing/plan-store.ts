import { z } from 'zod';
import { planSchema, type Plan, type PlanSlug } from '@shared/schemas/billing';
import { tableName } from '../table/client';
import { plans, type PlanItem } from './plan-entity';
import seedFile from './plans.seed.json';

const seedSchema = z.object({ revision: z.number().int().min(1), plans: z.array(planSchema).min(1) });

/**
 * The plans are data in the table (PLAN / PLAN#<slug>), not code: this seed file only fills the
 * table. Each plan is written when it is missing or was written by an older seed revision, on
 * condition, so concurrent cold starts write it once and an operator's edit of a plan item
 * survives until the file's revision is raised on purpose.
 */
const planSeed = seedSchema.parse(seedFile);

let seeded: Promise<void> | undefined;

async function seedPlans(seed = planSeed): Promise<void> {
  for (const plan of seed.plans) {
    await plans.put(
      { ...plan, seedRevision: seed.revision },
      { when: { expression: 'seedRevision < :revision', values: { ':revision': seed.revision } } },
    );
  }
}

/** Seeds once per process (a Lambda container, the embedded runtime); a failed seed is tried again next time. */
function ensureSeeded(): Promise<void> {
  seeded ??= seedPlans().catch((error: unknown) => {
    seeded = undefined;
    throw error;
  });
  return seeded;
}

const toPlan = ({ seedRevision: _revision, ...plan }: PlanItem): Plan => plan;

/**
 * How long a process keeps the plans it read. Every publish and every gated call asks for the
 * plan; plans change only with a seed revision or an operator's edit, which may take this long
 * to reach a warm Lambda.
 */
const PLANS_CACHE_MS = 60_000;
let cache: { table: string; until: number; plans: Promise<Plan[]> } | undefined;

/** Every plan in the table, in the seed's order (then by name for plans the seed does not know). */
function allPlans(): Promise<Plan[]> {
  const now = Date.now();
  if (cache && cache.table === tableName() && cache.until > now) return cache.plans;
  const loading = readPlans();
  cache = { table: tableName(), until: now + PLANS_CACHE_MS, plans: loading };
  // A failed read is not kept.
  loading.catch(() => {
    if (cache?.plans === loading) cache = undefined;
  });
  return loading;
}

async function readPlans(): Promise<Plan[]> {
  await ensureSeeded();
  const order = planSeed.plans.map((p) => p.slug);
  const rank = (slug: string) => (order.includes(slug as PlanSlug) ? order.indexOf(slug as PlanSlug) : order.length);
  return (await plans.queryPartition('PLAN'))
    .map(toPlan)
    .sort((a, b) => rank(a.slug) - rank(b.slug) || a.name.localeCompare(b.name));
}

/** GET /api/billing/plans: only visible plans are listed. */
export async function visiblePlans(): Promise<Plan[]> {
  return (await allPlans()).filter((p) => p.isVisible);
}

export async function findPlan(slug: string): Promise<Plan | undefined> {
  return (await allPlans()).find((p) => p.slug === slug);
}

export const priceOf = (plan: Plan, interval: string) => plan.prices.find((p) => p.interval === interval);
