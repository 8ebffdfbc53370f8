/**
 * Lapwing's own small maps for engine tests. Each exercises one area; none is copied from elsewhere.
 */
import { rbl } from './harness';

/** Travellers, the countries they live in and the languages spoken there. */
export const TRAVEL = rbl(`
  <concept name="Traveller" type="string"/>
  <concept name="Country" type="string"/>
  <concept name="Language" type="string"/>
  <rel name="converses in" subject="Traveller" object="Language" plural="true" askable="all">
    <firstForm>Does %S converse in %O?</firstForm>
    <secondFormObject>Which languages does %S converse in?</secondFormObject>
    <secondFormSubject>Who converses in %O?</secondFormSubject>
  </rel>
  <rel name="resides in" subject="Traveller" object="Country" askable="all" allowUnknown="true">
    <secondFormObject>Which country does %S reside in?</secondFormObject>
    <secondFormSubject>Who resides in %O?</secondFormSubject>
  </rel>
  <rel name="official language" subject="Country" object="Language" askable="none"/>
  <concinst name="Ada" type="Traveller"/>
  <concinst name="Portugal" type="Country"/>
  <concinst name="Norway" type="Country"/>
  <concinst name="Portuguese" type="Language"/>
  <concinst name="Norwegian" type="Language"/>
  <relinst type="official language" subject="Portugal" object="Portuguese" cf="100"/>
  <relinst type="official language" subject="Norway" object="Norwegian" cf="100"/>
  <relinst type="converses in" cf="75" name="Residents converse in the official language"
           alt="{{%S}} resides in {{%COUNTRY}}, where {{%O}} is spoken">
    <condition rel="resides in" subject="%S" object="%COUNTRY" alt="lives in {{%COUNTRY}}"/>
    <condition rel="official language" subject="%COUNTRY" object="%O"/>
  </relinst>
`);
