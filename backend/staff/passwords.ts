import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { isIP } from "node:net";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * Staff passwords, hashed with scrypt, Node's own memory-hard function (no native add-on to
 * build): N = 2^15, r = 8, p = 1 take 32 MiB and about 50–100 ms per hash on one core, the
 * setting OWASP's password storage cheat sheet gives for scrypt. The parameters are stored
 * with each hash, so they can be raised later without locking anyone out.
 */

const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

function scryptKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // maxmem above the 32 MiB the parameters need, which is also Node's default limit.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** "scrypt$32768$8$1$<salt>$<hash>", salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptKey(password, salt, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scryptKey(password, Buffer.from(salt, "base64"), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, checked when an e-mail address is unknown so the answer takes as long as for a real one. */
export const UNMATCHABLE_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(SALT_BYTES).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;

/**
 * zxcvbn's score a new password needs: 4, about 10^10 guesses or more by its estimate, past
 * the common and breached passwords, names and words in its dictionaries and their l33t
 * spellings, repeats, sequences and keyboard runs (the NCSC and NIST advice: a length and a
 * check against known passwords, no rules about symbols). Its top score, since these
 * passwords open personal data; three or four unrelated words reach it.
 */
const LEAST_SCORE = 4;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn with its English and common dictionaries: loaded on first use (a fifth of a second, some megabytes), not at start. */
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  return estimator;
}

/** What a guesser who knows the site and the person would try first. */
export interface PasswordContext {
  email: string;
  name: string;
  /** The dealer's name, and the domains of its site and e-mail (www.dockside-motors.co.uk, say). */
  business?: { name: string; domains: readonly string[] };
}

/**
 * Why a new password will not do, in words for the person choosing it; undefined when it
 * will. The person's and the business's names, addresses and domains go to zxcvbn as words
 * a guesser would try first.
 */
export async function passwordProblem(password: string, context: PasswordContext): Promise<string | undefined> {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters: a few words together are easy to remember`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  const folded = password.toLowerCase().replace(/[^a-z0-9]/g, "");
  const personal = [context.email.split("@")[0]!, ...context.name.toLowerCase().split(/\s+/)]
    .map((part) => part.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .filter((part) => part.length >= 4);
  if (personal.some((part) => folded.includes(part))) return PERSONAL_PROBLEM;
  const guessable = guessableWords(context);
  const { score, sequence } = (await strengthEstimator()).check(password, [...guessable.keys()]);
  if (score >= LEAST_SCORE) return undefined;
  const builtOn = new Set(
    sequence.flatMap((match) =>
      match.pattern === "dictionary" && match.dictionaryName === "userInputs" ? [guessable.get(match.matchedWord)] : [],
    ),
  );
  if (builtOn.has("business"))
    return "That password is too easy to guess: it is built on the dealer's name or the site's address, which anyone guessing would try first. A few unrelated words together are strong and easy to remember";
  if (builtOn.has("personal")) return PERSONAL_PROBLEM;
  return "That password is too easy to guess: it is, or is close to, a common password. A few unrelated words together are strong and easy to remember";
}

const PERSONAL_PROBLEM = "Leave your name and e-mail address out of your password";

/** Phrases a guesser would try, each with whose it is: the business's first, so a member's e-mail at the dealer's domain counts as the dealer's. */
function guessableWords({ email, name, business }: PasswordContext): Map<string, "business" | "personal"> {
  const words = new Map<string, "business" | "personal">();
  const add = (texts: readonly string[], whose: "business" | "personal") => {
    for (const text of texts) for (const phrase of phrasesOf(wordsOf(text))) if (!words.has(phrase)) words.set(phrase, whose);
  };
  if (business) add([business.name, ...business.domains.filter((domain) => isIP(domain) === 0 && domain !== "localhost")], "business");
  add([name, email], "personal");
  return words;
}

/** A name, address or domain as plain lower-case words: accents dropped, "www" left out. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && word !== "www");
}

const SEPARATORS = ["", " ", "-", "_", "."];

/**
 * Every run of consecutive words, joined as a password might join them. zxcvbn matches a word
 * it is given only whole, and counts each further piece of a password as many guesses, so
 * given "dockside" and "motors" alone it rated "Dockside Motors 1" as strong as it could.
 */
function phrasesOf(words: readonly string[]): string[] {
  const phrases = new Set<string>();
  for (let start = 0; start < words.length; start++)
    for (let end = start + 1; end <= words.length; end++)
      for (const separator of SEPARATORS) phrases.add(words.slice(start, end).join(separator));
  return [...phrases].filter((phrase) => phrase.length >= 3);
}
