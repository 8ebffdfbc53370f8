import { describe, expect, it } from 'vitest';
import { asResult, rbl, rows, sessionOf, value } from '../test-support/harness';

/** A case with markers (injected) and rules that conclude outcomes from them. */
function markersMap(rules: string, extra = ''): string {
  return rbl(`
    <concept name="Case" type="string"/>
    <concept name="Marker" type="string"/>
    <concept name="Outcome" type="string"/>
    <rel name="has marker" subject="Case" object="Marker" plural="true" askable="none"/>
    <rel name="has outcome" subject="Case" object="Outcome" plural="true" askable="none"/>
    ${['Red', 'Amber', 'Green', 'Blue', 'Grey'].map((name) => `<concinst name="${name}" type="Marker"/>`).join('')}
    <concinst name="Review" type="Outcome"/>
    ${extra}
    ${rules}
  `);
}

async function outcomes(map: string, markers: [string, number][]): Promise<[string, unknown, number][]> {
  const session = sessionOf(map);
  value(session.inject(markers.map(([object, certainty]) => ({ subject: 'C1', relationship: 'has marker', object, certainty }))));
  return rows(value(await session.query({ subject: 'C1', relationship: 'has outcome' })));
}

// The weighted formula, optional and weight-0 conditions, the minimum rule certainty and MAX across
// derivations are golden cases (electron/engine/golden/); the live figures and the internals stay here.
describe('certainty within a rule', () => {
  it('reproduces the live figures: 38, 99, 87 and 72', async () => {
    // cf 90, a mandatory anchor at 100, optionals: one met at 90, three unmet (weights 100, 100, 50): 90 x 190/450 = 38.
    const anchorAndOptionals = markersMap(`
      <relinst type="has outcome" object="Review" cf="90">
        <condition rel="has marker" subject="%S" object="Red"/>
        <condition rel="has marker" subject="%S" object="Amber" behaviour="optional"/>
        <condition rel="has marker" subject="%S" object="Green" behaviour="optional"/>
        <condition rel="has marker" subject="%S" object="Blue" behaviour="optional"/>
        <condition rel="has marker" subject="%S" object="Grey" behaviour="optional" weight="50"/>
      </relinst>`);
    expect(
      await outcomes(anchorAndOptionals, [
        ['Red', 100],
        ['Amber', 90],
      ]),
    ).toEqual([['C1', 'Review', 38]]);
    // Five conditions, one at 97: 100 x 497/500 = 99.4 -> 99.
    const five = markersMap(`
      <relinst type="has outcome" object="Review">
        ${['Red', 'Amber', 'Green', 'Blue', 'Grey'].map((name) => `<condition rel="has marker" subject="%S" object="${name}"/>`).join('')}
      </relinst>`);
    expect(
      await outcomes(five, [
        ['Red', 97],
        ['Amber', 100],
        ['Green', 100],
        ['Blue', 100],
        ['Grey', 100],
      ]),
    ).toEqual([['C1', 'Review', 99]]);
    // A cf 85 fact into a four-condition cf 90 rule: 90 x 385/400 = 86.625 -> 87.
    const four = markersMap(`
      <relinst type="has outcome" object="Review" cf="90">
        ${['Red', 'Amber', 'Green', 'Blue'].map((name) => `<condition rel="has marker" subject="%S" object="${name}"/>`).join('')}
      </relinst>`);
    expect(
      await outcomes(four, [
        ['Red', 85],
        ['Amber', 100],
        ['Green', 100],
        ['Blue', 100],
      ]),
    ).toEqual([['C1', 'Review', 87]]);
    // Studio test: cf 80, three equal conditions at 95, 75, 100: 80 x 270/300 = 72.
    const three = markersMap(`
      <relinst type="has outcome" object="Review" cf="80">
        ${['Red', 'Amber', 'Green'].map((name) => `<condition rel="has marker" subject="%S" object="${name}"/>`).join('')}
      </relinst>`);
    expect(
      await outcomes(three, [
        ['Red', 95],
        ['Amber', 75],
        ['Green', 100],
      ]),
    ).toEqual([['C1', 'Review', 72]]);
  });
});

describe('certainty across derivations', () => {
  it('gives the evidence of the derivation that won the MAX, whichever rule ran first', async () => {
    const weak =
      '<relinst type="has outcome" object="Review" cf="60" name="weak"><condition rel="has marker" subject="%S" object="Red"/></relinst>';
    const strong =
      '<relinst type="has outcome" object="Review" cf="85" name="strong"><condition rel="has marker" subject="%S" object="Amber"/></relinst>';
    for (const rules of [weak + strong, strong + weak]) {
      const session = sessionOf(markersMap(rules));
      value(session.inject(['Red', 'Amber'].map((object) => ({ subject: 'C1', relationship: 'has marker', object, certainty: 100 }))));
      const [result] = asResult(value(await session.query({ subject: 'C1', relationship: 'has outcome' }))).result;
      const rule = session.evidence(result.factID)?.rule;
      expect([result.certainty, rule?.name, rule?.ruleMaxCertainty]).toEqual([85, 'strong', 85]);
      expect(rule?.conditions.map((condition) => ('object' in condition ? condition.object : undefined))).toEqual(['Amber']);
    }
  });

  it('keeps number-object facts of separate derivations apart, so sums count each', async () => {
    const map = rbl(`
      <concept name="Basket" type="string"/>
      <concept name="Item" type="string"/>
      <concept name="Amount" type="number"/>
      <rel name="contains" subject="Basket" object="Item" plural="true" askable="none"/>
      <rel name="priced at" subject="Item" object="Amount" askable="none"/>
      <rel name="has line amount" subject="Basket" object="Amount" plural="true" askable="none"/>
      <rel name="has total" subject="Basket" object="Amount" askable="none"/>
      <rel name="has line count" subject="Basket" object="Amount" askable="none"/>
      <concinst name="B1" type="Basket"/><concinst name="Pen" type="Item"/><concinst name="Pencil" type="Item"/>
      <relinst type="contains" subject="B1" object="Pen"/>
      <relinst type="contains" subject="B1" object="Pencil"/>
      <relinst type="priced at" subject="Pen" object="10"/>
      <relinst type="priced at" subject="Pencil" object="10"/>
      <relinst type="has line amount">
        <condition rel="contains" subject="%S" object="%ITEM"/>
        <condition rel="priced at" subject="%ITEM" object="%O"/>
      </relinst>
      <relinst type="has total"><condition expression="sumObjects(%S, 'has line amount', *)" value="%O"/></relinst>
      <relinst type="has line count"><condition expression="countRelationshipInstances(%S, 'has line amount', *)" value="%O"/></relinst>
    `);
    const session = sessionOf(map);
    expect(rows(value(await session.query({ subject: 'B1', relationship: 'has line amount' })))).toEqual([
      ['B1', 10, 100],
      ['B1', 10, 100],
    ]);
    expect(rows(value(await session.query({ subject: 'B1', relationship: 'has total' })))).toEqual([['B1', 20, 100]]);
    expect(rows(value(await session.query({ subject: 'B1', relationship: 'has line count' })))).toEqual([['B1', 2, 100]]);
    const ids = asResult(value(await session.query({ subject: 'B1', relationship: 'has line amount' }))).result.map(
      (entry) => entry.factID,
    );
    expect(new Set(ids).size).toBe(2);
  });
});
