/** Facts, values, sources and certainties as English phrases. */
import type { EvidenceRecord, FactSource } from '../../common/decision-api';
import { isNounLike } from '../vocabulary/relationship-forms';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A value for reading: dates (epoch ms or ISO) as "1 March 1950", booleans as yes/no. */
export function valueText(value: unknown, dataType?: string): string {
  if (value === null || value === undefined) return 'unknown';
  if (dataType === 'date') {
    const time = typeof value === 'number' ? value : Date.parse(String(value));
    if (Number.isFinite(time)) {
      const date = new Date(time);
      return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
    }
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  return String(value);
}

/** "Ada lives in England", "the national language of England is English", "Ada is a smoker: no". */
export function factText(subject: unknown, relationship: string, object: unknown, dataType?: string): string {
  const s = valueText(subject);
  if (dataType === 'truth' || typeof object === 'boolean') {
    const yes = object === true || object === 'true';
    return yes ? `${s} ${relationship}` : `it is not the case that ${s} ${relationship}`;
  }
  const o = valueText(object, dataType);
  if (isNounLike(relationship)) return `the ${relationship} of ${s} is ${o}`;
  return `${s} ${relationship} ${o}`;
}

/** The fact of an evidence record as a phrase. */
export function recordText(record: EvidenceRecord): string {
  const { fact } = record;
  return factText(fact.subject.value, fact.relationship.type, fact.object.value, fact.object.dataType);
}

/** Where a fact came from, for a specialist reader. */
export function sourceText(source: FactSource): string {
  switch (source) {
    case 'knowledgemap':
      return 'a fact stored in the knowledge map';
    case 'answer':
      return 'an answer given in this session';
    case 'injection':
      return 'a fact supplied to the session';
    case 'datasource':
      return 'data returned by a datasource';
    case 'rule':
      return 'concluded by a rule';
    case 'synthesis':
      return 'a value the engine assembled';
  }
}

/** Where a fact came from, in everyday words. */
export function plainSourceText(source: FactSource): string {
  switch (source) {
    case 'knowledgemap':
      return 'this is part of what the system already knows';
    case 'answer':
      return 'you told us this';
    case 'injection':
      return 'this was provided up front';
    case 'datasource':
      return 'this came from a connected data service';
    case 'rule':
      return 'we worked this out';
    case 'synthesis':
      return 'we put this together';
  }
}

/** Certainty in everyday words. */
export function confidenceWords(certainty: number): string {
  if (certainty >= 95) return 'certain';
  if (certainty >= 80) return 'very confident';
  if (certainty >= 60) return 'fairly confident';
  if (certainty >= 40) return 'somewhat confident';
  return 'not very confident';
}

/** Numbers for certainty: whole percentages. */
export function percent(value: number): string {
  return `${Math.round(value)}%`;
}

/** Joins phrases as "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Capitalises the first letter of a sentence. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed.length === 0 ? trimmed : `${trimmed[0].toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}
