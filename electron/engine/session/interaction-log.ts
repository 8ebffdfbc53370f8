/**
 * The interaction log of a session: start, inject, query, question, answer, result and datasource
 * events with ISO timestamps, as `/analysis/interactions` returns them.
 */
import type { InteractionEntry, InteractionEvent } from '../../common/decision-api';

type Values = Record<string, unknown>;

interface PendingEntry {
  readonly event: InteractionEvent;
  readonly at: number;
  /** Values are built when the log is read: a result of thousands of facts costs nothing until then. */
  readonly values: Values | (() => Values);
  built?: InteractionEntry;
}

export class InteractionLog {
  private readonly entries: PendingEntry[] = [];

  record(event: InteractionEvent, at: number, values: Values | (() => Values)): void {
    this.entries.push({ event, at, values });
  }

  all(): readonly InteractionEntry[] {
    return this.entries.map((entry) => {
      entry.built ??= {
        event: entry.event,
        created: new Date(entry.at).toISOString(),
        values: typeof entry.values === 'function' ? entry.values() : entry.values,
      };
      return entry.built;
    });
  }
}
