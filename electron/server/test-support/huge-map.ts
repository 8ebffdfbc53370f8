/** A large, valid generated map (no copy of a shared sample): `people` persons, each liking one thing. */
export function hugeMap(people: number): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">',
    '<concept name="Person" type="string"/>',
    '<concept name="Thing" type="string"/>',
    '<rel name="likes" subject="Person" object="Thing" askable="all"/>',
  ];
  for (let i = 0; i < people; i++) {
    lines.push(`<concinst name="person ${i}" type="Person"/>`, `<concinst name="thing ${i}" type="Thing"/>`);
    lines.push(`<relinst type="likes" subject="person ${i}" object="thing ${i}" cf="${50 + (i % 50)}"/>`);
  }
  lines.push('</rbl:kb>');
  return lines.join('\n');
}
