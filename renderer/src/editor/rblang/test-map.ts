/** A small map written for the editor's tests: two rules on `speaks`, one with an expression. */
export const TEST_MAP = `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="Person" type="string"/>
  <concept name="Country" type="string"/>
  <concept name="Language" type="string"/>
  <concept name="Age" type="number"/>
  <rel name="speaks" subject="Person" object="Language" plural="true"/>
  <rel name="lives in" subject="Person" object="Country" askable="secondFormObject">
    <secondFormObject>Where does %S live?</secondFormObject>
  </rel>
  <rel name="national language" subject="Country" object="Language" askable="none"/>
  <rel name="has age" subject="Person" object="Age"/>
  <concinst name="France" type="Country"/>
  <concinst name="French" type="Language"/>
  <concinst name="English" type="Language"/>
  <relinst type="national language" subject="France" object="French"/>
  <relinst type="speaks" cf="80" name="Home language">
    <condition rel="lives in" subject="%S" object="%COUNTRY"/>
    <condition rel="national language" subject="%COUNTRY" object="%O"/>
  </relinst>
  <relinst type="speaks" object="English" cf="60">
    <condition rel="has age" subject="%S" object="%AGE"/>
    <condition expression="%AGE > 10 and countRelationshipInstances(%S, 'lives in', *) = 0"/>
  </relinst>
</rbl:kb>
`;
