/**
 * What happened to maps outside the workbench's own calls (a followed file reloaded, deleted or
 * renamed), numbered so the renderer can ask for what it has not seen. Kept in memory: a notice
 * matters while the app runs; the registry itself is the record.
 */
import type { MapEvent } from '../../../common/ipc';

const KEPT = 200;

export class MapEvents {
  private readonly events: MapEvent[] = [];
  private seq = 0;

  constructor(private readonly now: () => string = () => new Date().toISOString()) {}

  add(event: Omit<MapEvent, 'seq' | 'at'>): MapEvent {
    this.seq += 1;
    const added: MapEvent = { ...event, seq: this.seq, at: this.now() };
    this.events.push(added);
    if (this.events.length > KEPT) this.events.shift();
    return added;
  }

  last(): number {
    return this.seq;
  }

  after(seq: number): MapEvent[] {
    return this.events.filter((event) => event.seq > seq);
  }
}
