import { describe, expect, it } from 'vitest';
import { rbl, rows, sessionOf, value } from '../test-support/harness';

// Condition ordering, questions in rule order, and plural and singular relationships are golden cases
// (electron/engine/golden/{condition-ordering,questions-in-rule-order,plural-and-singular}).

describe('recursive rules', () => {
  it('terminate and find transitive facts', async () => {
    const map = rbl(`
      <concept name="Place" type="string"/>
      <rel name="is within" subject="Place" object="Place" plural="true" askable="none"/>
      ${['Kitchen', 'House', 'Street', 'Town'].map((name) => `<concinst name="${name}" type="Place"/>`).join('')}
      <relinst type="is within" subject="Kitchen" object="House"/>
      <relinst type="is within" subject="House" object="Street"/>
      <relinst type="is within" subject="Street" object="Town"/>
      <relinst type="is within" subject="Town" object="Kitchen" cf="10"/>
      <relinst type="is within" cf="100">
        <condition rel="is within" subject="%S" object="%MIDDLE"/>
        <condition rel="is within" subject="%MIDDLE" object="%O"/>
      </relinst>
    `);
    const session = sessionOf(map);
    const found = rows(value(await session.query({ subject: 'Kitchen', relationship: 'is within' })));
    expect(found.map(([, object]) => object).sort()).toEqual(['House', 'Kitchen', 'Street', 'Town']);
  });
});
