// Deterministic pseudo-random numbers and local-date helpers for the demo seed.

/** mulberry32: tiny, fast, good enough for demo data; same seed → same sequence. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let r = this.next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  hex(length: number): string {
    let s = '';
    while (s.length < length) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}

/** Local calendar day `offset` days from `today`, at the given local time. */
export function dayAt(today: Date, offset: number, hour = 9, minute = 0): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, hour, minute);
}

/** YYYY-MM-DD of the local day `offset` days from `today`. */
export function ymd(today: Date, offset: number): string {
  const d = dayAt(today, offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Moves a weekend day back to the Friday before, unless that falls before `min`. */
export function workday(today: Date, offset: number, min: number): number {
  const dow = dayAt(today, offset).getDay();
  const shifted = dow === 6 ? offset - 1 : dow === 0 ? offset - 2 : offset;
  return shifted >= min ? shifted : offset;
}

/** 'HH:MM:00' plus `minutes`, for time columns. */
export function timeOf(hhmm: string, minutes = 0): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const total = h * 60 + m + minutes;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}:00`;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;
