/**
 * Everyday English words that must never be read as a misspelt instance name ("where" is not
 * "Wales", "there" is not "Theresa"), and that never make a new name on their own.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost also always am an and any anyone anybody anything are around as ask asked at away
  be because been before being below between both but by can cannot could did do does doing done down during each either else
  enough even ever every everyone everybody everything few find for from further get gets give given go goes going got had has
  have having he her here hers herself him himself his how however i if in indeed into is it its itself just know known last
  least less let like likely list made make many may maybe me might mine more most much must my myself need needs never new next
  no nobody none nor not nothing now of off often on once one only or other others otherwise our ours out over own perhaps please
  probably quite rather really right said same say says see seem she should show since so some someone somebody something sometimes
  still such sure tell than thank thanks that the their theirs them themselves then there these they thing things think this
  those though through thus to today tomorrow too true false under until up upon us very was we well were what whatever when
  where whether which while who whom whose why will with within without would yes yeah yep nope yet you your yours yourself
  hello hi hey okay ok fine good bad great answer question help skip pass unknown idea dunno certain definitely possibly
  absolutely certainly surely unlikely doubtful guess suppose believe reckon percent per cent years year old month months
  day days week weeks ago yesterday monday tuesday wednesday thursday friday saturday sunday january february march april
  june july august september october november december people person thanks sorry weather time`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
