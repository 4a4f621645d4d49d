/**
 * How a made-up post's engagement grows and what its time of day does to it: the model behind the
 * embedded runtime's platform stand-ins (infra/local/sandbox/platforms/insights.ts) and a demo
 * company's drawn post figures (demo/demo-post-figures.ts). Deterministic: the same post, age
 * and favoured time always give the same figures, so tests can rely on them.
 */

export interface FavouredTime {
  /** The hour (0-23, in the zone the model is given times in) that draws the most. */
  hour: number;
  /** ISO weekdays (1 Monday … 7 Sunday) that draw more than the others. */
  weekdays: number[];
}

/** What posts draw when nothing else is said: late morning, Tuesday to Thursday. */
export const DEFAULT_FAVOURED_TIME: FavouredTime = { hour: 10, weekdays: [2, 3, 4] };

/** The share of a post's lifetime figures it has `ageDays` after publishing: most in two days, all by a month. */
export const growth = (ageDays: number) => (ageDays < 0 ? 0 : 1 - Math.exp(-(ageDays + 0.25) / 2.5));

/** The circular distance between two hours. */
const hoursApart = (a: number, b: number) => Math.min(Math.abs(a - b), 24 - Math.abs(a - b));

/**
 * How much the hour and weekday a post went out at multiply its figures: 3 at the favoured hour,
 * falling to 0.5 six hours away; favoured weekdays 1.3, weekends 0.75.
 */
export function timeFactor(hour: number, weekday: number, favoured: FavouredTime = DEFAULT_FAVOURED_TIME): number {
  const distance = hoursApart(hour, favoured.hour);
  const byHour = 0.5 + 2.5 * Math.exp(-(distance * distance) / 8);
  const byDay = favoured.weekdays.includes(weekday) ? 1.3 : weekday >= 6 ? 0.75 : 1;
  return byHour * byDay;
}

/** The ISO weekday and hour of an instant in UTC. */
export const utcSlot = (ms: number) => {
  const date = new Date(ms);
  return { weekday: ((date.getUTCDay() + 6) % 7) + 1, hour: date.getUTCHours() };
};

export interface ModelFigures {
  likes: number;
  comments: number;
  shares: number;
  impressions: number;
  reach: number;
}

/**
 * A post's lifetime figures `ageDays` after it went out: its own size (`base`, seeded by the
 * caller per post) times its time's factor times the growth so far. Never fewer as days pass.
 */
export function postFiguresAt(
  base: { likes: number; comments: number; shares: number },
  slot: { weekday: number; hour: number },
  ageDays: number,
  favoured: FavouredTime = DEFAULT_FAVOURED_TIME,
): ModelFigures {
  const scale = timeFactor(slot.hour, slot.weekday, favoured) * growth(ageDays);
  const likes = Math.floor(base.likes * scale);
  const comments = Math.floor(base.comments * scale);
  const shares = Math.floor(base.shares * scale);
  const impressions = Math.floor((base.likes * 30 + 40) * scale);
  return { likes, comments, shares, impressions, reach: Math.floor(impressions * 0.7) };
}
