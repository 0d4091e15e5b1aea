import { CensorType, Profanity, profaneWords } from '@2toad/profanity';

/**
 * SPEC §5 text checks: profanity against a large multilingual word list, whole words only and
 * whatever the case (so "Scunthorpe" passes), with a mask of `*`. One filter
 * over every language the list has: a site's visitors do not all write in its language.
 */
const filter = new Profanity({ languages: [...profaneWords.keys()], wholeWord: true, grawlixChar: '*' });

/** Whether the text holds a word of the list. */
export function containsProfanity(text: string): boolean {
  return text !== '' && filter.exists(text);
}

/** The text with the first letter of each listed word masked by `*` ("*uck"). */
export function maskProfanity(text: string): string {
  return text === '' ? text : filter.censor(text, CensorType.FirstChar);
}
