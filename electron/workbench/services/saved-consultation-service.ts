/** Saved consultations: save a live session's transcript (or a replayed one), list, search, delete. */
import { ErrorCodes, type MethodOutput, type ParsedInput, type SavedConsultation, type Transcript } from '../../common/ipc';
import { describeQuery, type ConsultationsRepository } from '../../store';
import { WorkbenchError } from '../errors';
import type { ConsultationService } from './consultation-service';

type Summary = MethodOutput<'consultations.save'>;

/** A title for a consultation saved without one: its query, or the map and start time. */
function defaultTitle(transcript: Transcript): string {
  const query = transcript.steps.find((step) => step.kind === 'query');
  if (query?.kind === 'query') return describeQuery(query.query);
  return `${transcript.target.mapId} at ${transcript.startedAt}`;
}

export class SavedConsultationService {
  constructor(
    private readonly repository: ConsultationsRepository,
    private readonly live: ConsultationService,
  ) {}

  save(input: ParsedInput<'consultations.save'>): Summary {
    const transcript = input.sessionId !== undefined ? this.live.transcript(input.sessionId) : input.transcript;
    if (input.id !== undefined) {
      const existing = this.get(input.id);
      if (!transcript) return this.repository.update(input.id, { title: input.title, notes: input.notes });
      return this.repository.save({ id: input.id, title: input.title ?? existing.title, notes: input.notes ?? existing.notes, transcript });
    }
    if (!transcript) {
      // The contract's refinement guarantees one of id, sessionId or transcript.
      throw new WorkbenchError(ErrorCodes.consultationInvalid, 'Give a session id, a transcript, or the id of a saved consultation.');
    }
    return this.repository.save({ title: input.title ?? defaultTitle(transcript), notes: input.notes ?? '', transcript });
  }

  get(id: string): SavedConsultation {
    const saved = this.repository.get(id);
    if (!saved) throw new WorkbenchError(ErrorCodes.consultationNotFound, `No saved consultation with id ${id}.`);
    return saved;
  }

  list(limit: number, offset: number): MethodOutput<'consultations.list'> {
    return this.repository.list(limit, offset);
  }

  search(input: ParsedInput<'consultations.search'>): MethodOutput<'consultations.search'> {
    return this.repository.search(input);
  }

  delete(id: string): boolean {
    return this.repository.delete(id);
  }
}
