/**
 * How messages name the element they are about: `rule 3 'Speaks national language'`, `condition 2 of
 * rule 3 for 'speaks'`, `fact 'Julio lives in France'`. Nearly every element has nothing to report,
 * so rules, conditions and facts carry their words unworded: an object whose `toString` words them
 * when a message template puts it in. Wording every rule and condition up front, in the readers and
 * again in the resolver, made several strings per condition that no message used.
 */
import { optionalText } from '../attributes';
import type { XmlElement } from '../xml-reader';

/** `rule 3 'Speaks national language'` or, unnamed, `rule 3 for 'speaks'`. */
export function describeRule(ordinal: number, name: string | undefined, relationship: string): string {
  return name === undefined || name.trim() === '' ? `rule ${ordinal} for '${relationship}'` : `rule ${ordinal} '${name}'`;
}

/** A rule's words ({@link describeRule}), made when a message uses them. */
export class RuleWords {
  constructor(
    private readonly ordinal: number,
    private readonly name: string | undefined,
    private readonly relationship: string,
  ) {}

  toString(): string {
    return describeRule(this.ordinal, this.name, this.relationship);
  }
}

/** `condition 2 of <the rule's words>`, made when a message uses them. */
export class ConditionWords {
  constructor(
    /** 1-based place among the rule's conditions. */
    private readonly ordinal: number,
    private readonly rule: RuleWords,
  ) {}

  toString(): string {
    return `condition ${this.ordinal} of ${this.rule}`;
  }
}

/** `fact 'Julio lives in France'` or, without ends, `fact for 'lives in'`, made when a message uses them. */
export class FactWords {
  constructor(
    private readonly relationship: string,
    private readonly element: XmlElement,
  ) {}

  toString(): string {
    const subject = optionalText(this.element, 'subject');
    const object = optionalText(this.element, 'object');
    return subject && object ? `fact '${subject} ${this.relationship} ${object}'` : `fact for '${this.relationship}'`;
  }
}

/** What a message names: words already made, or words made when the message is. */
export type About = string | RuleWords | ConditionWords | FactWords;
