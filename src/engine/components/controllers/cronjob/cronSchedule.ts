/**
 * The CronJob schedule as github.com/robfig/cron/v3's standard parser reads it (the parser kube-controller-manager
 * uses): five fields (minute hour day-of-month month day-of-week) with `*`, `?`, ranges, steps, lists and the
 * names JAN–DEC / SUN–SAT, or a descriptor (`@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`,
 * `@hourly`, `@every <duration>`). Times are wall-clock milliseconds; `offsetMinutes` is the time zone's fixed
 * offset from UTC (zones with daylight saving are not modelled).
 */
import { utcFields as civil } from '../../../util/calendar';

export type Schedule =
  | {
      kind: 'spec';
      minute: Set<number>;
      hour: Set<number>;
      dom: Set<number>;
      month: Set<number>;
      dow: Set<number>;
      domStar: boolean;
      dowStar: boolean;
    }
  | { kind: 'every'; ms: number };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const BOUNDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: Object.fromEntries(MONTHS.map((m, i) => [m, i + 1])) },
  { min: 0, max: 6, names: Object.fromEntries(DAYS.map((d, i) => [d, i])) },
];

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** Parses a schedule, or throws an Error with robfig/cron's message. */
export function parseSchedule(text: string): Schedule {
  const spec = text.trim();
  if (spec.startsWith('@every ')) return { kind: 'every', ms: parseEvery(spec.slice(7).trim(), spec) };
  if (spec.startsWith('@')) {
    const d = DESCRIPTORS[spec.toLowerCase()];
    if (!d) throw new Error(`unrecognized descriptor: ${spec}`);
    return parseSchedule(d);
  }
  const fields = spec.split(/\s+/).filter(Boolean);
  if (fields.length !== 5) throw new Error(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  const sets = fields.map((f, i) => parseField(f, BOUNDS[i]));
  return {
    kind: 'spec',
    minute: sets[0].values,
    hour: sets[1].values,
    dom: sets[2].values,
    month: sets[3].values,
    dow: sets[4].values,
    domStar: sets[2].star,
    dowStar: sets[4].star,
  };
}

function parseEvery(d: string, spec: string): number {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(d); m; m = re.exec(d)) {
    if (m.index !== consumed) break;
    consumed += m[0].length;
    total += Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  }
  if (!d || consumed !== d.length) throw new Error(`failed to parse duration ${spec}: time: invalid duration "${d}"`);
  // ConstantDelaySchedule: at least a second, whole seconds.
  return Math.max(1000, Math.floor(total / 1000) * 1000);
}

function parseField(field: string, b: Bounds): { values: Set<number>; star: boolean } {
  const values = new Set<number>();
  let star = false;
  for (const part of field.split(',')) {
    const [range, stepText, ...rest] = part.split('/');
    if (rest.length) throw new Error(`too many slashes: ${part}`);
    let lo: number;
    let hi: number;
    if (range === '*' || range === '?') {
      lo = b.min;
      hi = b.max;
      if (stepText === undefined) star = true;
    } else {
      const [a, z, ...more] = range.split('-');
      if (more.length) throw new Error(`too many hyphens: ${range}`);
      lo = value(a, b);
      hi = z === undefined ? lo : value(z, b);
      if (z === undefined && stepText !== undefined) hi = b.max;
    }
    const step = stepText === undefined ? 1 : Number(stepText);
    if (stepText !== undefined && !/^\d+$/.test(stepText))
      throw new Error(`failed to parse int from ${stepText}: strconv.Atoi: parsing "${stepText}": invalid syntax`);
    if (lo < b.min) throw new Error(`beginning of range (${lo}) below minimum (${b.min}): ${part}`);
    if (hi > b.max) throw new Error(`end of range (${hi}) above maximum (${b.max}): ${part}`);
    if (lo > hi) throw new Error(`beginning of range (${lo}) beyond end of range (${hi}): ${part}`);
    if (step === 0) throw new Error(`step of range should be a positive number: ${part}`);
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return { values, star };
}

function value(text: string, b: Bounds): number {
  const named = b.names?.[text.toUpperCase()];
  if (named !== undefined) return named;
  if (!/^\d+$/.test(text))
    throw new Error(`failed to parse int from ${text}: strconv.Atoi: parsing "${text}": invalid syntax`);
  return Number(text);
}

/** The first activation strictly after `t` (SpecSchedule.Next / ConstantDelaySchedule.Next), in wall-clock ms. */
export function nextAfter(s: Schedule, t: number, offsetMinutes = 0): number {
  if (s.kind === 'every') return Math.floor(t / 1000) * 1000 + s.ms;
  const off = offsetMinutes * 60_000;
  // Minute resolution: start at the next whole minute of local time.
  let local = Math.floor((t + off) / 60_000) * 60_000 + 60_000;
  // Five years of minutes at most, as robfig gives up after five years.
  const limit = local + 5 * 366 * 24 * 60 * 60_000;
  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  while (local <= limit) {
    const d = civil(local);
    const domMatch = s.dom.has(d.day);
    const dowMatch = s.dow.has(d.weekday);
    const dayOk = s.domStar || s.dowStar ? domMatch && dowMatch : domMatch || dowMatch;
    if (!s.month.has(d.month) || !dayOk) {
      local = Math.floor(local / DAY) * DAY + DAY;
      continue;
    }
    if (!s.hour.has(d.hour)) {
      local = Math.floor(local / HOUR) * HOUR + HOUR;
      continue;
    }
    if (!s.minute.has(d.minute)) {
      local += 60_000;
      continue;
    }
    return local - off;
  }
  return Infinity;
}

/**
 * Fixed-offset time zones: UTC, Etc/GMT±N (POSIX sign: Etc/GMT-8 is UTC+8) and IANA zones without daylight saving
 * that learners use often. Returns the offset in minutes east of UTC, or undefined for a zone not modelled.
 */
export function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === null || zone === '' || zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Etc/GMT')
    return 0;
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (m) return (m[1] === '+' ? -1 : 1) * Number(m[2]) * 60;
  return FIXED_ZONES[zone];
}

const FIXED_ZONES: Record<string, number> = {
  'Asia/Taipei': 480,
  'Asia/Shanghai': 480,
  'Asia/Hong_Kong': 480,
  'Asia/Singapore': 480,
  'Asia/Tokyo': 540,
  'Asia/Seoul': 540,
  'Asia/Kolkata': 330,
  'Asia/Dubai': 240,
  'Africa/Nairobi': 180,
  'America/Sao_Paulo': -180,
};
