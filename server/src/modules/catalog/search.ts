/**
 * Issue 14: search that knows the trade's names. A keyword is read three ways:
 *
 * - literally: the text as typed, lower-cased, found anywhere in the name or description (what search
 *   always did; `%`, `_` and `\` are escaped, so they are not wildcards);
 * - as words: the keyword split into words ("panchmukhi" into "panch mukhi", "5mukhi" into "5 mukhi"),
 *   each word found as a whole word of the name (the last one also as the start of a word, for typing),
 *   and the same words with the trade's names replaced by the catalog's (search_synonyms: neelam ->
 *   blue sapphire, पुखराज -> yellow sapphire, ek mukhi -> 1 mukhi, rudrakash -> rudraksha);
 * - fuzzily: pg_trgm word similarity of the keyword with the name (saphire finds sapphire).
 *
 * A keyword with symbols no product name holds (`%`, `=`, `<`, `*`, `+`, `$`, `[`, `;`, ...) is searched
 * for literally only. Ranking: a name that is or starts with the keyword, then the name containing it,
 * then its words, then the trade's names, then a fuzzy name, then the description, category, origin and
 * planet. Every value reaches SQL as a parameter; patterns are LIKE patterns with wildcards escaped; the
 * SQL and the trigram indexes it uses are in migration 0012_search-trigram.
 *
 * Issue 30: a keyword written in Devanagari is read in the Hindi name too, in the same tiers as the
 * English name (नीलम finds नीलम (ब्लू सफ़ायर) as neelam would find Neelam), and in the Hindi description
 * as in the English one. Migration 0040 keeps the Hindi texts in search_all and the Hindi name in a
 * trigram index of its own: every Hindi reading starts from one of the two.
 *
 * Issue 32: within each tier, the products of the category the keyword asks for first (`categoryAskedFor`:
 * "5 mukhi" the beads before the mala of them, "rudraksha mala" the malas); while typing, a word being
 * typed completes to the trade's name with the most names first (neel: neelam before neeli), and is read
 * as the start of a word in names only (panch does not find a description's panchdhatu).
 */
import { CATEGORIES, type Category } from '@rr/core';
import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { rawRows, type Database } from '../../db/client.ts';
import { products, searchNameWords, searchSynonyms } from '../../db/schema/index.ts';
import { currentGeneration, searchMemo, type SearchMemo } from './search-memo.ts';

/** Characters that separate words, as rr_search_words (migration 0012) treats them: keep the two in step. */
export const WORD_SEPARATORS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~‘’“”–—…•·×₹।॥';
const SEPARATORS = new Set(WORD_SEPARATORS);

/** Longest run of words looked up as one trade name (e.g. "twenty one mukhi"). */
const MAX_TERM_WORDS = 4;
/** Words of a keyword that are read (the keyword itself is at most 100 characters). */
const MAX_WORDS = 12;
/** A word is compared fuzzily from this many letters: shorter words are similar to too much. */
const MIN_FUZZY_LETTERS = 4;
const MUKHI_SUFFIXES = ['mukhi', 'mukhee', 'muki', 'मुखी'];
/** Text a person types for a product: letters, marks, digits, spaces and a few punctuation marks. */
const PLAIN_TEXT = /^[\p{L}\p{M}\p{N}\s'’.,&()/-]*$/u;

/** Lower case, Unicode NFC, spaces collapsed: the keyword as it is matched literally. */
export function normaliseKeyword(keyword: string): string {
  return keyword.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** "panchmukhi" -> panch mukhi, "5mukhi" -> 5 mukhi, "पंचमुखी" -> पंच मुखी. */
function splitCompound(word: string): string[] {
  const digits = /^(\d+)(\D.*)$/u.exec(word);
  if (digits) return [digits[1]!, ...splitCompound(digits[2]!)];
  for (const suffix of MUKHI_SUFFIXES) {
    if (word.length > suffix.length && word.endsWith(suffix)) return [word.slice(0, -suffix.length), suffix];
  }
  return [word];
}

/** The words of a normalised text, as the search reads them (separators as in WORD_SEPARATORS). */
export function searchWords(normalised: string): string[] {
  let spaced = '';
  for (const char of normalised) spaced += SEPARATORS.has(char) ? ' ' : char;
  return spaced.split(/\s+/).filter(Boolean).flatMap(splitCompound).filter(Boolean).slice(0, MAX_WORDS);
}

/** Words that must appear together: one word, or the catalog's phrase a trade name stands for. */
interface Unit {
  phrase: string;
  /** May end inside a word (the last word typed). */
  prefix: boolean;
  /** "5 mukhi": products whose mukhi fact is 5 match too. */
  mukhi?: number;
}

const MUKHI_PHRASE = /^(\d{1,2}) mukhi$/;

function unitOf(phrase: string): Unit {
  const mukhi = MUKHI_PHRASE.exec(phrase);
  return { phrase, prefix: false, ...(mukhi ? { mukhi: Number(mukhi[1]) } : {}) };
}

/** Segments to units: "5" followed by "mukhi" is one unit; the last single word may be a prefix. */
function toUnits(segments: string[]): Unit[] {
  const units: Unit[] = [];
  for (let i = 0; i < segments.length; i++) {
    const next = segments[i + 1];
    if (/^\d{1,2}$/.test(segments[i]!) && next === 'mukhi') {
      units.push(unitOf(`${segments[i]} mukhi`));
      i++;
    } else units.push(unitOf(segments[i]!));
  }
  const last = units.at(-1);
  if (last && !last.phrase.includes(' ') && last.phrase.length >= 3 && !/^\d+$/.test(last.phrase)) last.prefix = true;
  return units;
}

/** The n-grams of the words that could be trade names. */
function candidateTerms(words: string[]): string[] {
  const terms = new Set<string>();
  for (let n = 1; n <= MAX_TERM_WORDS; n++) {
    for (let i = 0; i + n <= words.length; i++) terms.add(words.slice(i, i + n).join(' '));
  }
  return [...terms];
}

/** Replaces the longest trade names first, left to right: "safed pukhraj" before "pukhraj". */
function expand(words: string[], synonyms: Map<string, string>): string[] {
  const segments: string[] = [];
  for (let i = 0; i < words.length;) {
    let n = Math.min(MAX_TERM_WORDS, words.length - i);
    for (; n > 0; n--) {
      const canonical = synonyms.get(words.slice(i, i + n).join(' '));
      if (canonical) {
        segments.push(canonical);
        break;
      }
    }
    if (n === 0) {
      segments.push(words[i]!);
      i += 1;
    } else i += n;
  }
  return segments;
}

export interface SearchPlan {
  /** The keyword, normalised: matched literally in the name and description. */
  literal: string;
  /** Read for suggestions, as it is typed (`planSearch`'s `typing`). */
  typing?: boolean;
  /**
   * While typing, the trade's names the last word may be the start of, the most named first ("neel": neelam,
   * then neeli): each the words with the last one completed to the trade's names or to the catalog's.
   */
  completions?: Unit[][][];
  /** The category the keyword names last ("5 mukhi": rudraksha; "rudraksha mala": mala), or null. */
  category?: Category | null;
  /** The keyword's words; null when the keyword is searched for literally only. */
  units: Unit[] | null;
  /** The words with the trade's names replaced (one way or more); empty when none was found. */
  expanded: Unit[][];
  /** The words for trigram similarity with the name; null when no word is long enough to compare. */
  fuzzy: string | null;
}

/** Trade names that start with the last word typed, for suggestions: "neel" may be neelam or neeli. */
const MAX_PREFIX_TERMS = 3;

/**
 * Issue 32: words that say what kind of product is asked for: a category's name (singular too), and a
 * mukhi, which only a rudraksha bead has (a mala is made of them). A name holding the word is no sign: a
 * "5 Mukhi Rudraksha Jaap Mala" is a mala.
 */
const CATEGORY_OF_WORD: ReadonlyMap<string, Category> = new Map<string, Category>([
  ...CATEGORIES.flatMap((slug): Array<[string, Category]> => [
    [slug, slug],
    [slug.replace(/s$/, ''), slug],
    [`${slug.replace(/s$/, '')}s`, slug],
  ]),
  ['gemstone', 'gems'],
  ['gemstones', 'gems'],
  ...MUKHI_SUFFIXES.map((word): [string, Category] => [word, 'rudraksha']),
]);

/**
 * The kind of product a keyword asks for: the last of its words naming a category, as typed, else as the
 * trade's names read (माला: mala). "5 mukhi mala" asks for a mala, "rudraksha mala" too, "5 mukhi" for a bead.
 */
function categoryAskedFor(alternatives: string[][]): Category | null {
  for (const words of alternatives) {
    const named = words
      .flatMap((segment) => segment.split(' '))
      .map((word) => CATEGORY_OF_WORD.get(word))
      .filter((category) => category !== undefined);
    if (named.length) return named.at(-1)!;
  }
  return null;
}

/**
 * The trade's names the word being typed starts, by the catalog's name they stand for, the most named
 * first ("neel": blue sapphire has seven names, iolite three), then the shortest: each with its terms.
 */
async function completionsOf(db: Database, last: string): Promise<Array<{ canonical: string; terms: string[] }>> {
  const rows = await rawRows<{ canonical: string; terms: string[] }>(
    db,
    sql`select ${searchSynonyms.canonical} as canonical,
          (array_agg(${searchSynonyms.term} order by length(${searchSynonyms.term}), ${searchSynonyms.term}))[1:3] as terms
        from ${searchSynonyms}
        where ${like(searchSynonyms.term, `${escapeLike(last)}%`)}
        group by ${searchSynonyms.canonical}
        order by (select count(*) from ${searchSynonyms} named where named.canonical = ${searchSynonyms.canonical}) desc,
          min(length(${searchSynonyms.term})), ${searchSynonyms.canonical}
        limit ${MAX_PREFIX_TERMS}`,
  );
  return rows;
}

/**
 * Reads a keyword: its words, and the trade's names in it (one indexed look-up). With `typing`, the last
 * word may also be the start of a trade name (for suggestions while the word is being typed).
 */
export async function planSearch(
  db: Database,
  keyword: string,
  { typing = false, memo }: { typing?: boolean; memo?: SearchMemo } = {},
): Promise<SearchPlan> {
  const literal = normaliseKeyword(keyword);
  const words = PLAIN_TEXT.test(literal) ? searchWords(literal) : [];
  if (words.length === 0) return { literal, units: null, expanded: [], fuzzy: null };
  // With the generation of the search memo (one row) in the same round trip: a row even when no term is found.
  const found = await rawRows<{ term: string | null; canonical: string | null; generation: string | number }>(
    db,
    sql`select ${searchSynonyms.term} as term, ${searchSynonyms.canonical} as canonical, ${currentGeneration} as generation
        from (select 1) one left join ${searchSynonyms} on ${inArray(searchSynonyms.term, candidateTerms(words))}`,
  );
  if (found[0]) memo?.readWith(found[0].generation);
  const synonyms = new Map(found.flatMap((row) => (row.term && row.canonical ? [[row.term, row.canonical]] : [])));
  const phrase = words.join(' ');
  const alternatives = [expand(words, synonyms)];
  const last = words.at(-1)!;
  const completions: Unit[][][] = [];
  if (typing && last.length >= 3 && !synonyms.has(last)) {
    const before = words.slice(0, -1);
    for (const { canonical, terms } of await completionsOf(db, last)) {
      const byCatalog = [...expand(before, synonyms), canonical];
      alternatives.push(byCatalog);
      // Whole words: the name holds the trade's name as typed in full, or the catalog's.
      const whole = (segments: string[]) => toUnits(segments).map((unit) => ({ ...unit, prefix: false }));
      completions.push([...terms.map((term) => whole([...before, ...searchWords(term)])), whole(byCatalog)]);
    }
  }
  const expanded = alternatives.filter((segments) => segments.join(' ') !== phrase).map(toUnits);
  const letters = Math.max(...words.map((word) => word.replace(/[^\p{L}\p{M}]/gu, '').length));
  return {
    literal,
    typing,
    completions,
    category: categoryAskedFor([words, ...alternatives]),
    units: toUnits(words),
    expanded,
    fuzzy: letters >= MIN_FUZZY_LETTERS ? phrase : null,
  };
}

function isFuzzyWord(phrase: string): boolean {
  return !phrase.includes(' ') && phrase.replace(/[^\p{L}\p{M}]/gu, '').length >= MIN_FUZZY_LETTERS;
}

/** LIKE pattern that matches `text` literally: %, _ and \ in a keyword are not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

// The expressions below must stay as the indexes of migration 0012 write them, or the indexes go unused.
const nameLower = sql`lower(${products.name})`;
const descriptionLower = sql`lower(${products.description})`;
// Migration 0040's trigram index and 0041's prefix index on the Hindi name; the Hindi description has
// none (search_all holds its words).
const nameHiLower = sql`lower(${products.nameHi})`;
const descriptionHiLower = sql`lower(${products.descriptionHi})`;
// Generated columns of migration 0012 (rr_search_words), left out of the Drizzle schema on purpose.
const nameWords = sql`"products"."search_name"`;
const allWords = sql`"products"."search_all"`;

function unitMatches(words: SQL, unit: Unit, withFacts: boolean): SQL {
  const pattern = `% ${escapeLike(unit.phrase)}${unit.prefix ? '%' : ' %'}`;
  const inText = sql`${words} like ${pattern}`;
  return withFacts && unit.mukhi !== undefined ? sql`(${inText} or ${products.mukhi} = ${unit.mukhi})` : inText;
}

function allUnitsMatch(words: SQL, units: Unit[], withFacts: boolean): SQL {
  return sql`(${sql.join(
    units.map((unit) => unitMatches(words, unit, withFacts)),
    sql` and `,
  )})`;
}

export interface SearchSql {
  /** Whether a product matches. */
  where: SQL;
  /**
   * The ways a product matches, best first; every match meets at least one, and ranks by the first it
   * meets (then the newest first).
   */
  tiers: SQL[];
  /** A match's place: the number of its first tier. */
  rank: SQL;
  /**
   * For each tier narrowed to the category the keyword asks for (`byCategory`), that category's condition;
   * null for the others. The planner takes a tier and a category for unrelated, and misjudges the two
   * together (listing.ts rankedCandidates).
   */
  narrowedBy: Array<SQL | null>;
}

/** Catalog words a misspelt word may stand for, the most alike first. */
const MAX_CLOSE_WORDS = 5;

/**
 * The search for a keyword: without fuzzy matching when anything matches otherwise, with it when nothing
 * does ("saphire"). Fuzzy matching compares each long word of the keyword with the words of product names
 * (search_name_words, migration 0021: a few hundred words, not every name) and searches for the close ones.
 * `published` is false when no published product can match (drafts still may); `drafts` when the search
 * lists drafts too (the probe reads published products only).
 */
export async function searchFor(
  db: Database,
  keyword: string,
  options: { typing?: boolean; drafts?: boolean; memo?: SearchMemo } = {},
) {
  const memo = options.memo ?? searchMemo(db);
  const plan = await planSearch(db, keyword, { ...options, memo });
  const exact = searchSql(plan);
  if (!plan.fuzzy || !plan.units) return { plan, search: exact, published: true };
  // Whether a published product matches: kept between requests (search-memo.ts), since for a keyword
  // nothing matches ("panchmukhi mala") the probe reads every candidate the trigram indexes hand over.
  const probe = sql`select count(*) from (select 1 from ${products}
    where ${and(eq(products.isDraft, false), exact.where)} limit 1) found`;
  const found = await memo.value(probe);
  if (found > 0) return { plan, search: exact, published: true };
  const close = new Map<string, string[]>();
  for (const unit of plan.units.filter((u) => isFuzzyWord(u.phrase))) {
    const rows = await db
      .select({ word: searchNameWords.word })
      .from(searchNameWords)
      .where(sql`${unit.phrase} <% ${searchNameWords.word}`)
      .orderBy(sql`word_similarity(${unit.phrase}, ${searchNameWords.word}) desc`, searchNameWords.word)
      .limit(MAX_CLOSE_WORDS);
    close.set(
      unit.phrase,
      rows.map((row) => row.word),
    );
    // A misspelt word like no word of a name: no published product matches.
    if (rows.length === 0) return { plan, search: exact, published: false };
  }
  if (options.drafts) return { plan, search: searchSql(plan, close), published: true };
  // No published product matches otherwise (the probe): only the fuzzy tiers are read.
  const fuzzy = fuzzyTiers(plan.units, close);
  return { plan, search: ranked(anyOf(fuzzy), fuzzy), published: true };
}

/**
 * The match condition and the ranking of a planned search. Tiers, best first: the name starts with the
 * keyword; the name holds its words in order; the name holds it; the name holds its words; the name holds
 * the trade's names for them; the words or trade names by the mukhi fact; a name with a word close to a
 * misspelt one (`close`: each long word's close words, most alike first); the words anywhere
 * (description, category, origin, planet); the mukhi fact with words anywhere.
 */
export function searchSql(plan: SearchPlan, close?: Map<string, string[]>): SearchSql {
  const contains = `%${escapeLike(plan.literal)}%`;
  const alternatives = [...(plan.units ? [plan.units] : []), ...plan.expanded];
  const withFacts = alternatives.some((units) => units.some((unit) => unit.mukhi !== undefined));
  const inName = (units: Unit[][], facts: boolean) => anyOf(units.map((u) => allUnitsMatch(nameWords, u, facts)));
  const hi = hindiReadings(plan);
  const nameHolds = orHindi(sql`${nameLower} like ${contains}`, hi.nameHolds);
  const tiers: SQL[] = [orHindi(startsWith(nameLower, plan.literal), hi.nameStarts)];
  // "1 mukhi" is in "11 mukhi" too: the name holding its words, in order, as words ranks first.
  if (plan.units) tiers.push(...phraseTiers(plan.units, plan.completions ?? [], hi.nameWordsMatch));
  tiers.push(nameHolds);
  const anywhere = (facts: boolean) => anywhereReadings(plan, alternatives, hi.descriptionHolds, facts);
  // One unit: its words in order are the words (the tier above).
  if (plan.units && plan.units.length > 1) {
    tiers.push(orHindi(inName([plan.units], false), hi.nameWordsMatch(plan.units)));
  }
  if (plan.expanded.length) tiers.push(inName(plan.expanded, false));
  if (withFacts) tiers.push(inName(alternatives, true));
  const fuzzy = close && plan.units ? fuzzyTiers(plan.units, close) : [];
  tiers.push(...fuzzy);
  tiers.push(anyOf(anywhere(false)));
  if (withFacts) tiers.push(anyOf(anywhere(true)));
  // What matches at all: the name or description literally, the words anywhere (search_all holds the
  // name), or a fuzzy name. Fewer, wider arms than the tiers, each served by an index.
  const matches = [nameHolds, ...anywhere(true), ...typedNames(plan, alternatives), ...fuzzy];
  // One plain word (no separator or space inside): each literal reading finds it inside search_all, so
  // that one indexed condition comes first and the readings only check what it finds. The planner
  // estimates the one condition well; for the three together it expects three times the rows and reads
  // the whole table.
  const [only, ...more] = plan.units ?? [];
  const where = isPlainWord(plan, only, more)
    ? anyOf([
        sql`(${allWords} like ${contains} and ${anyOf(plainWordReadings(plan, only, hi.literally))})`,
        ...plan.expanded.map((units) => inAllWords(plan, units, true)),
        ...typedNames(plan, plan.expanded),
        ...fuzzy,
      ])
    : anyOf(matches);
  return ranked(where, ...byCategory(tiers, plan.category));
}

/** One word as typed, without separators or spaces. */
function isPlainWord(plan: SearchPlan, only: Unit | undefined, more: Unit[]): only is Unit {
  return !!only && more.length === 0 && only.phrase === plan.literal && !only.phrase.includes(' ');
}

/**
 * The description literally (not while typing, issue 32: then by whole words only), and the words anywhere.
 */
function anywhereReadings(plan: SearchPlan, alternatives: Unit[][], hindi: SQL | null, facts: boolean): SQL[] {
  const contains = `%${escapeLike(plan.literal)}%`;
  return [
    ...(plan.typing ? [] : [orHindi(sql`${descriptionLower} like ${contains}`, hindi)]),
    ...alternatives.map((units) => inAllWords(plan, units, facts)),
  ];
}

/**
 * The readings of one plain word inside search_all: the name, the description, the words (the mukhi fact
 * too) and the Hindi texts. While typing (issue 32) the description by whole words only, and of the Hindi
 * texts the name (`literally`: the Hindi name's reading first).
 */
function plainWordReadings(plan: SearchPlan, only: Unit, literally: SQL[]): SQL[] {
  const contains = `%${escapeLike(plan.literal)}%`;
  if (plan.typing)
    return [sql`${nameWords} like ${contains}`, inAllWords(plan, [only], true), ...literally.slice(0, 1)];
  return [
    sql`${nameWords} like ${contains}`,
    sql`${descriptionLower} like ${contains}`,
    allUnitsMatch(allWords, [only], true),
    ...literally,
  ];
}

/**
 * The words anywhere (search_all: name, description, category, origin, planet). Issue 32: while typing,
 * as whole words: the start of a word is read in names only (`typedNames`), so "panch" is not a product
 * whose description mentions panchdhatu.
 */
function inAllWords(plan: SearchPlan, units: Unit[], facts: boolean): SQL {
  return allUnitsMatch(allWords, plan.typing ? units.map((unit) => ({ ...unit, prefix: false })) : units, facts);
}

/** While typing: the names holding the words, the last one as the start of a word. */
function typedNames(plan: SearchPlan, alternatives: Unit[][]): SQL[] {
  return plan.typing ? alternatives.map((units) => allUnitsMatch(nameWords, units, true)) : [];
}

/**
 * Issue 32: within each tier, the products of the category the keyword asks for first: for "5 mukhi" the
 * beads, then the mala of 5 mukhi beads; for "rudraksha mala" the malas, then the beads.
 */
function byCategory(tiers: SQL[], category: Category | null | undefined): [SQL[], Array<SQL | null>] {
  if (!category) return [tiers, tiers.map(() => null)];
  const inCategory = sql`${products.category} = ${category}`;
  return [tiers.flatMap((tier) => [sql`(${tier} and ${inCategory})`, tier]), tiers.flatMap(() => [inCategory, null])];
}

const DEVANAGARI = /\p{Script=Devanagari}/u;

/**
 * Issue 30: how the Hindi texts match a keyword with Devanagari in it, for the tiers of the English name
 * and description; null for a keyword without (Latin searches read as they did: words of a Hindi text
 * are still in search_all). Each reading starts from an index: the Hindi name's trigram index, or
 * search_all (which holds the words of both Hindi texts), whose finds the Hindi text is then checked for.
 * A Hindi name that starts with the keyword ranks first, as an English one does: the first tier reads
 * the Hindi name's prefix index (migration 0041, lower(name_hi) text_pattern_ops) beside the English
 * name's, where the trigram index would hand over every name with a word so started (9,000 of 100,000
 * for सफ़ायर).
 */
function hindiReadings(plan: SearchPlan) {
  if (!DEVANAGARI.test(plan.literal)) {
    return { nameStarts: null, nameHolds: null, nameWordsMatch: () => null, descriptionHolds: null, literally: [] };
  }
  const contains = `%${escapeLike(plan.literal)}%`;
  // A keyword without separators that a Hindi description holds, search_all holds too.
  const separated = [...plan.literal].some((char) => SEPARATORS.has(char));
  return {
    nameStarts: startsWith(nameHiLower, plan.literal),
    nameHolds: sql`${nameHiLower} like ${contains}`,
    nameWordsMatch: (units: Unit[]) => sql`(${allUnitsMatch(allWords, units, false)} and ${hindiNameHolds(units)})`,
    descriptionHolds: separated ? null : sql`(${allWords} like ${contains} and ${descriptionHiLower} like ${contains})`,
    /** The keyword inside either Hindi text, for the readings of one plain word. */
    literally: [sql`${nameHiLower} like ${contains}`, sql`${descriptionHiLower} like ${contains}`],
  };
}

/**
 * The Hindi name holds each unit's words in order. With search_all holding them as words, that is the
 * Hindi name holding them as words but where a word of the Hindi description is also inside a word of
 * the name: splitting each found name into words instead (rr_search_words) costs 20 µs a row, 90 ms for
 * a common word of 100,000 names, where these LIKEs cost one.
 */
function hindiNameHolds(units: Unit[]): SQL {
  return sql`(${sql.join(
    units.map((unit) => sql`${nameHiLower} like ${`%${unit.phrase.split(' ').map(escapeLike).join('%')}%`}`),
    sql` and `,
  )})`;
}

/**
 * The text starts with `prefix`: read through the prefix index (a btree, text_pattern_ops) alone. The same
 * test as a LIKE pattern lets the planner read the trigram index instead, which hands over every name
 * holding the keyword anywhere (issue 31: 42,858 names for "rudraksha%", of which 2,858 start with it).
 */
function startsWith(text: SQL, prefix: string): SQL {
  return sql`starts_with(${text}, ${prefix})`;
}

/** The English reading, or it and the Hindi one. */
function orHindi(english: SQL, hindi: SQL | null): SQL {
  return hindi ? anyOf([english, hindi]) : english;
}

function ranked(where: SQL, tiers: SQL[], narrowedBy: Array<SQL | null> = tiers.map(() => null)): SearchSql {
  const places = tiers.map((condition, i) => sql`when ${condition} then ${sql.raw(String(i))}`);
  const rank = sql`(case ${sql.join(places, sql` `)} else ${sql.raw(String(tiers.length))} end)`;
  return { where, tiers, rank, narrowedBy };
}

/**
 * Names with words close to the misspelt ones, the other words as they are: with one misspelt word, a tier
 * per close word, the most alike first; with more, one tier. None when a misspelt word has no close word.
 */
function fuzzyTiers(units: Unit[], close: Map<string, string[]>): SQL[] {
  const replaced = (word: string) => unitMatches(nameWords, { phrase: word, prefix: false }, false);
  const fuzzy = units.filter((unit) => isFuzzyWord(unit.phrase));
  if (fuzzy.some((unit) => (close.get(unit.phrase) ?? []).length === 0)) return [];
  const matching = (pick: (unit: Unit) => SQL) =>
    sql`(${sql.join(
      units.map((unit) => (isFuzzyWord(unit.phrase) ? pick(unit) : unitMatches(nameWords, unit, true))),
      sql` and `,
    )})`;
  if (fuzzy.length === 1) return close.get(fuzzy[0]!.phrase)!.map((word) => matching(() => replaced(word)));
  return [matching((unit) => anyOf(close.get(unit.phrase)!.map(replaced)))];
}

/**
 * The name holding the words in order, as words. Issue 32: of those names holding the word being typed,
 * "neel", first those with the trade's name it most likely completes to (neelam, then neeli).
 */
function phraseTiers(units: Unit[], completions: Unit[][][], hindi: (units: Unit[]) => SQL | null): SQL[] {
  const phrase = phraseOf(units);
  const holdsPhrase = orHindi(unitMatches(nameWords, phrase, false), hindi([phrase]));
  const inName = (alternatives: Unit[][]) => anyOf(alternatives.map((u) => allUnitsMatch(nameWords, u, false)));
  return [...completions.map((completion) => sql`(${holdsPhrase} and ${inName(completion)})`), holdsPhrase];
}

/** The units as one run of words (the last may be the start of a word). */
function phraseOf(units: Unit[]): Unit {
  return { phrase: units.map((unit) => unit.phrase).join(' '), prefix: units.at(-1)!.prefix };
}

function anyOf(conditions: SQL[]): SQL {
  return sql`(${sql.join(conditions, sql` or `)})`;
}
