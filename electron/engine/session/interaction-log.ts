/**
 * The interaction log of a session: start, inject, query, question, answer, result and datasource
 * events with ISO timestamps, as `/analysis/interactions` returns them.
 */
import type { InteractionEntry, InteractionEvent } from '../../common/decision-api';

export class InteractionLog {
  private readonly entries: InteractionEntry[] = [];

  record(event: InteractionEvent, at: number, values: Record<string, unknown>): void {
    this.entries.push({ event, created: new Date(at).toISOString(), values });
  }

  all(): readonly InteractionEntry[] {
    return this.entries;
  }
}
